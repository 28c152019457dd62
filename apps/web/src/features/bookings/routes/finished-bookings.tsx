import type { BookingList } from '@bansi/shared/contracts/bookings';
import { Alert, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { useBookings } from '../api/list-bookings';
import { BookingCard } from '../components/booking-card';

/** /dashboard/finish-booking-document: bookings whose documents staff received (when, by whom), and cancelled ones. */
export default function FinishedBookingsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status: BookingList = params.get('status') === 'cancelled' ? 'cancelled' : 'finished';
  const list = useBookings(status);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.finishedBookings')}</PageTitle>
      <SegmentedControl
        value={status}
        onChange={(v) => setParams(v === 'cancelled' ? { status: v } : {}, { replace: true })}
        data={[
          { value: 'finished', label: t('bookings.finished.received') },
          { value: 'cancelled', label: t('bookings.finished.cancelled') },
        ]}
        style={{ alignSelf: 'flex-start' }}
        aria-label={t('bookings.finished.filter')}
      />
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(list.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="finished-empty">
          {status === 'finished' ? t('bookings.finished.empty') : t('bookings.finished.emptyCancelled')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="finished-list">
          {items.map((b) => (
            <BookingCard key={b.id} booking={b} />
          ))}
          {list.hasNextPage && (
            <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('bookings.common.more')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
