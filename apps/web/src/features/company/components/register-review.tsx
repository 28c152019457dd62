import type { ReferenceList } from '@bansi/shared';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDistricts } from '../api/get-districts';
import { useProvinces } from '../../../api/get-provinces';
import { useReferenceList } from '../../../api/get-reference-list';
import { useVillages } from '../api/get-villages';
import { useLocalName, type RegisterForm } from './form-values';

interface Row {
  label: string;
  value: string | undefined;
}

function Block({ title, rows, onEdit }: { title: string; rows: Row[]; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Anchor component="button" type="button" size="sm" onClick={onEdit}>
          {t('account.register.edit')}
        </Anchor>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={6} m={0}>
        {rows.map((row) => (
          <div key={row.label}>
            <Text component="dt" size="xs" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {row.value || '—'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function useItemName(list: ReferenceList, id: string | undefined) {
  const name = useLocalName();
  const { data } = useReferenceList(list);
  const item = data?.items.find((i) => i.id === id);
  return item ? name(item) : undefined;
}

/** The register wizard's last step: everything entered, with a way back to each step. The password is never shown. */
export function RegisterReview({ onEdit }: { onEdit: (step: number) => void }) {
  const { t } = useTranslation();
  const { control } = useFormContext<RegisterForm>();
  const values = useWatch({ control });
  const c = values.company ?? {};
  const p = values.people ?? {};
  const u = values.user ?? {};
  const name = useLocalName();
  const province = useProvinces().data?.items.find((x) => x.code === c.provinceCode);
  const district = useDistricts(c.provinceCode || undefined).data?.items.find((x) => x.code === c.districtCode);
  const village = useVillages(district?.hasVillages ? district.code : undefined).data?.items.find((x) => x.code === c.villageCode);
  const category = useItemName('categories', c.categoryId);
  const enterpriseType = useItemName('enterprise-types', c.enterpriseTypeId);
  const size = useItemName('sizes', c.sizeId);
  const unit = useItemName('units', c.unitId);
  const special = useItemName('special-categories', c.specialCategoryId);
  const program = useItemName('account-programs', c.accountProgramId);
  const outside = p.holder?.kind === 'outside';

  return (
    <Stack gap="md" data-testid="register-review">
      <Text c="dimmed">{t('account.register.reviewLead')}</Text>
      <Block
        title={t('account.register.steps.company')}
        onEdit={() => onEdit(0)}
        rows={[
          { label: t('account.company.nameLo'), value: c.nameLo },
          { label: t('account.company.nameEn'), value: c.nameEn },
          { label: t('account.company.tin'), value: c.tin },
          { label: t('account.company.registrationNo'), value: c.registrationNo },
          { label: t('account.company.category'), value: category },
          { label: t('account.company.enterpriseType'), value: enterpriseType },
          { label: t('account.company.size'), value: size },
          { label: t('account.company.unit'), value: unit },
          { label: t('account.company.specialCategory'), value: special },
          { label: t('account.company.accountProgram'), value: program },
          { label: t('account.company.province'), value: province ? name(province) : undefined },
          { label: t('account.company.district'), value: district ? name(district) : undefined },
          { label: t('account.company.village'), value: village ? name(village) : c.villageName },
          { label: t('account.company.address'), value: c.address },
          { label: t('account.company.phone'), value: c.phone },
          { label: t('account.company.email'), value: c.email },
        ]}
      />
      <Block
        title={t('account.register.steps.people')}
        onEdit={() => onEdit(1)}
        rows={[
          { label: t('account.people.owner'), value: [p.owner?.name, p.owner?.position, p.owner?.phone, p.owner?.email].filter(Boolean).join(' · ') },
          {
            label: t('account.people.holder'),
            value: [p.holder?.name, t(`account.people.kinds.${p.holder?.kind ?? 'employee'}`), p.holder?.phone, p.holder?.email]
              .filter(Boolean)
              .join(' · '),
          },
          ...(outside
            ? [
                { label: t('account.people.licenceNo'), value: p.holder?.licenceNo },
                { label: t('account.people.firmName'), value: p.holder?.firmName },
              ]
            : []),
          {
            label: t('account.people.checker'),
            value: [p.checker?.name, p.checker?.position, p.checker?.phone, p.checker?.email].filter(Boolean).join(' · '),
          },
        ]}
      />
      <Block
        title={t('account.register.steps.user')}
        onEdit={() => onEdit(2)}
        rows={[
          { label: t('account.user.name'), value: u.name },
          { label: t('account.user.email'), value: u.email },
          { label: t('account.user.phone'), value: u.phone },
        ]}
      />
    </Stack>
  );
}
