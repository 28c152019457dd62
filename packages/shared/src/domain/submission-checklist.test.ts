import { describe, expect, it } from 'vitest';
import type { SmeSize, SmeSizeResult } from '../contracts/submissions';
import { sizeDiffers, submissionChecks, type ChecklistInput } from './submission-checklist';

const small: SmeSizeResult = { kind: 'size', size: 'small', basis: ['labour'] };
const noThresholds: SmeSizeResult = { kind: 'undetermined', missing: [{ sector: 'trade', size: 'micro', criterion: 'labour' }], missingInputs: [] };
const noFigures: SmeSizeResult = { kind: 'undetermined', missing: [], missingInputs: ['assets'] };

/** A submission that passes every check; each row below changes one thing. */
const complete: ChecklistInput = {
  departmentId: 'dep-1',
  averageLabour: 12,
  totalAssets: 500_000_000,
  annualIncome: 0,
  hasSignatories: true,
  slots: [
    { code: 'balance_sheet', required: true, kinds: ['pdf'], fileKind: 'pdf' },
    { code: 'notes', required: false, kinds: ['pdf', 'xlsx'], fileKind: null },
  ],
  declaredSize: 'small',
  derivedSize: small,
};

describe('submissionChecks', () => {
  it.each<[string, Partial<ChecklistInput>, ReturnType<typeof submissionChecks>]>([
    ['nothing to say when complete', {}, { errors: [], warnings: [] }],
    // a figure of 0 is entered, not missing (annualIncome above)
    ['no department', { departmentId: null, derivedSize: null }, { errors: [{ code: 'value_missing', field: 'departmentId' }], warnings: [] }],
    [
      'every figure missing, in form order',
      { averageLabour: null, totalAssets: null, annualIncome: null, hasSignatories: false, derivedSize: noFigures },
      {
        errors: [
          { code: 'value_missing', field: 'averageLabour' },
          { code: 'value_missing', field: 'totalAssets' },
          { code: 'value_missing', field: 'annualIncome' },
          { code: 'value_missing', field: 'signatories' },
        ],
        warnings: [],
      },
    ],
    [
      'a required slot empty; an optional one may stay empty',
      { slots: [{ code: 'balance_sheet', required: true, kinds: ['pdf'], fileKind: null }, ...complete.slots.slice(1)] },
      { errors: [{ code: 'slot_empty', slot: 'balance_sheet' }], warnings: [] },
    ],
    [
      'a file of a kind the slot no longer takes, even in an optional slot',
      { slots: [complete.slots[0]!, { code: 'notes', required: false, kinds: ['pdf'], fileKind: 'xlsx' }] },
      { errors: [{ code: 'file_kind_not_allowed', slot: 'notes' }], warnings: [] },
    ],
    ['declared micro, derived small', { declaredSize: 'micro' }, { errors: [], warnings: [{ code: 'size_differs' }] }],
    ['no declared size: nothing to differ from', { declaredSize: null }, { errors: [], warnings: [] }],
    // The service determines the size then: nothing for the company to confirm (decision 099).
    ['figures complete but thresholds missing', { derivedSize: noThresholds }, { errors: [], warnings: [] }],
    ['department whose category has no sector', { derivedSize: null }, { errors: [], warnings: [] }],
    [
      'figures missing: the missing figure is the error, not an extra warning',
      { totalAssets: null, derivedSize: noFigures },
      { errors: [{ code: 'value_missing', field: 'totalAssets' }], warnings: [] },
    ],
  ])('%s', (_name, change, expected) => {
    expect(submissionChecks({ ...complete, ...change })).toEqual(expected);
  });
});

describe('sizeDiffers', () => {
  it.each<[SmeSizeResult | null, SmeSize | null | undefined, boolean]>([
    [small, 'small', false],
    [small, 'medium', true],
    [small, null, false],
    [small, undefined, false],
    [noThresholds, 'small', false],
    [null, 'small', false],
  ])('derived %o, declared %s → %s', (derived, declared, expected) => {
    expect(sizeDiffers(declared, derived)).toBe(expected);
  });
});
