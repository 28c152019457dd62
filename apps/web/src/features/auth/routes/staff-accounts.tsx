import { CreateStaffAccountRequest, type StaffAccount } from '@bansi/shared';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/use-lang';
import { ConfirmButton } from '../../../components/confirm-button';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { AccountFields } from '../../../components/account-fields';
import { ApiError } from '../../../lib/api-client';
import { applyProblem, zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useCreateStaffAccount } from '../api/create-staff-account';
import { useDisableStaffAccount } from '../api/disable-staff-account';
import { useSession } from '../api/get-session';
import { useStaffAccounts } from '../api/get-staff-accounts';

/** The back office's staff accounts: list, add (an invitation by e-mail), disable. Staff admins only. */
export default function StaffAccountsRoute() {
  const { t } = useTranslation();
  const { data: session, isPending } = useSession();
  const isAdmin = session?.user.role === 'staff_admin';
  const accounts = useStaffAccounts(isAdmin);

  if (isPending) return <PageSpinner />;
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('staff.nav.accounts')}</PageTitle>
        <Text c="dimmed">{t('account.staffAccounts.lead')}</Text>
      </div>
      {!isAdmin ? (
        <Alert color="yellow" icon={<IconAlertCircle />} data-testid="staff-accounts-admin-only">
          {t('account.staffAccounts.adminOnly')}
        </Alert>
      ) : (
        <>
          <AddStaffForm />
          <section aria-labelledby="staff-list-title">
            <Title order={2} size="h4" id="staff-list-title" mb="sm">
              {t('account.staffAccounts.listTitle')}
            </Title>
            {accounts.isPending ? (
              <Loader size="sm" aria-label={t('common.loading')} />
            ) : accounts.isError ? (
              <Alert color="red" role="alert">
                {errorText(accounts.error)}
              </Alert>
            ) : (
              <Stack gap="xs" data-testid="staff-list">
                {accounts.data.items.map((account) => (
                  <StaffRow key={account.id} account={account} isSelf={account.id === session?.user.id} />
                ))}
              </Stack>
            )}
          </section>
        </>
      )}
    </Stack>
  );
}

function StaffRow({ account, isSelf }: { account: StaffAccount; isSelf: boolean }) {
  const { t } = useTranslation();
  const lng = useLang();
  const disable = useDisableStaffAccount();
  return (
    <Paper withBorder p="sm" data-testid="staff-row">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{account.name}</Text>
            <Badge variant="light">{t(`account.roles.${account.role}`)}</Badge>
            {account.pending ? (
              <Badge color="yellow" variant="light">
                {t('account.members.pending')}
              </Badge>
            ) : null}
            {account.disabled ? <Badge color="gray">{t('account.staffAccounts.disabled')}</Badge> : null}
            {isSelf ? (
              <Badge color="blue" variant="outline">
                {t('account.members.you')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {account.email}
          </Text>
          <Text size="xs" c="dimmed">
            {t('account.members.since', { date: formatDate(account.createdAt, lng) })}
          </Text>
        </Stack>
        {!isSelf && !account.disabled ? (
          <ConfirmButton
            variant="light"
            color="red"
            size="xs"
            loading={disable.isPending}
            title={t('account.staffAccounts.disableTitle')}
            message={t('account.staffAccounts.disableBody', { name: account.name })}
            confirmLabel={t('account.staffAccounts.disable')}
            onConfirm={() =>
              disable.mutate(account.id, {
                onSuccess: () => notifications.show({ color: 'teal', message: t('account.staffAccounts.disabledDone', { name: account.name }) }),
                onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
              })
            }
          >
            {t('account.staffAccounts.disable')}
          </ConfirmButton>
        ) : null}
      </Group>
    </Paper>
  );
}

const ROLES = ['staff_reviewer', 'staff_admin'] as const;

function AddStaffForm() {
  const { t } = useTranslation();
  const lng = useLang();
  const create = useCreateStaffAccount();
  const defaults = { name: '', email: '', role: 'staff_reviewer' as const, language: lng };
  const form = useForm({ resolver: zodFormResolver(CreateStaffAccountRequest), defaultValues: defaults });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (account) => {
        notifications.show({ color: 'teal', message: t('account.staffAccounts.added', { email: account.email }) });
        form.reset(defaults);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EMAIL_TAKEN')
          form.setError('email', { type: 'server', message: t('errors.field.email_taken') });
        else if (error instanceof ApiError) applyProblem(error.problem, form.setError);
      },
    }),
  );
  // E-mail taken and field errors show at their fields; anything else above the form.
  const shownOnFields = create.error instanceof ApiError && (create.error.code === 'EMAIL_TAKEN' || Boolean(create.error.problem.errors?.length));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="staff-add-title">
      <Title order={2} size="h4" id="staff-add-title" mb="xs">
        {t('account.staffAccounts.addTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('account.staffAccounts.addLead')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {create.isError && !shownOnFields ? (
            <Alert color="red" role="alert">
              {errorText(create.error)}
            </Alert>
          ) : null}
          <AccountFields control={form.control} roles={ROLES} />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUserPlus size={18} />} loading={create.isPending}>
              {t('account.staffAccounts.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
