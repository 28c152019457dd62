import { API_BASE, PaymentPaths } from '@bansi/shared';
import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTestPipe } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useSimulatePayment } from '../api/simulate-payment';
import { useWebhookSecret } from '../api/webhook-secret';

/**
 * Staff admins, on an instance that is not wired to a bank (decisions 125, 126): the payment-notification key
 * the instance made for itself, to wire a test bank, and the simulator when PAYMENT_SIMULATOR=true. Nothing
 * shows on an instance with a configured key and no simulator.
 */
export function TestBankPanel() {
  const { t } = useTranslation();
  const info = useWebhookSecret();
  const simulate = useSimulatePayment();
  const [number, setNumber] = useState('');
  if (!info.data || (info.data.secret === null && !info.data.simulator)) return null;
  const { secret, simulator } = info.data;
  const pay = (event: FormEvent) => {
    event.preventDefault();
    simulate.mutate({ invoiceNumber: number.trim() }, { onSuccess: () => setNumber('') });
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="test-bank">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconTestPipe size={20} aria-hidden />
          <Title order={2} size="h4">
            {t('payments.testBank.title')}
          </Title>
        </Group>
        <Text size="sm">{t('payments.testBank.hint')}</Text>
        {secret ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('payments.testBank.secretLabel')}
            </Text>
            <Code block fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
              {secret}
            </Code>
            <Group>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
                    {copied ? t('payments.testBank.copied') : t('payments.testBank.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('payments.testBank.secretHint', { path: `${API_BASE}${PaymentPaths.notify}` })}
            </Text>
          </Stack>
        ) : null}
        {simulator ? (
          <form onSubmit={pay}>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('payments.testBank.simulatorTitle')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('payments.testBank.simulatorHint')}
              </Text>
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t('payments.testBank.invoiceNumber')}
                  value={number}
                  onChange={(e) => setNumber(e.currentTarget.value)}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  style={{ flex: '1 1 12rem' }}
                  data-testid="simulator-number"
                />
                <Button type="submit" color="grape" loading={simulate.isPending} disabled={!number.trim()} data-testid="simulator-pay">
                  {t('payments.testBank.pay')}
                </Button>
              </Group>
              {simulate.isError ? (
                <Alert color="red" data-testid="simulator-error">
                  {errorText(simulate.error)}
                </Alert>
              ) : null}
              {simulate.isSuccess ? (
                <Alert color="green" data-testid="simulator-paid">
                  {t('payments.testBank.paid', { number: simulate.variables.invoiceNumber })}
                </Alert>
              ) : null}
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
