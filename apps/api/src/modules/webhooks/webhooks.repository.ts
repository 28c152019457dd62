import { afterKeyset } from '../../db/keyset';
import type { Executor } from '../../lib/deps';
import type { WebhookDeliveryStatus } from '@bansi/shared';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './webhooks.tables';

export async function insertEndpoint(db: Executor, row: WebhookEndpointsTable) {
  await db.insertInto('webhookEndpoints').values(row).execute();
}

export const listEndpoints = (db: Executor) =>
  db.selectFrom('webhookEndpoints').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();

export const listActiveEndpoints = (db: Executor) => db.selectFrom('webhookEndpoints').selectAll().where('active', '=', 1).execute();

export const findEndpoint = (db: Executor, id: string) => db.selectFrom('webhookEndpoints').selectAll().where('id', '=', id).executeTakeFirst();

/** Turns an active endpoint off; false when it was off already. */
export async function disableEndpointRow(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhookEndpoints')
    .set({ active: 0, disabledAt: at })
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Inserts the deliveries of one event; a (event, endpoint) pair already there is left as it is. Answers the rows inserted. */
export async function insertDeliveriesOnce(db: Executor, rows: WebhookDeliveriesTable[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('webhookDeliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['eventId', 'endpointId']).doNothing())
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

const deliveriesWithUrl = (db: Executor) =>
  db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhookEndpoints as e', 'e.id', 'd.endpointId')
    .select([
      'd.id',
      'd.endpointId',
      'd.event',
      'd.eventId',
      'd.body',
      'd.status',
      'd.attempts',
      'd.lastStatusCode',
      'd.lastAnswer',
      'd.lastAttemptAt',
      'd.nextAttemptAt',
      'd.createdAt',
      'd.updatedAt',
      'e.url',
      'e.secret',
      'e.active',
    ]);

export type DeliveryWithEndpoint = Awaited<ReturnType<typeof findDelivery>> & object;

export const findDelivery = (db: Executor, id: string) => deliveriesWithUrl(db).where('d.id', '=', id).executeTakeFirst();

export function findDeliveries(db: Executor, f: { status?: WebhookDeliveryStatus; before?: { createdAt: string; id: string }; limit: number }) {
  let q = deliveriesWithUrl(db);
  if (f.status) q = q.where('d.status', '=', f.status);
  if (f.before) q = q.where(afterKeyset(['d.createdAt', 'd.id'], 'desc', [f.before.createdAt, f.before.id]));
  return q.orderBy('d.createdAt', 'desc').orderBy('d.id', 'desc').limit(f.limit).execute();
}

export async function updateDelivery(db: Executor, id: string, patch: Partial<WebhookDeliveriesTable>) {
  await db.updateTable('webhookDeliveries').set(patch).where('id', '=', id).execute();
}

/** Sends a delivered or failed delivery back to pending (a re-send); false while it is pending. */
export async function requeueDelivery(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhookDeliveries')
    .set({ status: 'pending', nextAttemptAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
