import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField, TextField } from '../../../components/form-fields';
import type { ProfileForm } from './form-values';

function PersonCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {lead}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The signatories: the owner (director), the holder who keeps the books — an employee, or an outside
 * licensed accountant with licence number and firm — and the checker.
 */
export function PeopleFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<ProfileForm>();
  const holderKind = useWatch({ control, name: 'people.holder.kind' });
  const outside = holderKind === 'outside';
  return (
    <Stack gap="md">
      <PersonCard title={t('account.people.owner')} lead={t('account.people.ownerLead')}>
        <TextField control={control} name="people.owner.name" label={t('account.people.name')} autoComplete="off" withAsterisk />
        <TextField control={control} name="people.owner.position" label={t('account.people.position')} autoComplete="off" />
        <TextField control={control} name="people.owner.phone" type="tel" label={t('account.people.phone')} autoComplete="off" withAsterisk />
        <TextField
          control={control}
          name="people.owner.email"
          type="email"
          label={t('account.people.email')}
          autoComplete="off"
          autoCapitalize="none"
        />
      </PersonCard>
      <PersonCard title={t('account.people.holder')} lead={t('account.people.holderLead')}>
        <RadioField
          control={control}
          name="people.holder.kind"
          label={t('account.people.holderKind')}
          options={[
            { value: 'employee', label: t('account.people.kinds.employee') },
            { value: 'outside', label: t('account.people.kinds.outside') },
          ]}
          withAsterisk
          style={{ gridColumn: '1 / -1' }}
        />
        <TextField control={control} name="people.holder.name" label={t('account.people.name')} autoComplete="off" withAsterisk />
        <TextField control={control} name="people.holder.phone" type="tel" label={t('account.people.phone')} autoComplete="off" withAsterisk />
        <TextField
          control={control}
          name="people.holder.email"
          type="email"
          label={t('account.people.email')}
          autoComplete="off"
          autoCapitalize="none"
        />
        {outside ? (
          <>
            <TextField control={control} name="people.holder.licenceNo" label={t('account.people.licenceNo')} autoComplete="off" withAsterisk />
            <TextField control={control} name="people.holder.firmName" label={t('account.people.firmName')} autoComplete="off" withAsterisk />
          </>
        ) : null}
      </PersonCard>
      <PersonCard title={t('account.people.checker')} lead={t('account.people.checkerLead')}>
        <TextField control={control} name="people.checker.name" label={t('account.people.name')} autoComplete="off" withAsterisk />
        <TextField control={control} name="people.checker.position" label={t('account.people.position')} autoComplete="off" />
        <TextField control={control} name="people.checker.phone" type="tel" label={t('account.people.phone')} autoComplete="off" />
        <TextField
          control={control}
          name="people.checker.email"
          type="email"
          label={t('account.people.email')}
          autoComplete="off"
          autoCapitalize="none"
        />
      </PersonCard>
    </Stack>
  );
}
