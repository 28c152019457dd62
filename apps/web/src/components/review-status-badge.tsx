import type { SubmissionStatus } from '@bansi/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Filled, in shades where white text keeps WCAG AA contrast (4.5:1).
const COLORS: Record<SubmissionStatus, string> = {
  draft: 'gray.7',
  submitted: 'blue.8',
  in_review: 'indigo.8',
  returned: 'red.9',
  resubmitted: 'cyan.9',
  accepted: 'teal.9',
};

/** The review state of a submission or a notes document (the same states, DESIGN §8.2). */
export function ReviewStatusBadge({ status, testId, ...props }: { status: SubmissionStatus; testId: string } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={COLORS[status]} data-testid={testId} data-status={status} {...props}>
      {t(`submission.status.${status}`)}
    </Badge>
  );
}
