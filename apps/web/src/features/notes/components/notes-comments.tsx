import type { NotesComment } from '@bansi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentCard, CommentThread } from '../../../components/review/comment-thread';

/** What goes under a comment (the company's "Answer"), or nothing. */
export type CommentAction = (comment: NotesComment) => ReactNode;

function CommentItem({ comment, actionOf }: { comment: NotesComment; actionOf?: CommentAction }) {
  const { t } = useTranslation();
  return (
    <CommentCard
      comment={comment}
      testId="notes-comment"
      data={{ 'data-section': comment.section ?? '' }}
      returnedLabel={t('notesUi.comments.withReturn')}
      action={actionOf?.(comment)}
    />
  );
}

/** The review's comments on one section (the service's and the company's answers), shown above it. */
export function SectionComments({ comments, actionOf }: { comments: NotesComment[]; actionOf?: CommentAction }) {
  const { t } = useTranslation();
  if (comments.length === 0) return null;
  return (
    <CommentThread color="orange" title={t('notesUi.comments.section')} testId="section-comments">
      {comments.map((c) => (
        <CommentItem key={c.id} comment={c} actionOf={actionOf} />
      ))}
    </CommentThread>
  );
}

/** The review's comments on the whole document (the reasons of a return, an acceptance note, the answers). */
export function OverallNotesComments({ comments, highlight, actionOf }: { comments: NotesComment[]; highlight?: boolean; actionOf?: CommentAction }) {
  const { t } = useTranslation();
  const overall = comments.filter((c) => c.section === null);
  if (overall.length === 0) return null;
  return (
    <CommentThread color={highlight ? 'orange' : 'gray'} title={t('notesUi.comments.overall')} testId="overall-comments">
      {overall.map((c) => (
        <CommentItem key={c.id} comment={c} actionOf={actionOf} />
      ))}
    </CommentThread>
  );
}

/**
 * What the company must read now: the comments of the last review round — since the return before the last one
 * (the comments saved during the review, the last return's, the answers), all of them otherwise.
 */
export function currentComments(comments: NotesComment[]): NotesComment[] {
  const previous = comments.filter((c) => c.returned && c.section === null).at(-2);
  return previous ? comments.filter((c) => c.at > previous.at) : comments;
}
