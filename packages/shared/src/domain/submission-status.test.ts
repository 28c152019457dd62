import { describe, expect, it } from 'vitest';
import {
  SUBMISSION_ACTIONS,
  SUBMISSION_STATUSES,
  type SubmissionAction,
  type SubmissionActor,
  type SubmissionStatus,
} from '../contracts/submissions';
import { allowedSubmissionActions, isAwaitingStaff, isEditableByCompany, isLockedForCompany, nextSubmissionStatus } from './submission-status';

/** The whole allowed table, written out by hand: every other combination must be refused. */
const ALLOWED: [SubmissionStatus, SubmissionAction, SubmissionActor, SubmissionStatus][] = [
  ['draft', 'submit', 'company', 'submitted'],
  ['returned', 'submit', 'company', 'resubmitted'],
  ['submitted', 'startReview', 'staff', 'in_review'],
  ['resubmitted', 'startReview', 'staff', 'in_review'],
  ['in_review', 'return', 'staff', 'returned'],
  ['in_review', 'accept', 'staff', 'accepted'],
];

const ACTORS: SubmissionActor[] = ['company', 'staff'];
const every = SUBMISSION_STATUSES.flatMap((from) => SUBMISSION_ACTIONS.flatMap((action) => ACTORS.map((actor) => [from, action, actor] as const)));

describe('submission status transitions', () => {
  it.each(ALLOWED)('%s --%s by %s--> %s', (from, action, actor, to) => {
    expect(nextSubmissionStatus(from, action, actor)).toBe(to);
  });

  const refused = every.filter(([from, action, actor]) => !ALLOWED.some((a) => a[0] === from && a[1] === action && a[2] === actor));
  it(`refuses the other ${refused.length} combinations`, () => {
    expect(refused).toHaveLength(SUBMISSION_STATUSES.length * SUBMISSION_ACTIONS.length * ACTORS.length - ALLOWED.length);
    for (const [from, action, actor] of refused) {
      expect(nextSubmissionStatus(from, action, actor), `${from} ${action} ${actor}`).toBeNull();
    }
  });

  it('accepted is final for everyone', () => {
    for (const actor of ACTORS) expect(allowedSubmissionActions('accepted', actor)).toEqual([]);
  });

  it.each([
    ['draft', 'company', ['submit']],
    ['draft', 'staff', []],
    ['submitted', 'company', []],
    ['submitted', 'staff', ['startReview']],
    ['in_review', 'company', []],
    ['in_review', 'staff', ['return', 'accept']],
    ['returned', 'company', ['submit']],
    ['returned', 'staff', []],
    ['resubmitted', 'company', []],
    ['resubmitted', 'staff', ['startReview']],
  ] as const)('%s: %s may %j', (status, actor, actions) => {
    expect(allowedSubmissionActions(status, actor)).toEqual(actions);
  });

  it.each([
    ['draft', true, false],
    ['submitted', false, true],
    ['in_review', false, true],
    ['returned', true, false],
    ['resubmitted', false, true],
    ['accepted', false, false],
  ] as const)('%s: editable by the company %s, awaiting staff %s', (status, editable, awaiting) => {
    expect(isEditableByCompany(status)).toBe(editable);
    expect(isLockedForCompany(status)).toBe(!editable);
    expect(isAwaitingStaff(status)).toBe(awaiting);
  });
});
