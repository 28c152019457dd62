import { ChangePasswordRequest } from '@bansi/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-client';
import { applyProblem, zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { useChangePassword } from '../api/change-password';

const Form = ChangePasswordRequest.extend({ confirm: z.string() }).refine((v) => v.password === v.confirm, {
  path: ['confirm'],
  message: 'mismatch',
});

/** The signed-in account's own password: the current one, then the new one twice (the same meter as a reset link). */
export default function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm({ resolver: zodFormResolver(Form), defaultValues: { currentPassword: '', password: '', confirm: '' } });
  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(({ currentPassword, password }) =>
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('account.change.done') });
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.problem)
            applyProblem(error.problem, form.setError, (path) => path === 'password' || path === 'currentPassword');
        },
      },
    ),
  );
  const fieldError = change.error instanceof ApiError && (change.error.code === 'WRONG_PASSWORD' || change.error.code === 'WEAK_PASSWORD');
  return (
    <Modal opened={opened} onClose={close} title={t('account.change.title')} size="md">
      <form onSubmit={onSubmit} noValidate aria-label={t('account.change.title')} data-testid="change-password-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('account.change.lead')}
          </Text>
          {change.isError && !fieldError ? (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errorText(change.error)}
            </Alert>
          ) : null}
          <PasswordField
            control={form.control}
            name="currentPassword"
            label={t('account.change.current')}
            autoComplete="current-password"
            withAsterisk
          />
          <PasswordField control={form.control} name="password" label={t('account.reset.password')} autoComplete="new-password" isNew withAsterisk />
          <PasswordField control={form.control} name="confirm" label={t('account.reset.confirm')} autoComplete="new-password" withAsterisk />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('account.common.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('account.change.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
