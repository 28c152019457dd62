import { People, type Company, type SubmissionDetail, type SubmissionSignatories } from '@bansi/shared';
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField, TextField } from '../../../../components/form-fields';
import { applyProblem, zodFormResolver } from '../../../../lib/form';
import { ApiError } from '../../../../lib/api-client';
import { useUpdateSubmission } from '../../api/update-submission';

type Person = Company['people'][number];
type Role = 'owner' | 'holder' | 'checker';
const ROLES: Role[] = ['owner', 'holder', 'checker'];

interface PersonForm {
  name: string;
  position: string;
  phone: string;
  email: string;
}
interface HolderForm extends Omit<PersonForm, 'position'> {
  kind: 'employee' | 'outside';
  licenceNo: string;
  firmName: string;
}
interface SignatoriesForm {
  owner: PersonForm;
  holder: HolderForm;
  checker: PersonForm;
}

const fromPerson = (p: Partial<Person> | undefined): PersonForm => ({
  name: p?.name ?? '',
  position: p?.position ?? '',
  phone: p?.phone ?? '',
  email: p?.email ?? '',
});
const holderFrom = (p: Partial<Person> | undefined): HolderForm => ({
  ...fromPerson(p),
  kind: p?.holderKind ?? 'employee',
  licenceNo: p?.licenceNo ?? '',
  firmName: p?.firmName ?? '',
});
const fromSignatories = (s: SubmissionSignatories): SignatoriesForm => ({
  owner: fromPerson(s.owner),
  holder: holderFrom({ ...s.holder, holderKind: s.holder.kind }),
  checker: fromPerson(s.checker),
});
/** A new submission starts from the company profile's signatories. */
const fromCompany = (company: Company): SignatoriesForm => ({
  owner: fromPerson(company.people.find((p) => p.role === 'owner')),
  holder: holderFrom(company.people.find((p) => p.role === 'holder')),
  checker: fromPerson(company.people.find((p) => p.role === 'checker')),
});

function RoleFields({
  role,
  control,
  people,
  readOnly,
  onPick,
}: {
  role: Role;
  control: Control<SignatoriesForm>;
  people: Person[];
  readOnly: boolean;
  onPick: (person: Person) => void;
}) {
  const { t } = useTranslation();
  const kind = useWatch({ control, name: 'holder.kind' });
  const legend = t(`submission.signatories.role.${role}`);
  return (
    <Fieldset legend={legend} role="region" aria-label={legend} data-testid={`signatory-fields-${role}`} disabled={readOnly}>
      <Stack gap="xs">
        {!readOnly && people.length > 0 && (
          <Select
            label={t('submission.signatories.pick')}
            placeholder={t('submission.signatories.pickPlaceholder')}
            data={people.map((p, i) => ({
              value: String(i),
              label: `${p.name} (${t(`submission.signatories.role.${p.role}`)})`,
            }))}
            value={null}
            onChange={(i) => i !== null && onPick(people[Number(i)]!)}
            size="sm"
          />
        )}
        {role === 'holder' && (
          <RadioField
            control={control}
            name="holder.kind"
            label={t('submission.signatories.holderKind')}
            options={[
              {
                value: 'employee',
                label: t('submission.signatories.kind.employee'),
              },
              {
                value: 'outside',
                label: t('submission.signatories.kind.outside'),
              },
            ]}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextField control={control} name={`${role}.name`} label={t('submission.signatories.name')} required />
          {role !== 'holder' && (
            <TextField control={control} name={`${role}.position` as 'owner.position'} label={t('submission.signatories.position')} />
          )}
          <TextField control={control} name={`${role}.phone`} label={t('submission.signatories.phone')} required={role !== 'checker'} />
          <TextField control={control} name={`${role}.email`} label={t('submission.signatories.email')} type="email" />
          {role === 'holder' && kind === 'outside' && (
            <>
              <TextField control={control} name="holder.licenceNo" label={t('submission.signatories.licenceNo')} required />
              <TextField control={control} name="holder.firmName" label={t('submission.signatories.firmName')} required />
            </>
          )}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** Step 2: who signs — owner (director), holder (the accountant) and checker — from the company's people. */
export function SignatoriesStep({
  submission,
  company,
  readOnly,
  onSaved,
  onBack,
  onError,
}: {
  submission: SubmissionDetail;
  company: Company;
  readOnly: boolean;
  onSaved: (next: boolean) => void;
  onBack: () => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateSubmission();
  const form = useForm<SignatoriesForm>({
    resolver: zodFormResolver(People) as never,
    defaultValues: submission.signatories ? fromSignatories(submission.signatories) : fromCompany(company),
    mode: 'onTouched',
  });

  const pick = (role: Role, person: Person) => {
    const options = { shouldDirty: true, shouldValidate: false };
    if (role === 'holder') form.setValue('holder', holderFrom(person), options);
    else form.setValue(role, fromPerson(person), options);
  };

  const save = (next: boolean) =>
    form.handleSubmit((values) => {
      if (readOnly) return onSaved(next);
      update.mutate(
        {
          id: submission.id,
          version: submission.version,
          signatories: values as unknown as People,
        },
        {
          onSuccess: () => onSaved(next),
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'VALIDATION') {
              applyProblem(error.problem, form.setError, (p) => ROLES.some((r) => p.startsWith(`signatories.${r}`)));
            }
            onError(error);
          },
        },
      );
    });

  return (
    <form onSubmit={(e) => void save(true)(e)} noValidate aria-label={t('submission.steps.signatories')} data-testid="step-signatories">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('submission.signatories.lead')}
        </Text>
        {ROLES.map((role) => (
          <RoleFields key={role} role={role} control={form.control} people={company.people} readOnly={readOnly} onPick={(p) => pick(role, p)} />
        ))}
      </Stack>
      <Group justify="space-between" mt="lg" gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('submission.wizard.back')}
        </Button>
        <Group gap="sm">
          {!readOnly && (
            <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={(e) => void save(false)(e)} loading={update.isPending}>
              {t('submission.wizard.save')}
            </Button>
          )}
          <Button type="submit" rightSection={<IconArrowRight size={16} />} loading={update.isPending} data-testid="next-signatories">
            {readOnly ? t('submission.wizard.next') : t('submission.wizard.saveNext')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
