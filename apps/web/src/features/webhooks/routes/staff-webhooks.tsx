import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@bansi/shared';
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterSelect, useUrlFilters } from '../../../components/data-table';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useCreateEndpoint } from '../api/create-endpoint';
import { useDisableEndpoint } from '../api/disable-endpoint';
import { useDeliveries } from '../api/list-deliveries';
import { useEndpoints } from '../api/list-endpoints';
import { useResendDelivery } from '../api/resend-delivery';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };

/** Adds an endpoint; its signing secret is shown once, right here. */
function NewEndpoint() {
  const { t } = useTranslation();
  const create = useCreateEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ url: url.trim(), events }, { onSuccess: () => (setUrl(''), setEvents([])) });
  };
  const secret = create.data?.secret;
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('webhooks.endpoints.add')}
          </Title>
          <TextInput
            label={t('webhooks.endpoints.url')}
            description={t('webhooks.endpoints.urlHint')}
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            required
            maxLength={500}
            data-testid="webhook-url"
          />
          <Checkbox.Group label={t('webhooks.endpoints.events')} value={events} onChange={(v) => setEvents(v as WebhookEvent[])} required>
            <Group gap="md" mt={4}>
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={t(`webhooks.events.${event}`)} data-testid={`webhook-event-${event}`} />
              ))}
            </Group>
          </Checkbox.Group>
          {create.isError ? (
            <Alert color="red" role="alert">
              {errorText(create.error)}
            </Alert>
          ) : null}
          <Group>
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
              disabled={events.length === 0}
              data-testid="webhook-add"
            >
              {t('webhooks.endpoints.addButton')}
            </Button>
          </Group>
          {secret ? (
            <Alert color="blue" title={t('webhooks.endpoints.secretTitle')} data-testid="webhook-secret-shown">
              <Stack gap="xs">
                <Text size="sm">{t('webhooks.endpoints.secretHint')}</Text>
                <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
                  {secret}
                </Code>
                <Group>
                  <CopyButton value={secret}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy}>
                        {copied ? t('webhooks.endpoints.copied') : t('webhooks.endpoints.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const disable = useDisableEndpoint();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="webhook-endpoint" data-id={endpoint.id}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.active ? 'teal' : 'gray'}>{t(endpoint.active ? 'webhooks.endpoints.active' : 'webhooks.endpoints.off')}</Badge>
        </Group>
        <Text size="sm">{endpoint.events.map((e) => t(`webhooks.events.${e}`)).join(' · ')}</Text>
        {disable.isError ? (
          <Alert color="red" role="alert">
            {errorText(disable.error)}
          </Alert>
        ) : null}
        {endpoint.active ? (
          <Group>
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={disable.isPending}
              onClick={() => disable.mutate(endpoint.id)}
              data-testid="webhook-disable"
            >
              {t('webhooks.endpoints.disable')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const lng = useLang();
  const resend = useResendDelivery();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="webhook-delivery" data-id={delivery.id} data-status={delivery.status}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>{t(`webhooks.events.${delivery.event}`)}</Text>
          <Badge color={STATUS_COLOR[delivery.status]} data-testid="webhook-delivery-status">
            {t(`webhooks.deliveries.status.${delivery.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {delivery.url} · {formatDateTime(delivery.createdAt, lng)}
        </Text>
        <Text size="sm" data-testid="webhook-delivery-attempts">
          {t('webhooks.deliveries.attempts', { attempts: delivery.attempts, max: delivery.maxAttempts })}
        </Text>
        {delivery.lastAttemptAt ? (
          <Text size="sm" data-testid="webhook-delivery-answer" style={{ overflowWrap: 'anywhere' }}>
            {t('webhooks.deliveries.lastAnswer', {
              code: delivery.lastStatusCode ?? t('webhooks.deliveries.noAnswer'),
              at: formatDateTime(delivery.lastAttemptAt, lng),
            })}
            {delivery.lastAnswer ? ` — ${delivery.lastAnswer}` : ''}
          </Text>
        ) : null}
        {delivery.status === 'pending' && delivery.nextAttemptAt ? (
          <Text size="sm" c="dimmed">
            {t('webhooks.deliveries.next', { at: formatDateTime(delivery.nextAttemptAt, lng) })}
          </Text>
        ) : null}
        {resend.isError ? (
          <Alert color="red" role="alert">
            {errorText(resend.error)}
          </Alert>
        ) : null}
        {delivery.status !== 'pending' ? (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              loading={resend.isPending}
              onClick={() => resend.mutate(delivery.id)}
              data-testid="webhook-resend"
            >
              {t('webhooks.deliveries.resend')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Event names (`invoice.paid`) are nested keys of the catalog: `webhooks.events.invoice.paid`. */

/** /staff/webhooks: where outgoing events go (endpoints) and how each delivery went, with a re-send (staff admins). */
export default function StaffWebhooksRoute() {
  const { t } = useTranslation();
  const { params, setFilter } = useUrlFilters();
  const raw = params.get('status');
  const status = (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as WebhookDeliveryStatus) : undefined;
  const endpoints = useEndpoints();
  const deliveries = useDeliveries(status);
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('webhooks.title')}</PageTitle>
        <Text c="dimmed">{t('webhooks.lead')}</Text>
      </div>
      <Stack gap="sm" component="section" aria-labelledby="webhook-endpoints-title">
        <Title order={2} size="h4" id="webhook-endpoints-title">
          {t('webhooks.endpoints.title')}
        </Title>
        <NewEndpoint />
        {endpoints.isError ? (
          <Alert color="red" role="alert">
            {errorText(endpoints.error)}
          </Alert>
        ) : endpoints.data?.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('webhooks.endpoints.empty')}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="webhook-endpoints">
            {endpoints.data?.items.map((e) => (
              <EndpointRow key={e.id} endpoint={e} />
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="webhook-deliveries-title">
        <Title order={2} size="h4" id="webhook-deliveries-title">
          {t('webhooks.deliveries.title')}
        </Title>
        <DataTable
          query={deliveries}
          filters={
            <FilterSelect
              label={t('webhooks.deliveries.filter')}
              data={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhooks.deliveries.status.${s}`) }))}
              value={status ?? ''}
              onChange={(v) => setFilter('status', v)}
              data-testid="webhook-filter-status"
            />
          }
          rowKey={(d) => d.id}
          renderRow={(d) => <DeliveryRow delivery={d} />}
          empty={
            <Text c="dimmed" size="sm" data-testid="webhook-deliveries-empty">
              {t('webhooks.deliveries.empty')}
            </Text>
          }
          testId="webhook-deliveries"
        />
      </Stack>
    </Stack>
  );
}
