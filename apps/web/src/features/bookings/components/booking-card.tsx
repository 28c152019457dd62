import type { Booking } from '@bansi/shared/contracts/bookings';
import { Alert, Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarEvent, IconCalendarTime, IconFileTypePdf, IconX } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { lazyPart } from '../../../lib/lazy';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useChangeBooking } from '../api/change-booking';
import { calendarUrl, coverSheetUrl } from '../api/file-urls';
import { slotText } from './slot-label';
import { SlotPicker } from './slot-picker';
import { BookingStatusBadge } from './status-badge';

// The QR library (qrcode, ~8 kB brotli) loads with the first booked card, not with the screen.
const BookingQr = lazyPart(() => import('./booking-qr').then((m) => m.BookingQr));

/** One booking of the company: when, code and QR code, downloads, and (until the cut-off) reschedule and cancel. */
export function BookingCard({ booking, highlight = false }: { booking: Booking; highlight?: boolean }) {
  const { t } = useTranslation();
  const lng = useLang();
  const change = useChangeBooking(booking.id);
  const [moving, moveModal] = useDisclosure(false);
  const [target, setTarget] = useState<string | null>(null);
  const done = (key: string) =>
    notifications.show({ color: 'teal', message: t(key), closeButtonProps: { 'aria-label': t('bookings.common.close') } });

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="booking-card"
      data-booking-id={booking.id}
      style={highlight ? { borderColor: 'var(--mantine-color-blue-5)' } : undefined}
    >
      <Group align="flex-start" justify="space-between" gap="md" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} data-testid="booking-slot">
              {slotText(booking, lng)}
            </Text>
            <BookingStatusBadge status={booking.status} />
          </Group>
          <Text size="sm">
            {t('bookings.card.code')}{' '}
            <Text span ff="monospace" fw={700} data-testid="booking-code">
              {booking.reference}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {t(`bookings.method.${booking.method}`)} · {t('bookings.card.documents', { count: booking.documentCount })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('bookings.card.contact', { name: booking.contactName, phone: booking.contactPhone })}
          </Text>
          {booking.status === 'received' && booking.receivedAt && (
            <Alert color="teal" variant="light" p="xs" data-testid="booking-received">
              <Text size="sm">
                {t('bookings.card.received', {
                  date: formatDateTime(booking.receivedAt, lng),
                  name: booking.receivedByName ?? '',
                  count: booking.receivedCount ?? 0,
                })}
              </Text>
              {booking.receivedNote && (
                <Text size="sm" c="dimmed">
                  {booking.receivedNote}
                </Text>
              )}
            </Alert>
          )}
          {booking.status === 'cancelled' && booking.cancelledAt && (
            <Text size="sm" c="dimmed">
              {t('bookings.card.cancelledAt', { date: formatDateTime(booking.cancelledAt, lng) })}
            </Text>
          )}
        </Stack>
        {booking.status === 'booked' && (
          <Suspense fallback={<Skeleton w={128} h={128} />}>
            <BookingQr url={booking.qrUrl} alt={t('bookings.card.qrAlt', { reference: booking.reference })} size={128} />
          </Suspense>
        )}
      </Group>
      {booking.status === 'booked' && (
        <Stack gap="xs" mt="sm">
          <Group gap="xs" wrap="wrap">
            <Button
              component="a"
              href={coverSheetUrl(booking.id)}
              download
              variant="light"
              size="sm"
              leftSection={<IconFileTypePdf size={16} />}
              data-testid="cover-sheet"
            >
              {t('bookings.card.coverSheet')}
            </Button>
            <Button component="a" href={calendarUrl(booking.id)} download variant="default" size="sm" leftSection={<IconCalendarEvent size={16} />}>
              {t('bookings.card.calendar')}
            </Button>
            {booking.changeableUntil && (
              <>
                <Button variant="default" size="sm" leftSection={<IconCalendarTime size={16} />} onClick={moveModal.open} data-testid="reschedule">
                  {t('bookings.card.reschedule')}
                </Button>
                <ConfirmButton
                  color="red"
                  variant="subtle"
                  size="sm"
                  leftSection={<IconX size={16} />}
                  title={t('bookings.card.cancelTitle')}
                  message={t('bookings.card.cancelMessage', { slot: slotText(booking, lng) })}
                  confirmLabel={t('bookings.card.cancelConfirm')}
                  loading={change.isPending}
                  onConfirm={() => change.mutate({ action: 'cancel' }, { onSuccess: () => done('bookings.card.cancelled') })}
                >
                  {t('bookings.card.cancel')}
                </ConfirmButton>
              </>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {booking.changeableUntil
              ? t('bookings.card.changeUntil', { date: formatDateTime(booking.changeableUntil, lng) })
              : t('bookings.card.noChanges')}
          </Text>
          {change.isError && !moving && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(change.error)}
            </Alert>
          )}
        </Stack>
      )}
      <Modal opened={moving} onClose={moveModal.close} title={t('bookings.card.rescheduleTitle')} centered size="auto">
        <Stack>
          <SlotPicker value={target} onChange={setTarget} exclude={booking.slotStart} />
          {change.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(change.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Anchor component="button" type="button" onClick={moveModal.close} size="sm">
              {t('bookings.common.back')}
            </Anchor>
            <Button
              disabled={!target}
              loading={change.isPending}
              onClick={() =>
                target &&
                change.mutate(
                  { action: 'reschedule', slotStart: target },
                  {
                    onSuccess: () => {
                      moveModal.close();
                      done('bookings.card.moved');
                    },
                  },
                )
              }
            >
              {t('bookings.card.rescheduleConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
