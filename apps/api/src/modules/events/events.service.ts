import { newId, nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { insertDomainEvent } from './events.repository';

/**
 * The payload of each event type. A feature declares the events it publishes by merging into this
 * interface (`declare module '../events/events.service'`), so publishers and subscribers agree on
 * the facts without importing each other.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEventMap {}

export type DomainEventType = keyof DomainEventMap;

/**
 * What a company is told in its bell about an event, worded by the feature that publishes it (its texts,
 * both languages); a subscriber in modules/subscribers.ts puts it in the bell (decision 214).
 */
export interface CompanyNews {
  titleLo: string;
  titleEn: string;
  /** plain text, paragraphs split by a blank line */
  bodyLo: string;
  bodyEn: string;
  /** the dashboard screen it concerns */
  link: string;
}

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  /** the `domain_events` row's id, set by `publish` (outgoing events carry it: receivers de-duplicate on it) */
  id: string;
  type: T;
  subject: { kind: string; id: string };
  companyId: string | null;
  payload: DomainEventMap[T];
  occurredAt: string;
  /**
   * What the company is told in its bell about it, if anything: worded by the publishing feature, put in the
   * bell by a subscriber (decision 214). Not stored with the event: its row keeps the facts (`payload`).
   */
  news?: CompanyNews;
}

/** A reaction to an event: runs in the publisher's transaction, so it commits or rolls back with it. */
export type Subscriber<T extends DomainEventType> = (trx: Executor, event: DomainEvent<T>, deps: Deps) => Promise<void>;

const subscribers = new Map<DomainEventType, Subscriber<never>[]>();

/** Adds a reaction to an event type. Only the composition floor (modules/subscribers.ts) calls it. */
export function subscribe<T extends DomainEventType>(type: T, subscriber: Subscriber<T>): void {
  subscribers.set(type, [...(subscribers.get(type) ?? []), subscriber as Subscriber<never>]);
}

/**
 * Records that something happened (one `domain_events` row, in the caller's transaction) and runs
 * its subscribers there, one after the other in the order they subscribed (decision 195): what they
 * write commits or rolls back with the change itself, and a failing subscriber fails the command.
 */
export async function publish<T extends DomainEventType>(
  deps: Deps,
  trx: Executor,
  event: Omit<DomainEvent<T>, 'id' | 'occurredAt'> & { occurredAt?: string },
): Promise<void> {
  const full = { ...event, id: newId(), occurredAt: event.occurredAt ?? nowIso() } as DomainEvent<T>;
  await insertDomainEvent(trx, {
    id: full.id,
    type: full.type,
    subjectKind: full.subject.kind,
    subjectId: full.subject.id,
    companyId: full.companyId,
    payload: JSON.stringify(full.payload),
    occurredAt: full.occurredAt,
  });
  for (const subscriber of subscribers.get(full.type) ?? []) await (subscriber as Subscriber<T>)(trx, full, deps);
}
