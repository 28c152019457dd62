import { describe, expect, it } from 'vitest';
import { groupTimeline, TIMELINE_GROUP_WINDOW_MS, type GroupableEvent } from './timeline-groups';

const at = (minute: number, second = 0) => new Date(Date.UTC(2024, 0, 15, 9, minute, second)).toISOString();
const ev = (id: string, action: string, actorId: string | null, time: string) => ({ id, action, actorId, at: time });
const ids = (groups: (GroupableEvent & { id: string })[][]) => groups.map((g) => g.map((e) => e.id).join(','));

describe('timeline groups', () => {
  it.each<[string, ReturnType<typeof ev>[], string[]]>([
    [
      'one upload action of four files is one entry',
      [
        ev('a', 'file_uploaded', 'u1', at(0)),
        ev('b', 'file_uploaded', 'u1', at(0, 20)),
        ev('c', 'file_uploaded', 'u1', at(1)),
        ev('d', 'file_uploaded', 'u1', at(2)),
      ],
      ['a,b,c,d'],
    ],
    [
      'another person breaks the group',
      [ev('a', 'file_uploaded', 'u1', at(0)), ev('b', 'file_uploaded', 'u2', at(0, 5)), ev('c', 'file_uploaded', 'u1', at(0, 10))],
      ['a', 'b', 'c'],
    ],
    [
      'another kind breaks the group (uploads and replacements apart)',
      [ev('a', 'file_uploaded', 'u1', at(0)), ev('b', 'file_replaced', 'u1', at(0, 5)), ev('c', 'file_replaced', 'u1', at(0, 9))],
      ['a', 'b,c'],
    ],
    [
      'an event in between breaks the group',
      [ev('a', 'file_uploaded', 'u1', at(0)), ev('b', 'updated', 'u1', at(0, 5)), ev('c', 'file_uploaded', 'u1', at(0, 9))],
      ['a', 'b', 'c'],
    ],
    [
      'a pause longer than the window breaks the group',
      [ev('a', 'file_uploaded', 'u1', at(0)), ev('b', 'file_uploaded', 'u1', at(10)), ev('c', 'file_uploaded', 'u1', at(20, 1))],
      ['a,b', 'c'],
    ],
    ['other kinds are never grouped', [ev('a', 'commented', 's1', at(0)), ev('b', 'commented', 's1', at(0, 1))], ['a', 'b']],
    ['events without a person are never grouped', [ev('a', 'file_uploaded', null, at(0)), ev('b', 'file_uploaded', null, at(0, 1))], ['a', 'b']],
    [
      'newest first works the same',
      [ev('d', 'file_uploaded', 'u1', at(2)), ev('c', 'file_uploaded', 'u1', at(1)), ev('b', 'submitted', 'u1', at(1))],
      ['d,c', 'b'],
    ],
  ])('%s', (_name, events, expected) => {
    expect(ids(groupTimeline(events))).toEqual(expected);
  });

  it('the window is ten minutes between neighbours', () => {
    expect(TIMELINE_GROUP_WINDOW_MS).toBe(600_000);
    expect(groupTimeline([], 1)).toEqual([]);
  });
});
