import { describe, expect, it } from 'vitest';
import { applyCarriedForward, notesRestatements, type NotesCarriedRow } from './notes-restatement';

const stored: NotesCarriedRow[] = [
  { label: 'Bank', current: null, prior: 100, carried: 100 },
  { label: 'Cash', current: null, prior: 5, carried: 5 },
];

describe('applyCarriedForward', () => {
  it.each<[string, NotesCarriedRow[], string[], Partial<NotesCarriedRow>[]]>([
    [
      'the accepted figures kept',
      [
        { label: 'Bank', current: 1, prior: 100 },
        { label: 'Cash', current: 2, prior: 5 },
      ],
      [],
      [{ carried: 100 }, { carried: 5 }],
    ],
    [
      'a restatement with a reason',
      [
        { label: 'Bank', current: 1, prior: 90, restatement: ' late bank letter ' },
        { label: 'Cash', current: 2, prior: 5 },
      ],
      [],
      [{ prior: 90, carried: 100, restatement: 'late bank letter' }, { carried: 5 }],
    ],
    [
      'a change without a reason',
      [
        { label: 'Bank', current: 1, prior: 90 },
        { label: 'Cash', current: 2, prior: 5 },
      ],
      ['s.rows.0.restatement:restatement_required'],
      [],
    ],
    [
      'a reason of 501 characters',
      [
        { label: 'Bank', current: 1, prior: 90, restatement: 'x'.repeat(501) },
        { label: 'Cash', current: 2, prior: 5 },
      ],
      ['s.rows.0.restatement:restatement_too_long'],
      [],
    ],
    [
      'a forged accepted value',
      [
        { label: 'Bank', current: 1, prior: 90, carried: 90 },
        { label: 'Cash', current: 2, prior: 5 },
      ],
      ['s.rows.0.restatement:restatement_required'],
      [],
    ],
    ['a carried line dropped', [{ label: 'Cash', current: 2, prior: 5 }], ['s.rows:carried_row_removed'], []],
    [
      'a new line added, reason on it ignored',
      [...stored, { label: 'New', current: 3, prior: 7, restatement: 'x' }],
      [],
      [{}, {}, { label: 'New', current: 3, prior: 7 }],
    ],
    [
      'back to the accepted figure: the reason goes',
      [
        { label: 'Bank', current: 1, prior: 100, restatement: 'was restated' },
        { label: 'Cash', current: 2, prior: 5 },
      ],
      [],
      [{ label: 'Bank', current: 1, prior: 100, carried: 100 }],
    ],
  ])('%s', (_name, input, errors, rows) => {
    const out = applyCarriedForward(stored, input, 's');
    expect(out.errors.map((e) => `${e.path}:${e.code}`)).toEqual(errors);
    // a row given with its label is compared whole (no `carried`, no reason left over), others in part
    rows.forEach((r, i) => ('label' in r ? expect(out.rows[i]).toEqual(r) : expect(out.rows[i]).toMatchObject(r)));
  });

  it('a section without carried lines takes any rows', () => {
    expect(applyCarriedForward([], [{ label: 'A', current: 1, prior: 2, carried: 3 }], 's')).toEqual({
      rows: [{ label: 'A', current: 1, prior: 2 }],
      errors: [],
    });
  });
});

describe('notesRestatements', () => {
  it('lists the carried lines whose prior figure differs, with the accepted figure and the reason', () => {
    const sections = [
      {
        key: 'cash',
        rows: [
          { label: 'Bank', current: 1, prior: 90, carried: 100, restatement: 'late' },
          { label: 'Cash', current: 1, prior: 5, carried: 5 },
        ],
      },
      { key: 'taxes', rows: [{ label: 'Own line', current: 1, prior: 9 }] },
    ];
    expect(notesRestatements(sections)).toEqual([{ section: 'cash', row: 0, label: 'Bank', accepted: 100, restated: 90, reason: 'late' }]);
  });
});
