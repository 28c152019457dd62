import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/use-lang';

/** Alert titles in the text colour (the alert's own colour on its light background falls under WCAG AA). */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;

/** What every review comment has (a filing's and a notes document's alike). */
export interface ThreadComment {
  id: string;
  at: string;
  author: { kind: string; name: string };
  /** given with a return (the reasons) */
  returned: boolean;
  body: string;
  /** an answer: the id of the service's comment it answers */
  answersId: string | null;
}

/**
 * One comment card of a review (issue 34), for every kind: the service's (yellow) or the company's (grey), who
 * and when, "with the return" and "answer" marks, the kind's own badge (e.g. the file it is about) and what
 * goes under it (the company's "Answer"). `testId` and `data` keep each kind's test ids.
 */
export function CommentCard({
  comment,
  testId,
  data,
  returnedLabel,
  badge,
  action,
}: {
  comment: ThreadComment;
  testId: string;
  data?: Record<`data-${string}`, string>;
  returnedLabel: string;
  badge?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      bg={comment.author.kind === 'staff' ? 'var(--mantine-color-yellow-0)' : 'var(--mantine-color-gray-0)'}
      data-testid={testId}
      {...data}
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
            {returnedLabel}
          </Badge>
        )}
        {comment.answersId && (
          <Badge size="xs" color="blue.9" variant="outline" data-testid="answer-badge">
            {t('filing.answer.badge')}
          </Badge>
        )}
        {badge}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Text>
      {action}
    </Paper>
  );
}

/** A titled group of comment cards (the whole document's, or one section's), highlighted when the company must read it. */
export function CommentThread({ title, color, testId, children }: { title: string; color: string; testId: string; children: ReactNode }) {
  return (
    <Alert color={color} variant="light" title={title} icon={<IconMessage size={18} />} styles={READABLE_TITLE} data-testid={testId}>
      <Stack gap="xs">{children}</Stack>
    </Alert>
  );
}
