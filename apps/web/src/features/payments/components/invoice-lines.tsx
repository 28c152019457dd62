import type { Invoice } from '@bansi/shared';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/** The lines of an invoice with their amounts, and the total. */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Stack gap={4}>
      {invoice.lines.map((line, i) => (
        <Group key={i} justify="space-between" wrap="nowrap" gap="md">
          <Text size="sm">{line.description}</Text>
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {formatLak(line.amount, lng)}
          </Text>
        </Group>
      ))}
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm" fw={700}>
          {t('payments.total')}
        </Text>
        <Text size="sm" fw={700} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {formatLak(invoice.total, lng)}
        </Text>
      </Group>
    </Stack>
  );
}
