import type { SubmissionChecks, SubmissionField } from '@bansi/shared';

export type StepKey = 'enterprise' | 'signatories' | 'documents' | 'review';

/** The wizard's steps, in order. */
export const STEPS: StepKey[] = ['enterprise', 'signatories', 'documents', 'review'];

/** The step where a figure or choice is entered. */
export const FIELD_STEP: Record<SubmissionField, StepKey> = {
  departmentId: 'enterprise',
  averageLabour: 'enterprise',
  totalAssets: 'enterprise',
  annualIncome: 'enterprise',
  signatories: 'signatories',
};

/** The step that fixes a blocking check: its field's step, else the documents (a slot empty or of a wrong kind). */
export const stepOfError = (e: SubmissionChecks['errors'][number]): StepKey => (e.field ? FIELD_STEP[e.field] : 'documents');

/**
 * Where a draft reopens: the first step that still needs something (the earliest step of any blocking check), or
 * the review when nothing blocks — never step 1 again for a draft whose figures and files are all in.
 */
export function resumeStep(checks: SubmissionChecks): StepKey {
  const needed = checks.errors.map((e) => STEPS.indexOf(stepOfError(e)));
  return needed.length ? STEPS[Math.min(...needed)]! : 'review';
}
