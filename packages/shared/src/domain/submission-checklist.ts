import type { FileKind } from '../contracts/files';
import type { SmeSize, SmeSizeResult, SubmissionChecks } from '../contracts/submissions';

/** What the checks before a submit look at: the entered figures, the slots and the two sizes. */
export interface ChecklistInput {
  departmentId: string | null;
  averageLabour: number | null;
  totalAssets: number | null;
  annualIncome: number | null;
  hasSignatories: boolean;
  /** each checklist slot: is it required, what it takes, and the kind of its current file (null: empty) */
  slots: readonly { code: string; required: boolean; kinds: readonly FileKind[]; fileKind: FileKind | null }[];
  declaredSize: SmeSize | null;
  /** null when the sector is unknown (no department, category without a sector) */
  derivedSize: SmeSizeResult | null;
}

/** The derived size is known and is not the declared one (a declared size of "unknown" code never differs). */
export function sizeDiffers(declared: SmeSize | null | undefined, derived: SmeSizeResult | null): boolean {
  return derived?.kind === 'size' && declared !== null && declared !== undefined && derived.size !== declared;
}

/**
 * The two grades of checks before a submit (DESIGN §4): errors block it; warnings must be confirmed.
 * Errors: a figure or the signatories missing, a required slot empty, a file of a kind its slot no
 * longer takes. Warning: the derived size differs from the declared one. A size that cannot be
 * determined (thresholds the service has not entered, a category without a sector) is no warning: the
 * company cannot act on it, the service determines the size (decision 099), staff see it as undetermined.
 */
export function submissionChecks(input: ChecklistInput): SubmissionChecks {
  const checks: SubmissionChecks = { errors: [], warnings: [] };
  if (!input.departmentId) checks.errors.push({ code: 'value_missing', field: 'departmentId' });
  if (input.averageLabour === null) checks.errors.push({ code: 'value_missing', field: 'averageLabour' });
  if (input.totalAssets === null) checks.errors.push({ code: 'value_missing', field: 'totalAssets' });
  if (input.annualIncome === null) checks.errors.push({ code: 'value_missing', field: 'annualIncome' });
  if (!input.hasSignatories) checks.errors.push({ code: 'value_missing', field: 'signatories' });
  for (const slot of input.slots) {
    if (slot.required && !slot.fileKind) checks.errors.push({ code: 'slot_empty', slot: slot.code });
    if (slot.fileKind && !slot.kinds.includes(slot.fileKind)) checks.errors.push({ code: 'file_kind_not_allowed', slot: slot.code });
  }
  const derived = input.derivedSize;
  if (sizeDiffers(input.declaredSize, derived)) checks.warnings.push({ code: 'size_differs' });
  return checks;
}
