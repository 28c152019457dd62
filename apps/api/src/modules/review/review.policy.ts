import { nextReviewStatus, type ErrorCode, type ReviewAction, type ReviewKind, type ReviewStatus, type SubmissionActor } from '@bansi/shared';
import { AppError } from '../../lib/errors';

/**
 * Where `action` by `actor` leads from `from` in the one review table (domain/review.ts), for this kind;
 * a move the table does not allow is a 409 with `code` (INVALID_TRANSITION unless the kind has its own).
 */
export function reviewStep<S extends ReviewStatus>(
  kind: ReviewKind,
  from: S,
  action: ReviewAction,
  actor: SubmissionActor,
  code: ErrorCode = 'INVALID_TRANSITION',
): S {
  const to = nextReviewStatus(kind, from, action, actor);
  if (!to) throw new AppError(409, code);
  return to as S;
}
