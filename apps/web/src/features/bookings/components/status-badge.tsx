import type { BookingStatus } from '@bansi/shared/contracts/bookings';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<BookingStatus, string> = { booked: 'blue', received: 'teal', cancelled: 'gray' };

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="booking-status">
      {t(`bookings.status.${status}`)}
    </Badge>
  );
}
