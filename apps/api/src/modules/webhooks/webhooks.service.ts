import {
  PAYMENT_SIGNATURE_HEADER,
  type Language,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointCreated,
  type WebhookEvent,
} from '@bansi/shared';
import type { Actor } from '../../lib/actor';
import { addMs, newId, nowIso, randomToken } from '../../lib/crypto';
import { decodeCursor, KEY_ID, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, conflict, notFound } from '../../lib/errors';
import { signBody } from '../../lib/signature';
import { recordAudit } from '../audit';
import { backoffMs, enqueueJob, type JobContext } from '../jobs';
import {
  disableEndpointRow,
  findDeliveries,
  findDelivery,
  findEndpoint,
  insertDeliveriesOnce,
  insertEndpoint,
  listActiveEndpoints,
  listEndpoints,
  requeueDelivery,
  updateDelivery,
} from './webhooks.repository';
import { presentDelivery, presentEndpoint } from './webhooks.presenter';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';
/** Attempts of one delivery (and of each re-send): 2 s, 4 s … 128 s apart, about four minutes in all. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** How long a receiver may take to answer one attempt. */
const TIMEOUT_MS = 10_000;
/** How much of a receiver's answer staff admins see. */
const ANSWER_EXCERPT = 500;

/** https only; plain http to this computer outside production, so a test or a developer can run a local receiver. */
function checkUrl(deps: Deps, lang: Language, raw: string) {
  const url = new URL(raw);
  if (url.protocol === 'https:') return;
  const local = url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (local && deps.config.NODE_ENV !== 'production') return;
  throw new AppError(400, 'WEBHOOK_URL_NOT_HTTPS', [{ path: 'url', code: 'https', message: deps.t(lang, 'errors.WEBHOOK_URL_NOT_HTTPS') }]);
}

/** Adds an endpoint; its secret is answered this once (staff admins copy it to the receiver). */
export async function createEndpoint(deps: Deps, actor: Actor, lang: Language, body: WebhookEndpointCreate): Promise<WebhookEndpointCreated> {
  checkUrl(deps, lang, body.url);
  const row = {
    id: newId(),
    url: body.url,
    events: JSON.stringify(body.events),
    description: body.description ?? '',
    secret: randomToken(),
    active: 1,
    createdBy: actor.userId,
    createdAt: nowIso(),
    disabledAt: null,
  };
  await deps.db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, row);
    await recordAudit(trx, actor, 'webhook.create', { kind: 'webhook_endpoint', id: row.id }, { details: { url: row.url, events: body.events } });
  });
  return { ...presentEndpoint(row), secret: row.secret };
}

export async function listWebhookEndpoints(deps: Deps): Promise<{ items: WebhookEndpoint[] }> {
  return { items: (await listEndpoints(deps.db)).map(presentEndpoint) };
}

/** Turns an endpoint off: it gets no new events, and its pending deliveries fail at their next attempt (404 unknown, 409 off already). */
export async function disableEndpoint(deps: Deps, actor: Actor, id: string): Promise<WebhookEndpoint> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findEndpoint(trx, id);
    if (!row) throw notFound();
    if (!(await disableEndpointRow(trx, id, nowIso()))) throw conflict();
    await recordAudit(trx, actor, 'webhook.disable', { kind: 'webhook_endpoint', id }, { details: { url: row.url } });
    return presentEndpoint((await findEndpoint(trx, id))!);
  });
}

export async function listWebhookDeliveries(deps: Deps, lang: Language, q: WebhookDeliveryQuery): Promise<WebhookDeliveryPage> {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const rows = await findDeliveries(deps.db, {
    ...(q.status ? { status: q.status } : {}),
    ...(after ? { before: { createdAt: after[0], id: after[1] } } : {}),
    limit: q.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.createdAt, r.id]);
  return { items: page.map((r) => presentDelivery(r, WEBHOOK_MAX_ATTEMPTS)), nextCursor };
}

/** Sends a delivered or failed delivery again, with a fresh round of attempts (404 unknown, 409 while pending). */
export async function resendDelivery(deps: Deps, actor: Actor, id: string): Promise<WebhookDelivery> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findDelivery(trx, id);
    if (!row) throw notFound();
    if (!(await requeueDelivery(trx, id, nowIso()))) throw conflict('WEBHOOK_DELIVERY_PENDING');
    await enqueueJob(trx, WEBHOOK_DELIVER_JOB, { deliveryId: id }, { maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    await recordAudit(
      trx,
      actor,
      'webhook.resend',
      { kind: 'webhook_delivery', id },
      { details: { event: row.event, url: row.url, status: row.status } },
    );
    return presentDelivery((await findDelivery(trx, id))!, WEBHOOK_MAX_ATTEMPTS);
  });
}

