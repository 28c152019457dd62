import type { Booking, CreateBookingRequest } from '@bansi/shared/contracts/bookings';
import { Alert, Button, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCalendarPlus } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '../../../components/form-fields';
import { AmountInput } from '../../../components/amount-input';
import { ApiError } from '../../../lib/api-client';
import { applyProblem } from '../../../lib/apply-problem';
import { lazyFormResolver } from '../../../lib/lazy-resolver';
import { errorText } from '../../../lib/error-text';
import { useCreateBooking } from '../api/create-booking';
import { SlotPicker } from './slot-picker';

type Values = z.input<typeof CreateBookingRequest>;

/** Book a time: the slot, how the documents come, how many, and whom to call. */
export function BookingForm({ onBooked }: { onBooked: (booking: Booking) => void }) {
  const { t } = useTranslation();
  const create = useCreateBooking();
  const form = useForm<Values, unknown, z.output<typeof CreateBookingRequest>>({
    // The shared schema (and zod) load with the first validation, not with the screen (decision 280).
    resolver: lazyFormResolver(() => import('@bansi/shared/contracts/bookings').then((m) => m.CreateBookingRequest)),
    defaultValues: { slotStart: '', method: 'in_person', documentCount: 1, contactName: '', contactPhone: '' },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (booking) => {
        form.reset({ ...values, slotStart: '' });
        onBooked(booking);
      },
      onError: (error) => {
        if (error instanceof ApiError) applyProblem(error.problem, form.setError);
      },
    }),
  );
  const formError = create.error instanceof ApiError && !create.error.problem.errors?.length ? errorText(create.error) : null;

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void submit(e)} noValidate data-testid="booking-form">
      <Stack gap="md">
        <Text fw={700}>{t('bookings.form.when')}</Text>
        <Controller
          control={form.control}
          name="slotStart"
          render={({ field, fieldState }) => <SlotPicker value={field.value || null} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <Controller
          control={form.control}
          name="method"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="booking-method-label">
                {t('bookings.form.method')}
              </Text>
              <SegmentedControl
                aria-labelledby="booking-method-label"
                value={field.value}
                onChange={field.onChange}
                fullWidth
                data={[
                  { value: 'in_person', label: t('bookings.method.in_person') },
                  { value: 'courier', label: t('bookings.method.courier') },
                ]}
                styles={{ label: { whiteSpace: 'normal' } }}
              />
            </Stack>
          )}
        />
        <Controller
          control={form.control}
          name="documentCount"
          render={({ field, fieldState }) => (
            // A whole count: the AmountInput that GroupedNumberInput is without allowDecimal.
            <AmountInput
              label={t('bookings.form.documentCount')}
              description={t('bookings.form.documentCountHint')}
              max={1000}
              value={field.value}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
              error={fieldState.error?.message}
              required
              maw={220}
            />
          )}
        />
        <TextField control={form.control} name="contactName" label={t('bookings.form.contactName')} required autoComplete="name" />
        <TextField control={form.control} name="contactPhone" label={t('bookings.form.contactPhone')} required autoComplete="tel" inputMode="tel" />
        {formError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="booking-error">
            {formError}
          </Alert>
        )}
        <Button
          type="submit"
          loading={create.isPending}
          leftSection={<IconCalendarPlus size={18} />}
          style={{ alignSelf: 'flex-start' }}
          data-testid="book"
        >
          {t('bookings.form.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
