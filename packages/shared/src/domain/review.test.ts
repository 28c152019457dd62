import { describe, expect, it } from 'vitest';
import { SLIP_STATUSES } from '../contracts/payments';
import { SUBMISSION_ACTIONS, SUBMISSION_STATUSES, type SubmissionActor } from '../contracts/submissions';
import {
  allowedReviewActions,
  commentsSavedInReview,
  nextReviewStatus,
  REVIEW_KINDS,
  statusAfterSubmit,
  type ReviewAction,
  type ReviewCommentLike,
  type ReviewKind,
  type ReviewStatus,
} from './review';

/** The whole allowed table for every kind, written out by hand: every other combination must be refused. */
const FILING_ROWS = [
  ['draft', 'submit', 'company', 'submitted'],
  ['returned', 'submit', 'company', 'resubmitted'],
  ['submitted', 'startReview', 'staff', 'in_review'],
  ['resubmitted', 'startReview', 'staff', 'in_review'],
  ['in_review', 'return', 'staff', 'returned'],
  ['in_review', 'accept', 'staff', 'accepted'],
] as const;
const ALLOWED: [ReviewKind, ReviewStatus, ReviewAction, SubmissionActor, ReviewStatus][] = [
  ...FILING_ROWS.map((r) => ['submission', ...r] as [ReviewKind, ...typeof r]),
  ...FILING_ROWS.map((r) => ['notes', ...r] as [ReviewKind, ...typeof r]),
  ['slip', 'pending', 'confirm', 'staff', 'confirmed'],
  ['slip', 'pending', 'reject', 'staff', 'rejected'],
];
const STATUSES: Record<ReviewKind, readonly ReviewStatus[]> = { submission: SUBMISSION_STATUSES, notes: SUBMISSION_STATUSES, slip: SLIP_STATUSES };
const ACTIONS: readonly ReviewAction[] = [...SUBMISSION_ACTIONS, 'confirm', 'reject'];
const ACTORS: SubmissionActor[] = ['company', 'staff'];

describe('the one review table', () => {
  it.each(ALLOWED)('%s: %s --%s by %s--> %s', (kind, from, action, actor, to) => {
    expect(nextReviewStatus(kind, from, action, actor)).toBe(to);
  });

  it('refuses every other combination, for every kind', () => {
    let refused = 0;
    for (const kind of REVIEW_KINDS)
      for (const from of STATUSES[kind])
        for (const action of ACTIONS)
          for (const actor of ACTORS) {
            if (ALLOWED.some((a) => a[0] === kind && a[1] === from && a[2] === action && a[3] === actor)) continue;
            expect(nextReviewStatus(kind, from, action, actor), `${kind} ${from} ${action} ${actor}`).toBeNull();
            refused += 1;
          }
    const all = REVIEW_KINDS.reduce((n, k) => n + STATUSES[k].length * ACTIONS.length * ACTORS.length, 0);
    expect(refused).toBe(all - ALLOWED.length);
  });

  it('final states allow nothing; staff see the buttons the table gives', () => {
    for (const [kind, status] of [
      ['submission', 'accepted'],
      ['notes', 'accepted'],
      ['slip', 'confirmed'],
      ['slip', 'rejected'],
    ] as const)
      for (const actor of ACTORS) expect(allowedReviewActions(kind, status, actor)).toEqual([]);
    expect(allowedReviewActions('notes', 'in_review', 'staff')).toEqual(['return', 'accept']);
    expect(allowedReviewActions('slip', 'pending', 'staff')).toEqual(['confirm', 'reject']);
    expect(allowedReviewActions('slip', 'pending', 'company')).toEqual([]);
  });

  it.each([
    ['submission', 'draft', false, 'submitted'],
    ['submission', 'draft', true, 'submitted'],
    ['submission', 'returned', true, 'in_review'],
    ['submission', 'returned', false, 'resubmitted'],
    ['notes', 'returned', true, 'in_review'],
    ['notes', 'draft', false, 'submitted'],
    ['notes', 'in_review', true, null],
    ['slip', 'pending', true, null],
  ] as const)('a %s submitted from %s (returned before: %s) is %s', (kind, from, returned, to) => {
    expect(statusAfterSubmit(kind, from, returned)).toBe(to);
  });
});

const c = (id: string, kind: 'company' | 'staff', returned = false, answersId: string | null = null) => ({
  id,
  author: { kind },
  returned,
  answersId,
});

describe('comments saved during the review', () => {
  it('are the staff’s own comments after the last return, oldest first', () => {
    const comments: (ReviewCommentLike & { id: string })[] = [
      c('before-first-return', 'staff'),
      c('return-reasons', 'staff', true),
      c('return-file-comment', 'staff', true),
      c('resubmit-note', 'company'),
      c('saved-1', 'staff'),
      c('answer', 'company', false, 'saved-1'),
      c('saved-2', 'staff'),
    ];
    expect(commentsSavedInReview(comments).map((x) => x.id)).toEqual(['saved-1', 'saved-2']);
  });

  it('are every staff comment when it was never returned, and none right after a return', () => {
    expect(commentsSavedInReview([c('a', 'staff'), c('b', 'company'), c('d', 'staff')]).map((x) => x.id)).toEqual(['a', 'd']);
    expect(commentsSavedInReview([c('a', 'staff'), c('r', 'staff', true)])).toEqual([]);
  });
});
