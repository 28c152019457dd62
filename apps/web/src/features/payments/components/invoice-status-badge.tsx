import type { InvoiceStatus } from '@bansi/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceStatus, string> = { open: 'orange', paid: 'green', void: 'gray' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="invoice-status">
      {t(`payments.status.${status}`)}
    </Badge>
  );
}
