import { resolve } from 'node:path';
import {
  LANGUAGES,
  NOTES_EVENT_ACTIONS,
  SLIP_EVENT_ACTIONS,
  SLIP_STATUSES,
  SUBMISSION_EVENT_ACTIONS,
  SUBMISSION_STATUSES,
  type ReviewEvent,
  type ReviewKind,
} from '@bansi/shared';
import { loadCatalogs } from '@bansi/shared/catalog-files';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { REVIEW_TIMELINE_TEXT } from './review-timeline-text';

const catalogs = loadCatalogs(resolve(__dirname, '../../../../../packages/shared/locales'));
const lookup = (catalog: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalog);

const ACTIONS: Record<ReviewKind, readonly string[]> = { submission: SUBMISSION_EVENT_ACTIONS, notes: NOTES_EVENT_ACTIONS, slip: SLIP_EVENT_ACTIONS };
const STATUSES: Record<ReviewKind, readonly string[]> = { submission: SUBMISSION_STATUSES, notes: SUBMISSION_STATUSES, slip: SLIP_STATUSES };

const event = (action: string, files = 0): ReviewEvent => ({
  id: '00000000-0000-4000-8000-000000000000',
  at: '2026-01-05T09:00:00.000Z',
  actor: { kind: 'company', name: 'Ms Dao' },
  action: action as ReviewEvent['action'],
  fromStatus: null,
  toStatus: null,
  comment: null,
  fileId: null,
  slot: null,
  fileName: 'a.pdf',
  files: Array.from({ length: files }, (_, i) => ({ fileId: null, slot: null, fileName: `${i}.pdf` })),
  sections: [],
});

// The one timeline component (decision 270) words every action and status of every kind in both languages.
describe('review timeline words', () => {
  it.each(Object.keys(REVIEW_TIMELINE_TEXT) as ReviewKind[])('%s: every action, status and line has its words in Lao and English', (kind) => {
    const keys = new Set<string>();
    const t = ((key: string) => {
      keys.add(key);
      return key;
    }) as unknown as TFunction;
    const text = REVIEW_TIMELINE_TEXT[kind];
    keys.add(text.empty);
    keys.add(text.more);
    for (const action of ACTIONS[kind]) {
      text.title(t, event(action));
      text.title(t, event(action, 2));
      text.by(t, event(action), 'now');
    }
    for (const status of STATUSES[kind]) text.status(t, event('updated'), status);
    expect(keys.size).toBeGreaterThan(ACTIONS[kind].length);
    for (const lng of LANGUAGES)
      for (const key of keys) {
        const found = lookup(catalogs[lng], key) ?? lookup(catalogs[lng], `${key}_other`);
        expect(typeof found, `${lng}: ${key}`).toBe('string');
      }
  });

  it('keeps the test ids the browser specs read', () => {
    expect(REVIEW_TIMELINE_TEXT.submission.testId).toBe('submission-timeline');
    expect(REVIEW_TIMELINE_TEXT.notes.testId).toBe('notes-timeline');
  });
});
