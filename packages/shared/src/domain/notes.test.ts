import { describe, expect, it } from 'vitest';
import {
  NOTES_MAX_AMOUNT,
  NOTES_MAX_ROWS,
  NOTES_SECTION_KEYS,
  NOTES_TABLE_SECTIONS,
  NOTES_TEXT_LIMITS,
  emptyNotesSections,
  notesAmountError,
  notesChecks,
  notesSectionTotal,
  validateNotesSections,
  type NotesKey,
  type NotesSectionData,
  type NotesSectionPatch,
} from './notes';

describe('notes sections', () => {
  it('has the 18 sections of IFRS for SMEs section 8 in order, tables in 5–14', () => {
    expect(NOTES_SECTION_KEYS).toEqual([
      'general',
      'basis',
      'policies',
      'estimates',
      'cash',
      'receivables',
      'inventories',
      'ppe',
      'borrowings',
      'payables',
      'taxes',
      'equity',
      'revenue',
      'expenses',
      'related-parties',
      'commitments',
      'subsequent-events',
      'approval',
    ]);
    expect(NOTES_TABLE_SECTIONS).toEqual(NOTES_SECTION_KEYS.slice(4, 14));
    expect(emptyNotesSections().map((s) => s.key)).toEqual([...NOTES_SECTION_KEYS]);
  });
});

describe('amounts', () => {
  const cases: [NotesKey, number | null, string | null][] = [
    ['cash', 0, null],
    ['cash', 1_250_000, null],
    ['cash', null, null],
    ['cash', NOTES_MAX_AMOUNT, null],
    ['cash', NOTES_MAX_AMOUNT + 1, 'amount_too_large'],
    ['equity', -NOTES_MAX_AMOUNT - 1, 'amount_too_large'],
    ['cash', 10.5, 'amount_fraction'],
    ['cash', 0.1, 'amount_fraction'],
    ['cash', Number.NaN, 'amount_fraction'],
    ['cash', -1, 'amount_negative'],
    ['revenue', -5, 'amount_negative'],
    ['borrowings', -5, 'amount_negative'],
    ['ppe', -300_000, null],
    ['equity', -1, null],
    ['receivables', -20_000, null],
    ['inventories', -1, null],
  ];
  it.each(cases)('%s %s → %s', (key, value, code) => {
    expect(notesAmountError(key, value)).toBe(code);
  });
});

describe('totals', () => {
  const rows = (...pairs: [number | null, number | null][]) => pairs.map(([current, prior], i) => ({ label: `line ${i}`, current, prior }));
  const cases: [NotesKey, NotesSectionData['rows'], { current: number; prior: number } | null][] = [
    ['cash', [], { current: 0, prior: 0 }],
    ['cash', rows([1_000, 2_000], [3_500, null]), { current: 4_500, prior: 2_000 }],
    ['ppe', rows([100_000_000, 90_000_000], [-25_000_000, -20_000_000]), { current: 75_000_000, prior: 70_000_000 }],
    ['general', rows([1, 1]), null],
    ['approval', [], null],
  ];
  it.each(cases)('%s', (key, r, total) => {
    expect(notesSectionTotal({ key, rows: r })).toEqual(total);
  });
  it('adds 200 lines of 10^12 exactly (well inside 2^53)', () => {
    const many = Array.from({ length: NOTES_MAX_ROWS }, () => ({ label: 'x', current: 1_000_000_000_000, prior: 1 }));
    expect(notesSectionTotal({ key: 'revenue', rows: many })).toEqual({ current: 200_000_000_000_000, prior: 200 });
  });
});

