import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { useBookings } from '../api/list-bookings';
import { BookingForm } from '../components/booking-form';
import { lazyPart } from '../../../lib/lazy';

// The cards (QR code, reschedule dialog, cancel confirmation) come with the list, after the first paint.
const BookingCard = lazyPart(() => import('../components/booking-card').then((m) => m.BookingCard));

/** /dashboard/sending-booking-document: book a time to hand in paper documents; the upcoming bookings. */
export default function BookingRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const focus = params.get('booking');
  const [justBooked, setJustBooked] = useState(false);
  const list = useBookings('upcoming');
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="lg">
      <PageTitle>{t('dashboard.nav.booking')}</PageTitle>
      <Text c="dimmed">{t('bookings.page.intro')}</Text>
      {justBooked && (
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} />}
          role="status"
          data-testid="booked"
          withCloseButton
          closeButtonLabel={t('bookings.common.close')}
          onClose={() => setJustBooked(false)}
        >
          {t('bookings.page.booked')}
        </Alert>
      )}
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('bookings.page.upcoming')}
        </Title>
        {list.isPending ? (
          <PageSpinner />
        ) : list.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(list.error)}
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed" data-testid="no-upcoming">
            {t('bookings.page.noUpcoming')}
          </Text>
        ) : (
          <Stack gap="sm" data-testid="upcoming-list">
            <Suspense fallback={<PageSpinner />}>
              {items.map((b) => (
                <BookingCard key={b.id} booking={b} highlight={b.id === focus} />
              ))}
            </Suspense>
            {list.hasNextPage && (
              <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t('bookings.common.more')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('bookings.page.new')}
        </Title>
        <BookingForm
          onBooked={(booking) => {
            setJustBooked(true);
            setParams({ booking: booking.id }, { replace: true });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </Stack>
    </Stack>
  );
}
