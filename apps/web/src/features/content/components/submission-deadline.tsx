import { Paper, Text, ThemeIcon, Group } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

const DAY = 86_400_000;

/** DESIGN §4: the statements of book year N are due by 31 March of N+1 (end of that day in Vientiane). */
export function submissionDeadline(bookYear: number): { due: string; endsAt: number } {
  const due = `${bookYear + 1}-03-31T00:00:00+07:00`;
  return { due, endsAt: new Date(due).getTime() + DAY };
}

/** The current book year's submission deadline and how long is left. */
export function SubmissionDeadline({ bookYear }: { bookYear: number }) {
  const [now] = useState(() => Date.now());
  const { t } = useTranslation();
  const lng = useLang();
  const { due, endsAt } = submissionDeadline(bookYear);
  const daysLeft = Math.ceil((endsAt - now) / DAY);
  return (
    <Paper withBorder p="md" radius="md" data-testid="submission-deadline">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" color={daysLeft > 0 ? 'blue' : 'gray'} aria-hidden>
          <IconCalendarDue size={20} />
        </ThemeIcon>
        <div>
          <Text fw={700}>{t('content.deadline.title', { year: bookYear })}</Text>
          <Text size="sm">{t('content.deadline.due', { date: formatDate(due, lng) })}</Text>
          <Text size="sm" c={daysLeft > 0 ? 'blue.8' : 'gray.7'} fw={600}>
            {daysLeft > 0 ? t('content.deadline.daysLeft', { count: daysLeft }) : t('content.deadline.passed')}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
