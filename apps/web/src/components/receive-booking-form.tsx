import type { StaffBooking } from '@bansi/shared/contracts/bookings';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconAlertCircle, IconPackageImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReceiveBooking } from '../api/receive-booking';
import { errorText } from '../lib/error-text';
import { GroupedNumberInput } from './lak-input';

/** Staff mark a booking's paper documents received: how many arrived and a note (the day's list and the QR page). */
export function ReceiveBookingForm({ booking, onDone }: { booking: Pick<StaffBooking, 'id' | 'documentCount'>; onDone?: () => void }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | ''>(booking.documentCount);
  const [note, setNote] = useState('');
  const receive = useReceiveBooking(booking.id, onDone);
  const valid = typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= 1000;
  return (
    <Stack gap="sm" data-testid="receive-form">
      <GroupedNumberInput label={t('bookings.receive.count')} max={1000} value={count} onChange={setCount} required maw={220} />
      <Textarea
        label={t('bookings.receive.note')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      {receive.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(receive.error)}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={<IconPackageImport size={18} />}
          disabled={!valid}
          loading={receive.isPending}
          onClick={() => valid && receive.mutate({ receivedCount: count, note: note.trim() || undefined })}
          data-testid="mark-received"
        >
          {t('bookings.receive.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
