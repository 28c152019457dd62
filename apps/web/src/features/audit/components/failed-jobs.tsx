import type { Job } from '@bansi/shared';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useJobs } from '../api/list-jobs';
import { useRetryJob } from '../api/retry-job';

function JobRow({ job }: { job: Job }) {
  const { t } = useTranslation();
  const lng = useLang();
  const retry = useRetryJob();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="failed-job" data-id={job.id}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>{t(`audit.jobs.kinds.${job.kind}`, { defaultValue: job.kind })}</Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(job.updatedAt, lng)}
          </Text>
        </Group>
        <Text size="sm">{t('audit.jobs.attempts', { attempts: job.attempts, max: job.maxAttempts })}</Text>
        {job.lastError ? (
          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {job.lastError}
          </Text>
        ) : null}
        {retry.isError ? (
          <Alert color="red" role="alert">
            {errorText(retry.error)}
          </Alert>
        ) : null}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={retry.isPending}
            onClick={() => retry.mutate(job.id)}
            data-testid="retry-job"
          >
            {t('audit.jobs.retry')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Background work that failed for good (after its retries), with a way to try it again. */
export function FailedJobs() {
  const { t } = useTranslation();
  const jobs = useJobs({ status: 'failed' });
  return (
    <Stack gap="xs" component="section" aria-labelledby="failed-jobs-title">
      <Group gap="xs">
        <IconAlertTriangle size={20} aria-hidden />
        <Title order={2} size="h4" id="failed-jobs-title">
          {t('audit.jobs.title')}
        </Title>
      </Group>
      <DataTable
        query={jobs}
        rowKey={(j) => j.id}
        renderRow={(j) => <JobRow job={j} />}
        empty={
          <Text c="dimmed" size="sm" data-testid="failed-jobs-empty">
            {t('audit.jobs.empty')}
          </Text>
        }
        testId="failed-jobs"
      />
    </Stack>
  );
}