describe('validateNotesSections', () => {
  const row = (current: number | null = 1, prior: number | null = 1) => ({ label: 'Cash at bank', current, prior });
  const cases: [string, NotesSectionPatch[], { path: string; code: string }[]][] = [
    [
      'a valid patch',
      [
        { key: 'cash', text: 'ok', rows: [row()] },
        { key: 'general', fields: { tin: '123' } },
      ],
      [],
    ],
    ['an unknown section', [{ key: 'goodwill', text: 'x' }], [{ path: 'sections.0.key', code: 'unknown_section' }]],
    ['a section twice', [{ key: 'cash' }, { key: 'cash' }], [{ path: 'sections.1.key', code: 'duplicate_section' }]],
    [
      'text over the limit',
      [{ key: 'approval', text: 'ກ'.repeat(NOTES_TEXT_LIMITS.approval + 1) }],
      [{ path: 'sections.0.text', code: 'text_too_long' }],
    ],
    ['text at the limit (Lao counted by code point)', [{ key: 'approval', text: 'ກ'.repeat(NOTES_TEXT_LIMITS.approval) }], []],
    [
      '201 rows',
      [{ key: 'cash', rows: Array.from({ length: NOTES_MAX_ROWS + 1 }, () => row()) }],
      [{ path: 'sections.0.rows', code: 'too_many_rows' }],
    ],
    ['200 rows', [{ key: 'cash', rows: Array.from({ length: NOTES_MAX_ROWS }, () => row()) }], []],
    ['rows in a prose section', [{ key: 'policies', rows: [row()] }], [{ path: 'sections.0.rows', code: 'rows_not_allowed' }]],
    ['a fraction', [{ key: 'cash', rows: [row(1.5)] }], [{ path: 'sections.0.rows.0.current', code: 'amount_fraction' }]],
    ['a negative prior', [{ key: 'payables', rows: [row(1), row(1, -2)] }], [{ path: 'sections.0.rows.1.prior', code: 'amount_negative' }]],
    ['too large', [{ key: 'cash', rows: [row(1e16)] }], [{ path: 'sections.0.rows.0.current', code: 'amount_too_large' }]],
    [
      'a long label',
      [{ key: 'cash', rows: [{ label: 'x'.repeat(201), current: 1, prior: 1 }] }],
      [{ path: 'sections.0.rows.0.label', code: 'label_too_long' }],
    ],
    ['an unknown field', [{ key: 'cash', fields: { tin: '1' } }], [{ path: 'sections.0.fields.tin', code: 'unknown_field' }]],
    ['a bad date', [{ key: 'approval', fields: { approvalDate: '2024-02-30' } }], [{ path: 'sections.0.fields.approvalDate', code: 'date_invalid' }]],
    ['general not applicable', [{ key: 'general', notApplicable: true }], [{ path: 'sections.0.notApplicable', code: 'not_applicable_not_allowed' }]],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(validateNotesSections(input).map(({ path, code }) => ({ path, code }))).toEqual(expected);
  });
});

describe('checks before a submit', () => {
  const complete = () => {
    const sections = emptyNotesSections();
    for (const s of sections) {
      if (s.key === 'general')
        s.fields = { nameLo: 'ບໍລິສັດ', nameEn: '', registrationNo: 'R1', tin: 'T1', legalForm: 'Ltd', address: 'Vientiane', activities: 'Trade' };
      else if (s.key === 'approval') s.fields = { director: 'A', accountant: 'B', approvalDate: '2024-03-01' };
      else s.text = 'Written.';
    }
    return sections;
  };
  it('passes a complete document (the English name may stay empty)', () => {
    expect(notesChecks(complete())).toEqual({ errors: [], warnings: [] });
  });
  it('blocks on every missing required field of general information and approval', () => {
    const s = complete();
    s[0]!.fields.tin = ' ';
    s[17]!.fields.approvalDate = '';
    expect(notesChecks(s).errors).toEqual([
      { code: 'field_missing', section: 'general', field: 'tin' },
      { code: 'field_missing', section: 'approval', field: 'approvalDate' },
    ]);
  });
  it('warns on sections neither written nor not applicable; a table line or "not applicable" counts', () => {
    const s = complete();
    s[4]!.text = '';
    s[5]!.text = '';
    s[5]!.notApplicable = true;
    s[6]!.text = '';
    s[6]!.rows = [{ label: '', current: 5, prior: null }];
    s[14]!.text = '  ';
    expect(notesChecks(s).warnings).toEqual([
      { code: 'section_empty', section: 'cash' },
      { code: 'section_empty', section: 'related-parties' },
    ]);
  });
});
