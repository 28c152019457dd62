import { GROUPED_TIMELINE_ACTIONS, groupTimeline, isNotesSectionKey, type ReviewEvent } from '@bansi/shared';
import type { ReviewEventsTable } from './review.tables';

/**
 * The ONE review timeline presenter (issue 34, decision 270): a filing's, a notes document's and a payment slip's
 * review events become `ReviewEvent`s here, in one shape. One upload action of several files (events of the same
 * groupable kind by the same person, written together: domain/timeline-groups.ts, decision 097) is one entry.
 * A feature may keep its own row type: what the presenter reads is below (fields a kind lacks may be absent).
 */
export type ReviewTimelineRow = Pick<
  ReviewEventsTable,
  'id' | 'at' | 'actorId' | 'actorKind' | 'actorName' | 'action' | 'fromStatus' | 'toStatus' | 'comment' | 'details'
> &
  Partial<Pick<ReviewEventsTable, 'fileId' | 'slot' | 'fileName' | 'section'>>;

/** The notes sections an event names: those an update changed (details.sections) and the one a comment is about. */
function sectionsOf(row: ReviewTimelineRow): ReviewEvent['sections'] {
  let listed: unknown[] = [];
  if (row.details) {
    try {
      const details = JSON.parse(row.details) as { sections?: unknown };
      if (Array.isArray(details?.sections)) listed = details.sections;
    } catch {
      listed = [];
    }
  }
  return [...listed, ...(row.section ? [row.section] : [])].filter(
    (s): s is ReviewEvent['sections'][number] => typeof s === 'string' && isNotesSectionKey(s),
  );
}

/** One timeline entry: an event, or one upload action of several files (newest first). */
export function presentReviewGroup(group: readonly ReviewTimelineRow[]): ReviewEvent {
  const [first] = group;
  if (!first) throw new Error('an empty timeline group');
  const concernsFiles = group.some((e) => (e.fileId ?? null) !== null) && GROUPED_TIMELINE_ACTIONS.includes(first.action);
  return {
    id: first.id,
    at: first.at,
    actor: { kind: first.actorKind, name: first.actorName },
    action: first.action as ReviewEvent['action'],
    fromStatus: first.fromStatus as ReviewEvent['fromStatus'],
    toStatus: first.toStatus as ReviewEvent['toStatus'],
    comment: first.comment,
    fileId: first.fileId ?? null,
    slot: first.slot ?? null,
    fileName: first.fileName ?? null,
    files: concernsFiles ? group.map((e) => ({ fileId: e.fileId ?? null, slot: e.slot ?? null, fileName: e.fileName ?? null })) : [],
    sections: sectionsOf(first),
  };
}

/** The timeline rows (in timeline order, newest first) as entries: one upload action is one entry. */
export const presentReviewTimeline = (rows: readonly ReviewTimelineRow[]): ReviewEvent[] => groupTimeline(rows).map(presentReviewGroup);
