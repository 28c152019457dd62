import type { SubmissionComment } from '@bansi/shared';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { READABLE_TITLE } from '../lib/styles';

/** One comment (overall or on a file): the service's, or the company's note or answer; `action` goes under it (e.g. "Answer"). */
export function CommentItem({ comment, fileLabel, action }: { comment: SubmissionComment; fileLabel?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      bg={comment.author.kind === 'staff' ? 'var(--mantine-color-yellow-0)' : 'var(--mantine-color-gray-0)'}
      data-testid="staff-comment"
      data-file-id={comment.fileId ?? ''}
    >
      <Group gap={6} wrap="wrap" mb={4}>
        <IconMessage size={14} aria-hidden />
        <Text size="xs" fw={600}>
          {comment.author.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(comment.at, lng)}
        </Text>
        {comment.returned && (
          <Badge size="xs" color="red.9" variant="outline">
            {t('submission.comments.withReturn')}
          </Badge>
        )}
        {comment.answersId && (
          <Badge size="xs" color="blue.9" variant="outline" data-testid="answer-badge">
            {t('filing.answer.badge')}
          </Badge>
        )}
        {fileLabel && (
          <Badge size="xs" color="gray" variant="outline" style={{ maxWidth: '100%' }}>
            {fileLabel}
          </Badge>
        )}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Text>
      {action}
    </Paper>
  );
}

/**
 * Comments on the whole submission (not on one file), oldest first: the service's (with the reasons of
 * a return) and the company's own notes sent with a (re)submission.
 */
export function OverallComments({
  comments,
  title,
  highlight,
  actionOf,
}: {
  comments: SubmissionComment[];
  title?: string;
  highlight?: boolean;
  actionOf?: (comment: SubmissionComment) => ReactNode;
}) {
  const { t } = useTranslation();
  const overall = comments.filter((c) => !c.fileId);
  if (overall.length === 0) return null;
  return (
    <Alert
      color={highlight ? 'orange' : 'gray'}
      variant="light"
      title={title ?? t('submission.comments.title')}
      icon={<IconMessage size={18} />}
      data-testid="overall-comments"
      styles={READABLE_TITLE}
    >
      <Stack gap="xs">
        {overall.map((c) => (
          <CommentItem key={c.id} comment={c} action={actionOf?.(c)} />
        ))}
      </Stack>
    </Alert>
  );
}

/** What the company must read when it was returned: the service's overall comments since the last return. */
export function sinceLastReturn(comments: SubmissionComment[]): SubmissionComment[] {
  const last = comments.filter((c) => c.returned && c.author.kind === 'staff').at(-1);
  if (!last) return [];
  return comments.filter((c) => c.author.kind === 'staff' && c.at >= last.at);
}

/** Comments on one file (or on any version of the slot's file). */
export function fileComments(comments: SubmissionComment[], fileIds: readonly string[], slot?: string) {
  return comments.filter(
    (c) => (c.fileId && fileIds.includes(c.fileId)) || (slot !== undefined && c.slot === slot && c.fileId !== null && slot !== 'other'),
  );
}
