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

export function StatusBadge({ status, ...props }: { status: SubmissionStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={COLORS[status]} data-testid="submission-status" data-status={status} {...props}>
      {t(`submission.status.${status}`)}
    </Badge>
  );
}
