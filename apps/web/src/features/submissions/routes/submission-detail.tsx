import { commentsAnswerable, type SubmissionComment, type SubmissionDetail } from '@bansi/shared';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconEdit, IconFileCertificate, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { AnswerForm } from '../../../components/review/answer-form';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { receiptUrl } from '../api/file-urls';
import { useAnswerComment } from '../api/answer-comment';
import { useSubmission } from '../api/get-submission';
import { useSubmissionEvents } from '../api/get-submission-events';
import { CommentItem, fileComments, OverallComments } from '../components/comments';
import { FileLine } from '../components/file-actions';
import { FilingReference } from '../components/filing-reference';
import { StatusBadge } from '../components/status-badge';
import { SignatoriesFacts, SubmissionFacts } from '../components/submission-facts';
import { ReviewTimeline } from '../../../components/review/review-timeline';
import { useLang } from '../../../lib/use-lang';
import { nameOf } from '../lib/lang';

const wizardOf = (s: SubmissionDetail, step?: string) =>
  `${paths.dashboard.submitDocument}?${new URLSearchParams({ year: String(s.bookYear), ...(step ? { step } : {}) }).toString()}`;

/** /dashboard/submit-document/detail/:sub_id: one submission — data, files, staff comments, timeline. */
export default function SubmissionDetailRoute() {
  const { t } = useTranslation();
  const { sub_id: id = '' } = useParams();
  const detail = useSubmission(id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.dashboard.submissionHistory} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} />
          {t('submission.detail.back')}
        </Group>
      </Anchor>
      <PageTitle>{t('dashboard.submissionDetail.title')}</PageTitle>
      {detail.isPending ? (
        <PageSpinner />
      ) : detail.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(detail.error)}
        </Alert>
      ) : (
        <Detail submission={detail.data} />
      )}
    </Stack>
  );
}

function Detail({ submission: s }: { submission: SubmissionDetail }) {
  const { t } = useTranslation();
  const lng = useLang();
  const events = useSubmissionEvents(s.id);
  const allEvents = events.data?.pages.flatMap((p) => p.items) ?? [];
  const filed = s.files.slots.filter((slot) => slot.file);
  // The company answers the service's comments while the service has it or has returned it (decision 096).
  const answerable = commentsAnswerable(s.status);
  const answer = useAnswerComment(s.id);
  const answerOf = (c: SubmissionComment) =>
    answerable && c.author.kind === 'staff' ? <AnswerForm key={`answer-${c.id}`} commentId={c.id} answer={answer.mutateAsync} /> : undefined;
  return (
    <Stack gap="md" data-testid="submission-detail">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm" wrap="wrap">
              <Title order={2} size="h4">
                {t('submission.detail.bookYear', { year: s.bookYear })}
              </Title>
              <StatusBadge status={s.status} size="lg" />
              <FilingReference reference={s.reference} size="lg" showNone />
            </Group>
            {s.submittedAt && (
              <Text size="sm" c="dimmed">
                {t('submission.detail.submittedAt', {
                  date: formatDateTime(s.submittedAt, lng),
                })}
              </Text>
            )}
            {s.acceptedAt && (
              <Text size="sm" c="dimmed">
                {t('submission.detail.acceptedAt', {
                  date: formatDateTime(s.acceptedAt, lng),
                })}
              </Text>
            )}
          </Stack>
          <Group gap="sm" wrap="wrap">
            {s.status === 'returned' && (
              <Button component={Link} to={wizardOf(s, 'documents')} leftSection={<IconPencil size={16} />} data-testid="fix-and-resubmit">
                {t('submission.detail.fixAndResubmit')}
              </Button>
            )}
            {s.status === 'draft' && (
              <Button component={Link} to={wizardOf(s)} leftSection={<IconEdit size={16} />} data-testid="continue-draft">
                {t('submission.detail.continue')}
              </Button>
            )}
            {s.receiptAvailable && (
              <Button component="a" href={receiptUrl(s.id)} download leftSection={<IconFileCertificate size={16} />} data-testid="download-receipt">
                {t('submission.detail.receipt')}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>

      <OverallComments comments={s.comments} highlight={s.status === 'returned'} actionOf={answerOf} />

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="detail-data">
        <Title order={2} size="h5" mb="sm" id="detail-data">
          {t('submission.steps.enterprise')}
        </Title>
        <SubmissionFacts submission={s} />
        <Title order={3} size="h6" mt="md" mb="xs">
          {t('submission.steps.signatories')}
        </Title>
        <SignatoriesFacts signatories={s.signatories} />
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="detail-files" data-testid="detail-files">
        <Title order={2} size="h5" mb="sm" id="detail-files">
          {t('submission.steps.documents')}
        </Title>
        <Stack gap="sm">
          {filed.length === 0 && s.files.others.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('submission.documents.none')}
            </Text>
          )}
          {filed.map((slot) => (
            <Stack key={slot.code} gap={6} data-testid={`detail-slot-${slot.code}`}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {nameOf(slot, lng)}
                </Text>
                {slot.history.length > 0 && (
                  <Badge size="xs" variant="light" color="gray">
                    {t('submission.detail.versions', {
                      count: slot.history.length + 1,
                    })}
                  </Badge>
                )}
              </Group>
              <FileLine file={slot.file!} viewHref={paths.dashboard.documentViewer(s.id, slot.file!.id)} />
              {fileComments(s.comments, [slot.file!.id, ...slot.history.map((h) => h.id)], slot.code).map((c) => (
                <CommentItem key={c.id} comment={c} action={answerOf(c)} />
              ))}
            </Stack>
          ))}
          {s.files.others.length > 0 && (
            <Text size="sm" fw={600} mt="xs">
              {t('submission.upload.other')}
            </Text>
          )}
          {s.files.others.map((f) => (
            <Stack key={f.id} gap={6}>
              <FileLine file={f} viewHref={paths.dashboard.otherDocumentViewer(s.id, f.id)} />
              {fileComments(s.comments, [f.id]).map((c) => (
                <CommentItem key={c.id} comment={c} action={answerOf(c)} />
              ))}
            </Stack>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="detail-timeline">
        <Title order={2} size="h5" mb="sm" id="detail-timeline">
          {t('submission.timeline.title')}
        </Title>
        {events.isPending ? (
          <PageSpinner />
        ) : events.isError ? (
          <Alert color="red">{errorText(events.error)}</Alert>
        ) : (
          <ReviewTimeline
            kind="submission"
            events={allEvents}
            hasMore={events.hasNextPage}
            onMore={() => void events.fetchNextPage()}
            loadingMore={events.isFetchingNextPage}
          />
        )}
      </Paper>
    </Stack>
  );
}
