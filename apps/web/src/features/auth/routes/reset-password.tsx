import { Password, ResetPasswordRequest } from '@bansi/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { applyProblem, zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { useResetPassword } from '../api/reset-password';

const NewPassword = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'mismatch' });

/**
 * Sets a password with a mailed link: a password reset, or an invitation (a colleague's first password).
 * It does not log in; the user goes on to the login screen.
 */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const { reset_token: token = '' } = useParams();
  const reset = useResetPassword();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const form = useForm({ resolver: zodFormResolver(NewPassword), defaultValues: { password: '', confirm: '' } });

  const onSubmit = form.handleSubmit(({ password }) => {
    // A link cut short in the mail program cannot be right: no need to ask the server.
    if (!ResetPasswordRequest.shape.token.safeParse(token).success) return setLinkInvalid(true);
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === 'TOKEN_INVALID' || error.problem.errors?.some((e) => e.path === 'body.token')) return setLinkInvalid(true);
          applyProblem(error.problem, form.setError, (path) => path === 'password');
        },
      },
    );
  });

  if (linkInvalid) {
    return (
      <Stack gap="md" maw={440} mx="auto">
        <PageTitle>{t('auth.reset.title')}</PageTitle>
        <Alert color="orange" icon={<IconLinkOff />} title={t('account.reset.invalidTitle')} role="alert" data-testid="reset-invalid">
          {t('account.reset.invalidBody')}
        </Alert>
        <Button component={Link} to={paths.forgotPassword} size="md">
          {t('account.reset.requestNew')}
        </Button>
      </Stack>
    );
  }

  if (reset.isSuccess) {
    return (
      <Stack gap="md" maw={440} mx="auto">
        <PageTitle>{t('auth.reset.title')}</PageTitle>
        <Alert color="teal" icon={<IconCircleCheck />} title={t('account.reset.doneTitle')} role="status" data-testid="reset-done">
          {t('account.reset.doneBody')}
        </Alert>
        <Button component={Link} to={paths.login} size="md">
          {t('account.reset.login')}
        </Button>
      </Stack>
    );
  }

  const otherError = reset.isError && !(reset.error instanceof ApiError && reset.error.code === 'WEAK_PASSWORD');
  return (
    <Stack gap="md" maw={440} mx="auto">
      <div>
        <PageTitle>{t('auth.reset.title')}</PageTitle>
        <Text c="dimmed">{t('account.reset.lead')}</Text>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.reset.title')}>
        <Stack gap="md">
          {otherError ? (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errorText(reset.error)}
            </Alert>
          ) : null}
          <PasswordField
            control={form.control}
            name="password"
            label={t('account.reset.password')}
            autoComplete="new-password"
            isNew
            token={token}
            withAsterisk
          />
          <PasswordField control={form.control} name="confirm" label={t('account.reset.confirm')} autoComplete="new-password" withAsterisk />
          <Button type="submit" loading={reset.isPending} fullWidth size="md">
            {t('account.reset.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.login} ta="center" size="sm">
        {t('account.forgot.backToLogin')}
      </Anchor>
    </Stack>
  );
}
