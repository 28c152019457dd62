import { vientianeDate, vientianeTime } from '@bansi/shared/domain/booking-slots';
import type { StaffBooking } from '@bansi/shared/contracts/bookings';
import { Alert, Button, Group, Modal, Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertCircle, IconCalendar, IconPackageImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppDates, useCalendarLabels } from '../../../components/dates';
import { PageSpinner } from '../../../components/page-spinner';
import { ReceiveBookingForm } from '../../../components/receive-booking-form';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { useStaffBookings, type StaffBookingFilters } from '../api/staff-bookings';
import { BookingStatusBadge } from '../components/status-badge';
import { SettingsPanel } from '../components/settings-panel';

/** /staff/bookings: the bookings of any day (today first), received or not; slot settings. Holidays are reference data (/staff/reference). */
export default function StaffBookingsRoute() {
  const { t } = useTranslation();
  const calendarLabels = useCalendarLabels();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'day';
  const date = params.get('date') ?? vientianeDate(new Date());
  const received = (['all', 'received', 'not_received'] as const).find((r) => r === params.get('received')) ?? 'all';
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });

  return (
    <Stack gap="md">
      <PageTitle>{t('bookings.staff.title')}</PageTitle>
      <Tabs value={tab} onChange={(v) => set({ tab: v ?? 'day' })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="day">{t('bookings.staff.tabDay')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('bookings.staff.tabSettings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="day" pt="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <AppDates>
                <DatePickerInput
                  label={t('bookings.staff.date')}
                  value={date}
                  onChange={(v) => v && set({ date: v })}
                  leftSection={<IconCalendar size={16} />}
                  valueFormat="YYYY-MM-DD"
                  ariaLabels={calendarLabels}
                  w={180}
                  data-testid="staff-date"
                />
              </AppDates>
              <SegmentedControl
                value={received}
                onChange={(v) => set({ received: v })}
                aria-label={t('bookings.staff.filter')}
                data={[
                  { value: 'all', label: t('bookings.staff.all') },
                  { value: 'not_received', label: t('bookings.staff.notReceived') },
                  { value: 'received', label: t('bookings.staff.received') },
                ]}
              />
            </Group>
            <DayList filters={{ date, received }} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function DayList({ filters }: { filters: StaffBookingFilters }) {
  const { t } = useTranslation();
  const lng = useLang();
  const list = useStaffBookings(filters);
  const [receiving, setReceiving] = useState<StaffBooking | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return <PageSpinner />;
  if (list.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorText(list.error)}
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="staff-bookings">
      {items.length === 0 && <Text c="dimmed">{t('bookings.staff.none')}</Text>}
      {items.map((b) => (
        <Paper key={b.id} withBorder p="sm" radius="md" data-testid="staff-booking">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Group gap="xs">
                <Text fw={700}>
                  {vientianeTime(b.slotStart)}–{vientianeTime(b.slotEnd)}
                </Text>
                <BookingStatusBadge status={b.status} />
              </Group>
              <Text size="sm" fw={600}>
                {lng === 'en' ? b.company.nameEn : b.company.nameLo}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`bookings.method.${b.method}`)} · {t('bookings.card.documents', { count: b.documentCount })} ·{' '}
                {t('bookings.card.contact', { name: b.contactName, phone: b.contactPhone })}
              </Text>
              {b.status === 'received' && (
                <Text size="xs" c="teal">
                  {t('bookings.staff.receivedBy', { name: b.receivedByName ?? '', count: b.receivedCount ?? 0 })}
                </Text>
              )}
            </Stack>
            {b.status === 'booked' && (
              <Button size="xs" variant="light" leftSection={<IconPackageImport size={16} />} onClick={() => setReceiving(b)}>
                {t('bookings.receive.submit')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
      {list.hasNextPage && (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('bookings.common.more')}
        </Button>
      )}
      <Modal opened={receiving !== null} onClose={() => setReceiving(null)} title={t('bookings.receive.title')} centered>
        {receiving && <ReceiveBookingForm booking={receiving} onDone={() => setReceiving(null)} />}
      </Modal>
    </Stack>
  );
}
