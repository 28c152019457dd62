import { LANGUAGES, type Language, type Role } from '@bansi/shared';
import { SimpleGrid } from '@mantine/core';
import type { Control, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from './form-fields';

interface AccountValues {
  name: string;
  email: string;
  role?: Role;
  language?: Language;
}

/**
 * The fields of a new account — a company colleague invited, a staff account created: name, e-mail,
 * one of `roles`, and the language of its e-mails.
 */
export function AccountFields<T extends AccountValues>({ control, roles }: { control: Control<T>; roles: readonly Role[] }) {
  const { t } = useTranslation();
  // The constraint guarantees these keys; TypeScript cannot prove Path<T> for a generic T.
  const field = (name: keyof AccountValues) => name as Path<T>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextField control={control} name={field('name')} label={t('account.members.name')} autoComplete="off" withAsterisk />
      <TextField
        control={control}
        name={field('email')}
        type="email"
        label={t('account.members.email')}
        autoComplete="off"
        autoCapitalize="none"
        withAsterisk
      />
      <SelectField
        control={control}
        name={field('role')}
        label={t('account.members.role')}
        allowDeselect={false}
        data={roles.map((role) => ({ value: role, label: t(`account.roles.${role}`) }))}
        withAsterisk
      />
      <SelectField
        control={control}
        name={field('language')}
        label={t('account.members.language')}
        description={t('account.members.languageHint')}
        allowDeselect={false}
        data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
      />
    </SimpleGrid>
  );
}
