import type { SubmissionComment } from '@bansi/shared';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentCard, CommentThread } from '../../../components/review/comment-thread';

/** One comment (overall or on a file): the service's, or the company's note or answer; `action` goes under it (e.g. "Answer"). */
export function CommentItem({ comment, fileLabel, action }: { comment: SubmissionComment; fileLabel?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <CommentCard
      comment={comment}
      testId="staff-comment"
      data={{ 'data-file-id': comment.fileId ?? '' }}
      returnedLabel={t('submission.comments.withReturn')}
      badge={
        fileLabel && (
          <Badge size="xs" color="gray" variant="outline" style={{ maxWidth: '100%' }}>
            {fileLabel}
          </Badge>
        )
      }
      action={action}
    />
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
    <CommentThread color={highlight ? 'orange' : 'gray'} title={title ?? t('submission.comments.title')} testId="overall-comments">
      {overall.map((c) => (
        <CommentItem key={c.id} comment={c} action={actionOf?.(c)} />
      ))}
    </CommentThread>
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
