import { LoginRequest, isStaffRole } from '@bansi/shared';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../../components/form-fields';
import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { paths } from '../../../config/paths';
import { zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { useLogin } from '../api/login';
import { safeNext } from '../lib/safe-next';

/** Log in by e-mail or phone and password; then on to `?next=` (same site only) or the user's home. */
export default function LoginRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({ resolver: zodFormResolver(LoginRequest), defaultValues: { login: '', password: '' } });

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (session) => {
        const home = isStaffRole(session.user.role) ? paths.staff.root : paths.dashboard.root;
        void navigate(safeNext(params.get('next'), window.location.origin) ?? home, { replace: true });
      },
    }),
  );

  return (
    <Stack gap="md" maw={440} mx="auto">
      <div>
        <PageTitle>{t('nav.login')}</PageTitle>
        <Text c="dimmed">{t('account.login.lead')}</Text>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label={t('nav.login')}>
        <Stack gap="md">
          {login.isError ? (
            <Alert color="red" icon={<IconAlertCircle />} role="alert" data-testid="login-error">
              {errorText(login.error)}
            </Alert>
          ) : null}
          <TextField
            control={form.control}
            name="login"
            label={t('account.login.login')}
            description={t('account.login.loginHint')}
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
          />
          <PasswordField control={form.control} name="password" label={t('account.login.password')} autoComplete="current-password" withAsterisk />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('account.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth size="md">
            {t('account.login.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        {t('account.login.noAccount')}{' '}
        <Anchor component={Link} to={paths.register}>
          {t('account.login.register')}
        </Anchor>
      </Text>
    </Stack>
  );
}
