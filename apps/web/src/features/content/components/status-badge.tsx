import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A content item's state: draft, scheduled or live. */
export function StatusBadge({ status }: { status: 'draft' | 'scheduled' | 'published' }) {
  const { t } = useTranslation();
  const color = status === 'published' ? 'green' : status === 'scheduled' ? 'blue' : 'gray';
  return (
    <Badge color={color} variant="light" data-testid="status-badge" data-status={status}>
      {t(`content.status.${status}`)}
    </Badge>
  );
}
