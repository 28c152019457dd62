import { describe, expect, it } from 'vitest';
import { resumeStep } from './steps';

describe('a draft reopens at the first step that still needs something', () => {
  it.each([
    ['nothing blocks: the review', [], 'review'],
    ['only files missing: the documents', [{ code: 'slot_empty', slot: 'balance_sheet' }], 'documents'],
    ['a wrong file kind: the documents', [{ code: 'file_kind_not_allowed', slot: 'audit_report' }], 'documents'],
    [
      'no signatories and files missing: the signatories',
      [
        { code: 'slot_empty', slot: 'x' },
        { code: 'value_missing', field: 'signatories' },
      ],
      'signatories',
    ],
    [
      'a figure missing, whatever else: the enterprise step',
      [
        { code: 'value_missing', field: 'signatories' },
        { code: 'value_missing', field: 'totalAssets' },
      ],
      'enterprise',
    ],
  ] as const)('%s', (_name, errors, step) => {
    expect(resumeStep({ errors: [...errors], warnings: [] })).toBe(step);
  });
});
