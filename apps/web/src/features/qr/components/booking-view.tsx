import type { BookingVerification } from '@bansi/shared/contracts/bookings';
import { vientianeTime } from '@bansi/shared/domain/booking-slots';
import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReceiveBookingForm } from '../../../components/receive-booking-form';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/**
 * A scanned booking code: a visitor sees only that it is a valid booking for that day; staff see the
 * booking (company, slot, what is sent) and, until it is received, mark it received here.
 */
export function BookingView({ view, onChanged }: { view: BookingVerification; onChanged: () => void }) {
  const { t } = useTranslation();
  const lng = useLang();
  const booking = view.booking;
  return (
    <Stack gap="md" data-testid="qr-booking">
      <Card withBorder radius="md" padding="lg" data-testid="qr-genuine">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <div>
            <Text fw={700} size="lg" c="teal.8">
              {t('bookings.scan.valid')}
            </Text>
            <Text size="sm" data-testid="qr-booking-day">
              {t('bookings.scan.forDay', { date: formatDate(`${view.date}T05:00:00Z`, lng) })}
            </Text>
            <Text size="sm">
              {t('bookings.card.code')}{' '}
              <Text span ff="monospace" fw={700} data-testid="qr-booking-reference">
                {view.reference}
              </Text>
            </Text>
          </div>
        </Group>
      </Card>
      {booking && (
        <Card withBorder radius="md" padding="lg" data-testid="qr-booking-staff">
          <Stack gap={6}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {lng === 'en' ? booking.company.nameEn : booking.company.nameLo}
            </Title>
            <Text size="sm" c="dimmed">
              {t('bookings.scan.tin', { tin: booking.company.tin })}
            </Text>
            <Group gap="xs">
              <Text fw={600}>
                {formatDateTime(booking.slotStart, lng)}–{vientianeTime(booking.slotEnd)}
              </Text>
              <Badge color={booking.status === 'received' ? 'teal' : 'blue'} variant="light" data-testid="qr-booking-status">
                {t(`bookings.status.${booking.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {t(`bookings.method.${booking.method}`)} · {t('bookings.card.documents', { count: booking.documentCount })}
            </Text>
            <Text size="sm">{t('bookings.card.contact', { name: booking.contactName, phone: booking.contactPhone })}</Text>
            {booking.receivedAt && (
              <Text size="sm" c="teal.8">
                {t('bookings.card.received', {
                  date: formatDateTime(booking.receivedAt, lng),
                  name: booking.receivedByName ?? '',
                  count: booking.receivedCount ?? 0,
                })}
              </Text>
            )}
          </Stack>
          {booking.status === 'booked' && (
            <Stack gap="sm" mt="md">
              <Title order={3} size="h5">
                {t('bookings.receive.title')}
              </Title>
              <ReceiveBookingForm booking={booking} onDone={onChanged} />
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}
