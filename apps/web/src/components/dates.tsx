import { DatesProvider, type CalendarAriaLabels, type DatesProviderSettings } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/lo';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang';

// Mantine's date components need their styles and, in Lao, dayjs's Lao month names. Every screen that
// shows one wraps it here, so neither depends on which screen was opened first (the holiday date
// picker on the reference screen was unstyled, with English month names, until /staff/bookings had
// loaded them).

/** Date components in the app's language, weeks from Monday. */
export function AppDates({ children, settings }: { children: ReactNode; settings?: Partial<DatesProviderSettings> }) {
  const lng = useLang();
  return <DatesProvider settings={{ locale: lng, firstDayOfWeek: 1, ...settings }}>{children}</DatesProvider>;
}

/** Names for a calendar's previous/next buttons (Mantine leaves them unnamed: icons only). */
export function useCalendarLabels(): CalendarAriaLabels {
  const { t } = useTranslation();
  return {
    previousMonth: t('common.calendar.previousMonth'),
    nextMonth: t('common.calendar.nextMonth'),
    previousYear: t('common.calendar.previousYear'),
    nextYear: t('common.calendar.nextYear'),
    previousDecade: t('common.calendar.previousDecade'),
    nextDecade: t('common.calendar.nextDecade'),
  };
}
