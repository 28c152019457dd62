import type { ReferenceList } from '@bansi/shared';
import { Loader, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form-fields';
import { useDistricts } from '../api/get-districts';
import { useProvinces } from '../../../api/get-provinces';
import { useReferenceList } from '../../../api/get-reference-list';
import { useVillages } from '../api/get-villages';
import { useLocalName, type ProfileForm } from './form-values';

type ReferenceField = 'categoryId' | 'enterpriseTypeId' | 'sizeId' | 'unitId' | 'specialCategoryId' | 'accountProgramId';

function ReferenceSelect({
  list,
  field,
  label,
  required = false,
}: {
  list: ReferenceList;
  field: ReferenceField;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<ProfileForm>();
  const name = useLocalName();
  const { data, isPending } = useReferenceList(list);
  return (
    <SelectField
      control={control}
      name={`company.${field}`}
      label={label}
      placeholder={t('account.company.choose')}
      data={(data?.items ?? []).map((item) => ({ value: item.id, label: name(item) }))}
      rightSection={isPending ? <Loader size="xs" /> : undefined}
      clearable={!required}
      withAsterisk={required}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Province → district → village. Where the chosen district has no village list (`hasVillages: false`),
 * the user types the village's name instead.
 */
function AddressFields() {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<ProfileForm>();
  const name = useLocalName();
  const provinceCode = useWatch({ control, name: 'company.provinceCode' });
  const districtCode = useWatch({ control, name: 'company.districtCode' });
  const provinces = useProvinces();
  const districts = useDistricts(provinceCode || undefined);
  const district = districts.data?.items.find((d) => d.code === districtCode);
  const villages = useVillages(district?.hasVillages ? district.code : undefined);
  const clearVillage = () => {
    setValue('company.villageCode', '');
    setValue('company.villageName', '');
  };
  return (
    <>
      <SelectField
        control={control}
        name="company.provinceCode"
        label={t('account.company.province')}
        placeholder={t('account.company.choose')}
        data={(provinces.data?.items ?? []).map((p) => ({ value: p.code, label: name(p) }))}
        rightSection={provinces.isPending ? <Loader size="xs" /> : undefined}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('account.company.nothingFound')}
        withAsterisk
        onValueChange={() => {
          setValue('company.districtCode', '');
          clearVillage();
        }}
      />
      <SelectField
        control={control}
        name="company.districtCode"
        label={t('account.company.district')}
        placeholder={provinceCode ? t('account.company.choose') : t('account.company.provinceFirst')}
        data={(districts.data?.items ?? []).map((d) => ({ value: d.code, label: name(d) }))}
        rightSection={districts.isFetching ? <Loader size="xs" /> : undefined}
        disabled={!provinceCode}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('account.company.nothingFound')}
        withAsterisk
        onValueChange={clearVillage}
      />
      {district && !district.hasVillages ? (
        <TextField
          control={control}
          name="company.villageName"
          label={t('account.company.village')}
          description={t('account.company.villageFreeText')}
          autoComplete="off"
          withAsterisk
        />
      ) : (
        <SelectField
          control={control}
          name="company.villageCode"
          label={t('account.company.village')}
          placeholder={district ? t('account.company.choose') : t('account.company.districtFirst')}
          data={(villages.data?.items ?? []).map((v) => ({ value: v.code, label: name(v) }))}
          rightSection={villages.isFetching ? <Loader size="xs" /> : undefined}
          disabled={!district}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('account.company.nothingFound')}
          withAsterisk
        />
      )}
      <TextField
        control={control}
        name="company.address"
        label={t('account.company.address')}
        description={t('account.company.addressHint')}
        withAsterisk
      />
    </>
  );
}

/**
 * The company's profile: names, tax ID, registration, classification, address and contact. The register
 * wizard passes `tinSlot` (its checked tax-ID input); the settings screen shows the stored tax ID, which cannot change.
 */
export function CompanyProfileFields({ tinSlot, tinValue }: { tinSlot?: ReactNode; tinValue?: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ProfileForm>();
  return (
    <Stack gap="xl">
      <Section title={t('account.company.sections.identity')}>
        <TextField control={control} name="company.nameLo" label={t('account.company.nameLo')} lang="lo" withAsterisk />
        <TextField control={control} name="company.nameEn" label={t('account.company.nameEn')} lang="en" withAsterisk />
        {tinSlot ?? (
          <TextInput label={t('account.company.tin')} value={tinValue ?? ''} readOnly variant="filled" description={t('account.company.tinFixed')} />
        )}
        <TextField control={control} name="company.registrationNo" label={t('account.company.registrationNo')} withAsterisk />
      </Section>
      <Section title={t('account.company.sections.classification')}>
        <ReferenceSelect list="categories" field="categoryId" label={t('account.company.category')} required />
        <ReferenceSelect list="enterprise-types" field="enterpriseTypeId" label={t('account.company.enterpriseType')} required />
        <ReferenceSelect list="sizes" field="sizeId" label={t('account.company.size')} required />
        <ReferenceSelect list="units" field="unitId" label={t('account.company.unit')} />
        <ReferenceSelect list="special-categories" field="specialCategoryId" label={t('account.company.specialCategory')} />
        <ReferenceSelect list="account-programs" field="accountProgramId" label={t('account.company.accountProgram')} required />
      </Section>
      <Section title={t('account.company.sections.address')}>
        <AddressFields />
      </Section>
      <Section title={t('account.company.sections.contact')}>
        <TextField
          control={control}
          name="company.phone"
          type="tel"
          label={t('account.company.phone')}
          description={t('account.company.phoneHint')}
          autoComplete="tel"
          withAsterisk
        />
        <TextField
          control={control}
          name="company.email"
          type="email"
          label={t('account.company.email')}
          autoComplete="email"
          autoCapitalize="none"
          withAsterisk
        />
      </Section>
    </Stack>
  );
}
