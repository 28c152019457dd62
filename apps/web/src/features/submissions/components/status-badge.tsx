import type { SubmissionStatus } from '@bansi/shared';
import type { BadgeProps } from '@mantine/core';
import { ReviewStatusBadge } from '../../../components/review-status-badge';

export function StatusBadge({ status, ...props }: { status: SubmissionStatus } & BadgeProps) {
  return <ReviewStatusBadge status={status} testId="submission-status" {...props} />;
}
