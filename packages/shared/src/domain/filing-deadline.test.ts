import { describe, expect, it } from 'vitest';
import { filingDeadline, filingDeadlineState, type FilingDeadlineState } from './filing-deadline';

describe('filingDeadline', () => {
  it('is 31 March of the next year, ending at midnight in Vientiane', () => {
    expect(filingDeadline(2023)).toEqual({ due: '2024-03-31', endsAt: Date.parse('2024-03-31T17:00:00Z') });
  });
});

describe('filingDeadlineState (book year 2023)', () => {
  it.each<[string, string, boolean, FilingDeadlineState]>([
    ['a month before', '2024-03-01T03:00:00Z', false, { kind: 'open', daysLeft: 31 }],
    ['the last day, in the morning in Vientiane', '2024-03-31T01:00:00Z', false, { kind: 'open', daysLeft: 1 }],
    ['the last minute of the last day', '2024-03-31T16:59:00Z', false, { kind: 'open', daysLeft: 1 }],
    ['midnight after it in Vientiane: late', '2024-03-31T17:00:00Z', false, { kind: 'late', daysLate: 1 }],
    ['a week later', '2024-04-07T03:00:00Z', false, { kind: 'late', daysLate: 7 }],
    ['submitted before it', '2024-03-01T03:00:00Z', true, { kind: 'filed' }],
    ['submitted, long after it', '2026-11-23T03:00:00Z', true, { kind: 'filed' }],
  ])('%s', (_name, at, submitted, expected) => {
    expect(filingDeadlineState(2023, Date.parse(at), submitted)).toEqual(expected);
  });
});
