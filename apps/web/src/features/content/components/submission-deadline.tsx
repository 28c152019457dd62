import { filingDeadline, filingDeadlineState } from '@bansi/shared/domain/filing-deadline';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, type StyleProp } from '@mantine/core';
import { IconAlertTriangle, IconCalendarDue, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/** The deadline as the browser shows it: 31 March of the next year, in Vientiane (packages/shared rule). */
export function submissionDeadline(bookYear: number): { due: string; endsAt: number } {
  const { due, endsAt } = filingDeadline(bookYear);
  return { due: `${due}T00:00:00+07:00`, endsAt };
}

/**
 * The book year's submission deadline and how long is left. With `submitted` known (a company's
 * dashboard): past the deadline and not submitted, it says the filing is late and what to do — submit
 * anyway, contact the service (decision 099); once submitted, that nothing more is due. At least `mih` tall.
 */
export function SubmissionDeadline({ bookYear, submitted, mih }: { bookYear: number; submitted?: boolean; mih?: StyleProp<number> }) {
  const [now] = useState(() => Date.now());
  const { t } = useTranslation();
  const lng = useLang();
  const { due } = submissionDeadline(bookYear);
  const dueText = formatDate(due, lng);
  const state = filingDeadlineState(bookYear, now, submitted === true);
  const late = state.kind === 'late' && submitted === false;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mih={mih}
      data-testid="submission-deadline"
      data-state={submitted === undefined && state.kind === 'late' ? 'passed' : state.kind}
    >
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon
          variant="light"
          size="lg"
          color={late ? 'red' : state.kind === 'open' ? 'blue' : state.kind === 'filed' ? 'green' : 'gray'}
          aria-hidden
        >
          {late ? <IconAlertTriangle size={20} /> : state.kind === 'filed' ? <IconCircleCheck size={20} /> : <IconCalendarDue size={20} />}
        </ThemeIcon>
        {late ? (
          <Stack gap={6} style={{ minWidth: 0 }} role="status">
            <Text fw={700} c="red.9">
              {t('content.deadline.lateTitle', { year: bookYear })}
            </Text>
            <Text size="sm">{t('content.deadline.lateBody', { date: dueText })}</Text>
            <Group gap="md" wrap="wrap">
              <Anchor
                component={Link}
                to={`${paths.dashboard.submitDocument}?year=${bookYear}`}
                size="sm"
                fw={600}
                data-testid="deadline-late-submit"
              >
                {t('content.deadline.lateSubmit')}
              </Anchor>
              <Anchor component={Link} to={paths.dashboard.info('contacts')} size="sm" fw={600} data-testid="deadline-late-contact">
                {t('content.deadline.lateContact')}
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <div>
            <Text fw={700}>{t('content.deadline.title', { year: bookYear })}</Text>
            <Text size="sm">{t('content.deadline.due', { date: dueText })}</Text>
            <Text size="sm" c={state.kind === 'open' ? 'blue.8' : state.kind === 'filed' ? 'green.9' : 'gray.7'} fw={600}>
              {state.kind === 'open'
                ? t('content.deadline.daysLeft', { count: state.daysLeft })
                : state.kind === 'filed'
                  ? t('content.deadline.filed')
                  : t('content.deadline.passed')}
            </Text>
          </div>
        )}
      </Group>
    </Paper>
  );
}
