import type { Executor } from '../../lib/deps';
import type { DomainEventsTable } from './events.tables';

export async function insertDomainEvent(db: Executor, row: DomainEventsTable) {
  await db.insertInto('domainEvents').values(row).execute();
}

export const listDomainEventsOf = (db: Executor, subjectKind: string, subjectId: string) =>
  db
    .selectFrom('domainEvents')
    .selectAll()
    .where('subjectKind', '=', subjectKind)
    .where('subjectId', '=', subjectId)
    .orderBy('occurredAt')
    .orderBy('id')
    .execute();
