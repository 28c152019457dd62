import type { NotesComment } from '@bansi/shared';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/** Alert titles in the text colour (the alert's own colour on its light background falls under WCAG AA). */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;

/** What goes under a comment (the company's "Answer"), or nothing. */
export type CommentAction = (comment: NotesComment) => ReactNode;

function CommentItem({ comment, actionOf }: { comment: NotesComment; actionOf?: CommentAction }) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      bg={comment.author.kind === 'staff' ? 'var(--mantine-color-yellow-0)' : 'var(--mantine-color-gray-0)'}
      data-testid="notes-comment"
      data-section={comment.section ?? ''}
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
            {t('notesUi.comments.withReturn')}
          </Badge>
        )}
        {comment.answersId && (
          <Badge size="xs" color="blue.9" variant="outline" data-testid="answer-badge">
            {t('filing.answer.badge')}
          </Badge>
        )}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Text>
      {actionOf?.(comment)}
    </Paper>
  );
}

/** The review's comments on one section (the service's and the company's answers), shown above it. */
export function SectionComments({ comments, actionOf }: { comments: NotesComment[]; actionOf?: CommentAction }) {
  const { t } = useTranslation();
  if (comments.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('notesUi.comments.section')}
      icon={<IconMessage size={18} />}
      styles={READABLE_TITLE}
      data-testid="section-comments"
    >
      <Stack gap="xs">
        {comments.map((c) => (
          <CommentItem key={c.id} comment={c} actionOf={actionOf} />
        ))}
      </Stack>
    </Alert>
  );
}

/** The review's comments on the whole document (the reasons of a return, an acceptance note, the answers). */
export function OverallNotesComments({ comments, highlight, actionOf }: { comments: NotesComment[]; highlight?: boolean; actionOf?: CommentAction }) {
  const { t } = useTranslation();
  const overall = comments.filter((c) => c.section === null);
  if (overall.length === 0) return null;
  return (
    <Alert
      color={highlight ? 'orange' : 'gray'}
      variant="light"
      title={t('notesUi.comments.overall')}
      icon={<IconMessage size={18} />}
      styles={READABLE_TITLE}
      data-testid="overall-comments"
    >
      <Stack gap="xs">
        {overall.map((c) => (
          <CommentItem key={c.id} comment={c} actionOf={actionOf} />
        ))}
      </Stack>
    </Alert>
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
