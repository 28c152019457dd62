import { ForgotPasswordRequest } from '@bansi/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '../../../components/form-fields';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { useForgotPassword } from '../api/forgot-password';

/** Asks for a reset link. The answer never says whether the address has an account. */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodFormResolver(ForgotPasswordRequest), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) => forgot.mutate(values));

  return (
    <Stack gap="md" maw={440} mx="auto">
      <div>
        <PageTitle>{t('auth.forgot.title')}</PageTitle>
        <Text c="dimmed">{t('account.forgot.lead')}</Text>
      </div>
      {forgot.isSuccess ? (
        <Alert color="teal" icon={<IconMailCheck />} title={t('account.forgot.sentTitle')} role="status" data-testid="forgot-sent">
          {t('account.forgot.sentBody', { email: forgot.variables.email })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('auth.forgot.title')}>
          <Stack gap="md">
            {forgot.isError ? (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {errorText(forgot.error)}
              </Alert>
            ) : null}
            <TextField
              control={form.control}
              name="email"
              type="email"
              label={t('account.forgot.email')}
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              withAsterisk
            />
            <Button type="submit" loading={forgot.isPending} fullWidth size="md">
              {t('account.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.login} ta="center" size="sm">
        {t('account.forgot.backToLogin')}
      </Anchor>
    </Stack>
  );
}