/** An event as it leaves Bansi: what receivers parse. */
export interface OutgoingEvent {
  event: WebhookEvent;
  /** the domain event's id */
  eventId: string;
  occurredAt: string;
  companyId: string | null;
  subject: { kind: string; id: string };
  data: object;
}

/**
 * One delivery per active endpoint that asked for the event, and its job, in the publisher's transaction
 * (modules/subscribers.ts): nothing leaves unless the change commits, and the unique (event, endpoint)
 * index keeps it at one delivery however many processes run.
 */
export async function queueDeliveries(trx: Executor, outgoing: OutgoingEvent): Promise<void> {
  const endpoints = (await listActiveEndpoints(trx)).filter((e) => (JSON.parse(e.events) as string[]).includes(outgoing.event));
  if (endpoints.length === 0) return;
  const now = nowIso();
  const body = JSON.stringify({
    id: outgoing.eventId,
    type: outgoing.event,
    occurredAt: outgoing.occurredAt,
    companyId: outgoing.companyId,
    subject: outgoing.subject,
    data: outgoing.data,
  });
  const inserted = await insertDeliveriesOnce(
    trx,
    endpoints.map((e) => ({
      id: newId(),
      endpointId: e.id,
      event: outgoing.event,
      eventId: outgoing.eventId,
      body,
      status: 'pending' as const,
      attempts: 0,
      lastStatusCode: null,
      lastAnswer: null,
      lastAttemptAt: null,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const id of inserted) {
    await enqueueJob(trx, WEBHOOK_DELIVER_JOB, { deliveryId: id }, { maxAttempts: WEBHOOK_MAX_ATTEMPTS, uniqueKey: `webhook:${id}` });
  }
}

/** One attempt: the receiver's answer or why it could not be reached. */
async function post(url: string, secret: string, delivery: { id: string; event: string; body: string }) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PAYMENT_SIGNATURE_HEADER]: signBody(secret, delivery.body),
        'x-bansi-event': delivery.event,
        'x-bansi-delivery': delivery.id,
      },
      body: delivery.body,
      // A redirect is an answer, not a new address to send the body to.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text().catch(() => '');
    return { statusCode: res.status, answer: text.slice(0, ANSWER_EXCERPT), ok: res.status >= 200 && res.status < 300 };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { statusCode: null, answer: `${(err as Error).name}: ${cause ?? (err as Error).message}`.slice(0, ANSWER_EXCERPT), ok: false };
  }
}

/**
 * The `webhook.deliver` job: POSTs the delivery's body, signed with its endpoint's secret. A failure is
 * retried by the job queue with its back-off; after the last attempt the delivery is failed — the job ends
 * there (a staff admin re-sends the delivery, the one way to try again).
 */
export async function deliver(payload: Record<string, unknown>, ctx: JobContext): Promise<void> {
  const { deps } = ctx;
  const row = await findDelivery(deps.db, String(payload.deliveryId));
  if (!row || row.status !== 'pending') return;
  const now = nowIso();
  const attempts = Number(row.attempts) + 1;
  if (row.active !== 1) {
    await updateDelivery(deps.db, row.id, {
      status: 'failed',
      attempts,
      lastStatusCode: null,
      lastAnswer: 'endpoint disabled',
      lastAttemptAt: now,
      nextAttemptAt: null,
      updatedAt: now,
    });
    return;
  }
  const result = await post(row.url, row.secret, row);
  const last = { attempts, lastStatusCode: result.statusCode, lastAnswer: result.answer, lastAttemptAt: now, updatedAt: now };
  if (result.ok) {
    await updateDelivery(deps.db, row.id, { ...last, status: 'delivered', nextAttemptAt: null });
    return;
  }
  if (ctx.lastAttempt) {
    await updateDelivery(deps.db, row.id, { ...last, status: 'failed', nextAttemptAt: null });
    return;
  }
  await updateDelivery(deps.db, row.id, { ...last, nextAttemptAt: addMs(now, backoffMs(ctx.job.attempts)) });
  throw new Error(`webhook receiver answered ${result.statusCode ?? result.answer}`);
}
