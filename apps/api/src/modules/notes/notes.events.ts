import { newId } from '../../lib/crypto';
import type { Executor } from '../../lib/deps';
import type { Principal } from '../../plugins/access';
import { findUserById } from '../auth';
import { actorKindOf } from './notes.policy';
import type { NotesEventsTable } from './notes.tables';

/** The user's name as the timeline records it (as it is now: the timeline keeps it). */
export async function notesActorName(db: Executor, principal: Principal): Promise<string> {
  return (await findUserById(db, principal.userId))?.name ?? '';
}

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
