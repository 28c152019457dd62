import { newId } from '../../lib/crypto';
import type { Principal } from '../../plugins/access';
import { reviewActorName } from '../review';
import { actorKindOf } from './notes.policy';
import type { NotesEventsTable } from './notes.tables';

/** The user's name as the timeline records it (as it is now: the timeline keeps it). */
export const notesActorName = reviewActorName;

export function notesEvent(
  principal: Principal,
  name: string,
  notesId: string,
  action: string,
  at: string,
  extra: Partial<NotesEventsTable> = {},
): NotesEventsTable {
  return {
    id: newId(),
    notesId,
    at,
    ord: 0,
    actorId: principal.userId,
    actorKind: actorKindOf(principal),
    actorName: name,
    action,
    fromStatus: null,
    toStatus: null,
    comment: null,
    section: null,
    partOfReturn: 0,
    details: null,
    ...extra,
  };
}
