import { Button, Group, Paper, Stack, Text, ThemeIcon, type StyleProp } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LineSkeleton } from '../../../components/card-skeleton';
import { paths } from '../../../config/paths';
import { useSubmissionCheck } from '../api/check-submission';
import { StatusBadge } from './status-badge';

/** The dashboard's glance at this book year's submission: its status and the one next step; at least `mih` tall. */
export function SubmissionOverviewCard({ bookYear, mih }: { bookYear: number; mih?: StyleProp<number> }) {
  const { t } = useTranslation();
  const check = useSubmissionCheck(bookYear);
  const s = check.data;
  const wizard = `${paths.dashboard.submitDocument}?year=${bookYear}`;
  return (
    <Paper withBorder p="md" radius="md" mih={mih} data-testid="overview-submission">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <IconFileUpload size={20} />
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700}>{t('submission.overview.title', { year: bookYear })}</Text>
          {check.isPending ? (
            <LineSkeleton />
          ) : !s ? (
            <Text size="sm" c="dimmed">
              {t('submission.overview.unavailable')}
            </Text>
          ) : !s.exists || !s.id || !s.status ? (
            <>
              <Text size="sm">{t('submission.overview.notStarted')}</Text>
              <Button component={Link} to={wizard} size="xs" style={{ alignSelf: 'flex-start' }}>
                {t('submission.overview.start')}
              </Button>
            </>
          ) : (
            <>
              <StatusBadge status={s.status} style={{ alignSelf: 'flex-start' }} />
              <Text size="sm">{t(`submission.overview.next.${s.status}`)}</Text>
              <Button
                component={Link}
                to={s.editable ? wizard : paths.dashboard.submissionDetail(s.id)}
                size="xs"
                variant={s.editable ? 'filled' : 'light'}
                style={{ alignSelf: 'flex-start' }}
                data-testid="overview-submission-open"
              >
                {s.editable ? t('submission.overview.continue') : t('submission.overview.view')}
              </Button>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
