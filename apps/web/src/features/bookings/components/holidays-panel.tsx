import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertCircle, IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { AppDates, useCalendarLabels } from '../../../components/dates';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useHolidayChange, useHolidays } from '../api/holidays';

/** Days the service is closed (no slots): list, add (date, Lao and English name), remove. Staff admins change them. */
export function HolidaysPanel() {
  const { t } = useTranslation();
  const lng = useLang();
  const calendarLabels = useCalendarLabels();
  const holidays = useHolidays();
  const { create, remove } = useHolidayChange();
  const [date, setDate] = useState<string | null>(null);
  const [nameLo, setNameLo] = useState('');
  const [nameEn, setNameEn] = useState('');
  // The day has bookings (409): staff confirm that adding the holiday cancels them (decision 115).
  const [cancelled, setCancelled] = useState<number | null>(null);
  const fieldError = (path: string) =>
    (create.error as { problem?: { errors?: { path: string; message: string }[] } } | null)?.problem?.errors?.find((e) => e.path === path)?.message;
  const hasBookings = create.error instanceof ApiError && create.error.code === 'HOLIDAY_HAS_BOOKINGS';
  const add = (cancelBookings: boolean) =>
    date &&
    create.mutate(
      { date, nameLo, nameEn, ...(cancelBookings ? { cancelBookings } : {}) },
      {
        onSuccess: (holiday) => {
          setCancelled(holiday.cancelledBookings > 0 ? holiday.cancelledBookings : null);
          setDate(null);
          setNameLo('');
          setNameEn('');
        },
      },
    );

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <AppDates>
              <DatePickerInput
                label={t('bookings.holidays.date')}
                value={date}
                onChange={(d) => {
                  setDate(d);
                  // a warning about another day's bookings must not be confirmed for this one
                  if (hasBookings) create.reset();
                }}
                valueFormat="YYYY-MM-DD"
                ariaLabels={calendarLabels}
                w={180}
                required
                error={fieldError('body.date')}
              />
            </AppDates>
            <TextInput
              label={t('bookings.holidays.nameLo')}
              value={nameLo}
              onChange={(e) => setNameLo(e.currentTarget.value)}
              required
              style={{ flex: '1 1 200px' }}
              error={fieldError('body.nameLo')}
            />
            <TextInput
              label={t('bookings.holidays.nameEn')}
              value={nameEn}
              onChange={(e) => setNameEn(e.currentTarget.value)}
              required
              style={{ flex: '1 1 200px' }}
              error={fieldError('body.nameEn')}
            />
          </Group>
          {create.isError && !fieldError('body.date') && (
            <Alert color={hasBookings ? 'orange' : 'red'} icon={<IconAlertCircle size={18} />} role="alert">
              <Stack gap="sm">
                <Text size="sm">{errorText(create.error)}</Text>
                {hasBookings && (
                  <Button color="red" size="xs" style={{ alignSelf: 'flex-start' }} loading={create.isPending} onClick={() => add(true)}>
                    {t('bookings.holidays.confirmCancel')}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          {cancelled !== null && !create.isError && (
            <Alert color="green" icon={<IconCheck size={18} />} role="status" withCloseButton onClose={() => setCancelled(null)}>
              {t('bookings.holidays.cancelled', { bookings: cancelled })}
            </Alert>
          )}
          <Button
            leftSection={<IconPlus size={16} />}
            style={{ alignSelf: 'flex-start' }}
            disabled={!date || !nameLo.trim() || !nameEn.trim()}
            loading={create.isPending && !hasBookings}
            onClick={() => {
              setCancelled(null);
              add(false);
            }}
          >
            {t('bookings.holidays.add')}
          </Button>
        </Stack>
      </Paper>
      {holidays.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(holidays.error)}
        </Alert>
      )}
      {remove.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(remove.error)}
        </Alert>
      )}
      <Stack gap="xs" data-testid="holidays">
        {holidays.data?.items.length === 0 && <Text c="dimmed">{t('bookings.holidays.none')}</Text>}
        {holidays.data?.items.map((h) => (
          <Paper key={h.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{formatDate(`${h.date}T05:00:00Z`, lng)}</Text>
                <Text size="sm" c="dimmed">
                  {lng === 'en' ? h.nameEn : h.nameLo}
                </Text>
                {h.source && (
                  <Text size="xs" c="dimmed" data-testid="holiday-source">
                    {t('bookings.holidays.source', { source: h.source })}
                  </Text>
                )}
              </Stack>
              <ConfirmButton
                color="red"
                variant="subtle"
                size="xs"
                leftSection={<IconTrash size={14} />}
                title={t('bookings.holidays.removeTitle')}
                message={t('bookings.holidays.removeMessage', { date: formatDate(`${h.date}T05:00:00Z`, lng) })}
                confirmLabel={t('bookings.holidays.remove')}
                onConfirm={() => remove.mutate(h.id)}
              >
                {t('bookings.holidays.remove')}
              </ConfirmButton>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
