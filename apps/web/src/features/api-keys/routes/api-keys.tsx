import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '@bansi/shared';
import { API_KEY_SCOPES } from '@bansi/shared/domain/api-key-scopes';
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppDates, useCalendarLabels } from '../../../components/dates';
import { ConfirmButton } from '../../../components/confirm-button';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { applyProblem } from '../../../lib/apply-problem';
import { lazyFormResolver } from '../../../lib/lazy-resolver';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** /staff/api-keys: the keys of the service's own software (list, create — shown once — and revoke). Staff admins only. */
export default function ApiKeysRoute() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  // The nav shows this screen to staff admins only; anyone else who opens it is told why, without the form.
  const refused = keys.error instanceof ApiError && keys.error.status === 403;
  if (keys.isPending) return <PageSpinner />;
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('apiKeys.title')}</PageTitle>
        <Text c="dimmed">{t('apiKeys.lead')}</Text>
      </div>
      {refused ? (
        <Alert color="yellow" icon={<IconAlertCircle />} data-testid="api-keys-admin-only">
          {t('apiKeys.adminOnly')}
        </Alert>
      ) : (
        <>
          <CreateKeyForm />
          <section aria-labelledby="api-keys-list-title">
            <Title order={2} size="h4" id="api-keys-list-title" mb="sm">
              {t('apiKeys.listTitle')}
            </Title>
            {keys.isError ? (
              <Alert color="red" role="alert">
                {errorText(keys.error)}
              </Alert>
            ) : keys.data.items.length === 0 ? (
              <Text c="dimmed" data-testid="api-keys-empty">
                {t('apiKeys.empty')}
              </Text>
            ) : (
              <Stack gap="xs" data-testid="api-keys-list">
                {keys.data.items.map((key) => (
                  <KeyRow key={key.id} apiKey={key} />
                ))}
              </Stack>
            )}
          </section>
        </>
      )}
    </Stack>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  const lng = useLang();
  const revoke = useRevokeApiKey();
  // the time the row was first shown: a key expiring while the screen is open shows it on the next visit
  const [shownAt] = useState(() => Date.now());
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= shownAt;
  return (
    <Paper withBorder p="sm" data-testid="api-key-row" data-prefix={apiKey.prefix}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {apiKey.name}
            </Text>
            <Code>{apiKey.prefix}…</Code>
            {apiKey.revokedAt ? (
              <Badge color="gray" data-testid="api-key-revoked">
                {t('apiKeys.revoked')}
              </Badge>
            ) : expired ? (
              <Badge color="orange">{t('apiKeys.expired')}</Badge>
            ) : null}
          </Group>
          <Group gap={4} wrap="wrap">
            {apiKey.scopes.map((scope) => (
              <Badge key={scope} variant="light" tt="none">
                {scope}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('apiKeys.createdBy', { name: apiKey.createdBy.name ?? '—', date: formatDate(apiKey.createdAt, lng) })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="api-key-last-used">
            {apiKey.lastUsedAt
              ? t('apiKeys.lastUsed', { date: formatDateTime(apiKey.lastUsedAt, lng), address: apiKey.lastUsedAddress ?? '—' })
              : t('apiKeys.neverUsed')}
          </Text>
          <Text size="xs" c="dimmed">
            {apiKey.expiresAt ? t('apiKeys.expires', { date: formatDate(apiKey.expiresAt, lng) }) : t('apiKeys.noExpiry')}
          </Text>
        </Stack>
        {!apiKey.revokedAt ? (
          <ConfirmButton
            variant="light"
            color="red"
            size="xs"
            loading={revoke.isPending}
            title={t('apiKeys.revokeTitle')}
            message={t('apiKeys.revokeBody', { name: apiKey.name })}
            confirmLabel={t('apiKeys.revoke')}
            onConfirm={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => notifications.show({ color: 'teal', message: t('apiKeys.revokedDone', { name: apiKey.name }) }),
                onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
              })
            }
          >
            {t('apiKeys.revoke')}
          </ConfirmButton>
        ) : null}
      </Group>
    </Paper>
  );
}

/** The end of the chosen day in Vientiane (UTC+7), as the API's ISO date-time. */
const endOfDay = (day: string) => `${day}T23:59:59+07:00`;

function CreateKeyForm() {
  const { t } = useTranslation();
  const calendarLabels = useCalendarLabels();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [expiryDay, setExpiryDay] = useState<string | null>(null);
  const defaults = { name: '', scopes: [] as CreateApiKeyRequest['scopes'] };
  // The shared schema (and zod) load with the first check, not with the screen (decision 280).
  const form = useForm({
    resolver: lazyFormResolver(() => import('@bansi/shared/contracts/api-keys').then((m) => m.CreateApiKeyRequest)),
    defaultValues: defaults,
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { ...values, ...(expiryDay ? { expiresAt: endOfDay(expiryDay) } : {}) },
      {
        onSuccess: (key) => {
          setCreated(key);
          form.reset(defaults);
          setExpiryDay(null);
        },
        onError: (error) => {
          if (error instanceof ApiError) applyProblem(error.problem, form.setError);
        },
      },
    ),
  );
  const shownOnFields = create.error instanceof ApiError && Boolean(create.error.problem.errors?.length);
  const expiryError = create.error instanceof ApiError ? create.error.problem.errors?.find((e) => e.path === 'body.expiresAt')?.message : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="api-key-create-title">
      <Title order={2} size="h4" id="api-key-create-title" mb="xs">
        {t('apiKeys.createTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('apiKeys.createLead')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {create.isError && !shownOnFields ? (
            <Alert color="red" role="alert">
              {errorText(create.error)}
            </Alert>
          ) : null}
          <TextInput
            label={t('apiKeys.name')}
            required
            {...form.register('name')}
            error={form.formState.errors.name?.message}
            data-testid="api-key-name"
          />
          <Controller
            control={form.control}
            name="scopes"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label={t('apiKeys.scopes')}
                required
                value={field.value}
                onChange={(v) => field.onChange(v)}
                error={fieldState.error ? t('apiKeys.scopesRequired') : undefined}
              >
                <Stack gap={6} mt={6}>
                  {API_KEY_SCOPES.map((scope) => (
                    <Checkbox
                      key={scope}
                      value={scope}
                      label={`${scope} — ${t(`apiKeys.scope.${scope.replace(':read', '')}`)}`}
                      data-testid={`api-key-scope-${scope}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
          <AppDates>
            <DatePickerInput
              label={t('apiKeys.expiry')}
              description={t('apiKeys.expiryHint')}
              value={expiryDay}
              onChange={(day) => setExpiryDay(day || null)}
              valueFormat="D MMMM YYYY"
              clearable
              minDate={new Date()}
              ariaLabels={calendarLabels}
              error={expiryError}
              w={{ base: '100%', xs: 240 }}
            />
          </AppDates>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconKey size={18} />} loading={create.isPending} data-testid="api-key-create">
              {t('apiKeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={created !== null} onClose={() => setCreated(null)} title={t('apiKeys.createdTitle')} centered closeOnClickOutside={false}>
        {created ? (
          <Stack gap="md">
            <Text size="sm">{t('apiKeys.createdBody', { name: created.name })}</Text>
            <Code block data-testid="api-key-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {created.key}
            </Code>
            <Group justify="space-between">
              <CopyButton value={created.key}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    onClick={copy}
                    data-testid="api-key-copy"
                  >
                    {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setCreated(null)} data-testid="api-key-done">
                {t('apiKeys.done')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
