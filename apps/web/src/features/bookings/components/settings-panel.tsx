import type { BookingSettings, BookingSettingsView } from '@bansi/shared/contracts/bookings';
import { Alert, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupedNumberInput } from '../../../components/lak-input';
import { PageSpinner } from '../../../components/page-spinner';
import { errorText } from '../../../lib/error-text';
import { formatClock } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useBookingSettings, useUpdateBookingSettings } from '../api/settings';

const FIELDS: { key: keyof BookingSettings; min: number; max: number }[] = [
  { key: 'slotMinutes', min: 10, max: 240 },
  { key: 'capacity', min: 1, max: 100 },
  { key: 'minNoticeHours', min: 0, max: 336 },
  { key: 'horizonDays', min: 1, max: 366 },
  { key: 'cutoffHours', min: 0, max: 336 },
];

/** Slot length, capacity per slot, minimum notice, horizon and cut-off (staff admins save them). */
export function SettingsPanel() {
  const settings = useBookingSettings();
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorText(settings.error)}
      </Alert>
    );
  // a new form whenever the saved settings change (no state copied in an effect)
  return <SettingsForm key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: BookingSettingsView }) {
  const { t } = useTranslation();
  const lng = useLang();
  const update = useUpdateBookingSettings();
  const [values, setValues] = useState<Record<string, number | ''>>(() => Object.fromEntries(FIELDS.map((f) => [f.key, settings[f.key]])));
  const fieldError = (key: string) =>
    (update.error as { problem?: { errors?: { path: string; message: string }[] } } | null)?.problem?.errors?.find((e) => e.path === `body.${key}`)
      ?.message;

  return (
    <Paper withBorder p="md" radius="md" maw={720}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('bookings.settings.hours', { from: formatClock(settings.hoursFrom, lng), to: formatClock(settings.hoursTo, lng) })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((f) => (
            <GroupedNumberInput
              key={f.key}
              label={t(`bookings.settings.${f.key}`)}
              max={f.max}
              value={values[f.key] ?? ''}
              onChange={(v) => setValues((prev) => ({ ...prev, [f.key]: v }))}
              error={fieldError(f.key)}
              required
            />
          ))}
        </SimpleGrid>
        {update.isError && !FIELDS.some((f) => fieldError(f.key)) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(update.error)}
          </Alert>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          style={{ alignSelf: 'flex-start' }}
          loading={update.isPending}
          onClick={() =>
            update.mutate(Object.fromEntries(FIELDS.map((f) => [f.key, Number(values[f.key])])) as BookingSettings, {
              onSuccess: () =>
                notifications.show({
                  color: 'teal',
                  message: t('bookings.settings.saved'),
                  closeButtonProps: { 'aria-label': t('bookings.common.close') },
                }),
            })
          }
        >
          {t('bookings.settings.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
