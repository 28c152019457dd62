import { InviteRequest, isLanguage, type Member } from '@bansi/shared';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { AccountFields } from '../../../components/account-fields';
import { ApiError } from '../../../lib/api-client';
import { applyProblem, zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useMembers } from '../api/get-members';
import { useInviteMember } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';

/** The company's colleagues; company admins invite and remove them. */
export function MembersPanel({ canManage, currentUserId }: { canManage: boolean; currentUserId: string }) {
  const { t } = useTranslation();
  const members = useMembers();
  // Held by the list, not the row: the removed row unmounts, and with it a row's per-call callbacks.
  const remove = useRemoveMember();
  const onRemove = (member: Member) =>
    remove.mutate(member.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('account.members.removed', { name: member.name }) }),
      onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
    });
  return (
    <Stack gap="lg">
      {canManage ? <InviteForm /> : null}
      <section aria-labelledby="members-title">
        <Title order={2} size="h4" id="members-title" mb="sm">
          {t('account.members.title')}
        </Title>
        {members.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : members.isError ? (
          <Alert color="red" role="alert">
            {errorText(members.error)}
          </Alert>
        ) : (
          <Stack gap="xs" data-testid="member-list">
            {members.data.items.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isSelf={member.id === currentUserId}
                canManage={canManage}
                removing={remove.isPending && remove.variables === member.id}
                onRemove={() => onRemove(member)}
              />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function MemberRow({
  member,
  isSelf,
  canManage,
  removing,
  onRemove,
}: {
  member: Member;
  isSelf: boolean;
  canManage: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = isLanguage(i18n.language) ? i18n.language : 'lo';
  return (
    <Paper withBorder p="sm" data-testid="member-row">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{member.name}</Text>
            <Badge variant="light">{t(`account.roles.${member.role}`)}</Badge>
            {member.pending ? (
              <Badge color="yellow" variant="light">
                {t('account.members.pending')}
              </Badge>
            ) : null}
            {isSelf ? (
              <Badge color="blue" variant="outline">
                {t('account.members.you')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
            {member.phone ? ` · ${member.phone}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {member.pending
              ? t('account.members.invitedOn', { date: formatDate(member.createdAt, lng) })
              : t('account.members.since', { date: formatDate(member.createdAt, lng) })}
          </Text>
        </Stack>
        {canManage && !isSelf ? (
          <ConfirmButton
            variant="light"
            color="red"
            size="xs"
            loading={removing}
            title={t('account.members.removeTitle')}
            message={t('account.members.removeBody', { name: member.name })}
            confirmLabel={t('account.members.remove')}
            onConfirm={onRemove}
          >
            {t('account.members.remove')}
          </ConfirmButton>
        ) : null}
      </Group>
    </Paper>
  );
}

const ROLES = ['company_user', 'company_admin'] as const;

function InviteForm() {
  const { t, i18n } = useTranslation();
  const invite = useInviteMember();
  const defaults = { name: '', email: '', role: 'company_user' as const, language: isLanguage(i18n.language) ? i18n.language : 'lo' };
  const form = useForm({ resolver: zodFormResolver(InviteRequest), defaultValues: defaults });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (member) => {
        notifications.show({ color: 'teal', message: t('account.members.invited', { email: member.email }) });
        form.reset(defaults);
      },
      onError: (error) => {
        if (error instanceof ApiError) applyProblem(error.problem, form.setError);
      },
    }),
  );
  const shownOnFields = invite.error instanceof ApiError && Boolean(invite.error.problem.errors?.length);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invite-title">
      <Title order={2} size="h4" id="invite-title" mb="xs">
        {t('account.members.inviteTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('account.members.inviteLead')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {invite.isError && !shownOnFields ? (
            <Alert color="red" role="alert">
              {errorText(invite.error)}
            </Alert>
          ) : null}
          <AccountFields control={form.control} roles={ROLES} />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={18} />} loading={invite.isPending}>
              {t('account.members.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
