import { Group, Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * The one staff review screen layout (issue 34) for every kind: notices, a header (whose item it is, its
 * status and facts, the review actions), the kind's own panel (the filing's files, the notes' sections, …),
 * the timeline, and the kind's dialogs. Each kind fills the slots; the layout is the same.
 */
export function ReviewScreen({
  testId,
  status,
  version,
  notices,
  title,
  titleTestId,
  badges,
  actions,
  facts,
  children,
  timelineTitle,
  timeline,
  dialogs,
}: {
  /** the screen's test id; it carries the status and the version read */
  testId: string;
  status: string;
  version: number;
  /** the stale and failure alerts */
  notices?: ReactNode;
  title: ReactNode;
  titleTestId?: string;
  /** status badge, reference, year and the like, beside each other under the title */
  badges: ReactNode;
  /** the review's buttons */
  actions: ReactNode;
  /** facts under the header's first line (e.g. the company's) */
  facts?: ReactNode;
  /** the kind's own panel */
  children: ReactNode;
  timelineTitle: string;
  timeline: ReactNode;
  dialogs?: ReactNode;
}) {
  const timelineId = useId();
  return (
    <Stack gap="md" data-testid={testId} data-status={status} data-version={version}>
      {notices}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }} data-testid={titleTestId}>
                {title}
              </Title>
              <Group gap="xs" wrap="wrap">
                {badges}
              </Group>
            </Stack>
            <Group gap="xs" wrap="wrap" data-testid="staff-actions">
              {actions}
            </Group>
          </Group>
          {facts}
        </Stack>
      </Paper>
      {children}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby={timelineId}>
        <Title order={2} size="h5" mb="sm" id={timelineId}>
          {timelineTitle}
        </Title>
        {timeline}
      </Paper>
      {dialogs}
    </Stack>
  );
}
