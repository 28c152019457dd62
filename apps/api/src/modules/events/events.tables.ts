/**
 * What happened, one row per domain event (decision 195): written by the command that made it
 * happen, in its transaction, beside its audit row. The audit log says who did what for people;
 * this table says what happened for the code that reacts to it (modules/subscribers.ts).
 * Append-only, no foreign keys: an event outlives the rows it names.
 */
export interface DomainEventsTable {
  id: string;
  /** `<area>.<past participle>`: `submission.submitted`, … */
  type: string;
  subjectKind: string;
  subjectId: string;
  /** the company the event concerns, null for platform-wide events */
  companyId: string | null;
  /** JSON object: the event's facts (never secrets) */
  payload: string;
  occurredAt: string;
}

export interface EventsTables {
  domainEvents: DomainEventsTable;
}
