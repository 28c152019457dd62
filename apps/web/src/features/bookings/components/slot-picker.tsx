import { addDays, vientianeDate, vientianeTime } from '@bansi/shared/domain/booking-slots';
import { Alert, Box, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDates, useCalendarLabels } from '../../../components/dates';
import { errorText } from '../../../lib/error-text';
import { useSlots } from '../api/get-slots';

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => addDays(monthStart(addDays(monthStart(date), 32)), -1);

/**
 * A calendar of the bookable days (Mantine dates; weekends, holidays and days without a free place
 * are off) and the times of the chosen day with the places left. Fits 360 px: the month grid is
 * seven 36 px columns, the times wrap in three columns.
 */
export function SlotPicker({
  value,
  onChange,
  exclude,
  error,
}: {
  value: string | null;
  onChange: (slotStart: string) => void;
  exclude?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const calendarLabels = useCalendarLabels();
  const today = vientianeDate(new Date());
  const [month, setMonth] = useState(monthStart(value ? vientianeDate(value) : today));
  const [day, setDay] = useState<string | null>(value ? vientianeDate(value) : null);
  const from = month < today ? today : month;
  const slots = useSlots(from, monthEnd(month));
  const byDay = useMemo(() => {
    const map = new Map<string, { start: string; remaining: number }[]>();
    for (const s of slots.data?.items ?? []) {
      if (s.start === exclude) continue;
      const d = vientianeDate(s.start);
      map.set(d, [...(map.get(d) ?? []), s]);
    }
    return map;
  }, [slots.data, exclude]);
  const open = (d: string) => (byDay.get(d) ?? []).some((s) => s.remaining > 0);
  const times = day ? (byDay.get(day) ?? []) : [];

  return (
    <Stack gap="sm" data-testid="slot-picker">
      <AppDates settings={{ consistentWeeks: true }}>
        <Box style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}>
          <DatePicker
            value={day}
            onChange={(d) => setDay(d)}
            date={month}
            onDateChange={(d) => setMonth(monthStart(d))}
            minDate={slots.data?.window.from ?? today}
            maxDate={slots.data?.window.to}
            excludeDate={(d) => !open(d)}
            maxLevel="month"
            ariaLabels={calendarLabels}
            aria-label={t('bookings.picker.calendar')}
            getDayProps={(d) => ({ 'data-testid': `day-${d}` })}
          />
        </Box>
      </AppDates>
      {slots.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(slots.error)}
        </Alert>
      )}
      {slots.isPending ? (
        <Skeleton h={36} />
      ) : !day ? (
        <Text c="dimmed" size="sm">
          {byDay.size === 0 ? t('bookings.picker.noDays') : t('bookings.picker.chooseDay')}
        </Text>
      ) : (
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('bookings.picker.times')}
          </Text>
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="group" aria-label={t('bookings.picker.times')}>
            {times.map((s) => {
              const selected = s.start === value;
              return (
                <Button
                  key={s.start}
                  variant={selected ? 'filled' : 'default'}
                  disabled={s.remaining === 0}
                  onClick={() => onChange(s.start)}
                  aria-pressed={selected}
                  data-testid="slot"
                  h="auto"
                  py={6}
                  px={4}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                >
                  <Stack gap={0} align="center">
                    <Text fw={700} size="sm" inherit>
                      {vientianeTime(s.start)}
                    </Text>
                    <Text size="xs" inherit opacity={0.8}>
                      {s.remaining === 0 ? t('bookings.picker.full') : t('bookings.picker.left', { count: s.remaining })}
                    </Text>
                  </Stack>
                </Button>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          {t('bookings.picker.timezone')}
        </Text>
      </Group>
    </Stack>
  );
}
