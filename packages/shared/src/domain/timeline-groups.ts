/**
 * How the submission timeline shows one upload action (decision 097): files go up one request each
 * (tus), so "uploaded the four statements" is four events. Adjacent events (in timeline order, nothing
 * else between them) of the same groupable kind by the same person, each within the window of the
 * previous one, are shown as one entry listing the files.
 */
export const TIMELINE_GROUP_WINDOW_MS = 10 * 60_000;

export const GROUPED_TIMELINE_ACTIONS: readonly string[] = ['file_uploaded', 'file_replaced'];

export interface GroupableEvent {
  action: string;
  /** who acted (a user id); events without one are never grouped */
  actorId: string | null;
  /** ISO-8601 */
  at: string;
}

/** Splits a timeline (either order) into groups, keeping the order; every event is in exactly one group. */
export function groupTimeline<T extends GroupableEvent>(events: readonly T[], windowMs = TIMELINE_GROUP_WINDOW_MS): T[][] {
  const groups: T[][] = [];
  for (const event of events) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    const joins =
      group !== undefined &&
      last !== undefined &&
      GROUPED_TIMELINE_ACTIONS.includes(event.action) &&
      event.action === last.action &&
      event.actorId !== null &&
      event.actorId === last.actorId &&
      Math.abs(Date.parse(event.at) - Date.parse(last.at)) <= windowMs;
    if (joins) group.push(event);
    else groups.push([event]);
  }
  return groups;
}
