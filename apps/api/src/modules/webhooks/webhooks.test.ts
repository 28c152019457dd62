import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_BASE,
  PAYMENT_SIGNATURE_HEADER,
  WebhookDeliveryPage,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookPaths,
  webhookUrl,
  type WebhookEvent,
} from '@bansi/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { deliver as bankPays, issueInvoiceTo, notification } from '../../../test/payments';
import { verifySignature } from '../../lib/signature';

/** A local receiver of outgoing events: records what it is sent and answers what the test says. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe(`outgoing events (${dialect})`, () => {
  let t: TestApp;
  let admin: Agent;
  let staff: Agent;
  let server: Server;
  let receiverUrl: string;
  let received: Received[] = [];
  let answer = { status: 200, body: 'thanks' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t, 'staffAdmin');
    staff = await loginAs(t, 'staff');
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bansi`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });
  beforeEach(async () => {
    received = [];
    answer = { status: 200, body: 'thanks' };
    // Each test starts with no active endpoint.
    for (const e of await endpoints()) if (e.active) await admin.inject({ method: 'POST', url: api(webhookUrl.disableEndpoint(e.id)) });
  });

  const api = (path: string) => `${API_BASE}${path}`;
  const endpoints = async () => WebhookEndpointList.parse((await admin.inject({ url: api(WebhookPaths.endpoints) })).json()).items;
  const deliveries = async (status?: string) =>
    WebhookDeliveryPage.parse((await admin.inject({ url: api(`${WebhookPaths.deliveries}${status ? `?status=${status}` : ''}`) })).json()).items;
  async function addEndpoint(events: WebhookEvent[], url = receiverUrl) {
    const res = await admin.inject({ method: 'POST', url: api(WebhookPaths.endpoints), payload: { url, events } });
    expect(res.statusCode, res.body).toBe(201);
    return WebhookEndpointCreated.parse(res.json());
  }
  /** A company's invoice, paid by a bank notification: one `invoice.paid` event. */
  async function payAnInvoice() {
    const company = await registerCompany(t);
    const invoice = await issueInvoiceTo(t, company.agent, [{ description: 'Consultation', amount: 250_000 }], staff);
    const paid = await bankPays(t, notification({ billNumber: invoice.number, amount: 250_000 }));
    expect(paid.statusCode, paid.body).toBe(200);
    return { ...company, invoice };
  }
  const runDeliveries = () => t.app.jobs.runDue({ kinds: ['webhook.deliver'] });
  /** The back-off's wait, skipped: the pending delivery jobs are due now. */
  const makeDue = () =>
    t.db.kysely
      .updateTable('jobs')
      .set({ runAt: new Date(0).toISOString() })
      .where('kind', '=', 'webhook.deliver')
      .where('status', '=', 'pending')
      .execute();

  it('an address must be https (http only to this computer outside production); the secret is shown once', async () => {
    const refused = await admin.inject({
      method: 'POST',
      url: api(WebhookPaths.endpoints),
      headers: { 'accept-language': 'lo' },
      payload: { url: 'http://receiver.example/hook', events: ['invoice.paid'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'WEBHOOK_URL_NOT_HTTPS', errors: [{ path: 'url' }] });
    expect(refused.json().title).toMatch(/https:\/\//);
    expect(refused.json().title).toMatch(/[\u0E80-\u0EFF]/);
    const unknownEvent = await admin.inject({
      method: 'POST',
      url: api(WebhookPaths.endpoints),
      payload: { url: 'https://receiver.example/hook', events: ['invoice.sent'] },
    });
    expect(unknownEvent.statusCode).toBe(400);
    expect((await endpoints()).map((e) => e.url)).not.toContain('http://receiver.example/hook');

    const created = await addEndpoint(['invoice.paid', 'booking.received'], 'https://receiver.example/hook');
    expect(created.secret.length).toBeGreaterThanOrEqual(40);
    const listed = (await endpoints()).find((e) => e.id === created.id)!;
    expect(listed).toMatchObject({ url: 'https://receiver.example/hook', events: ['invoice.paid', 'booking.received'], active: true });
    expect(JSON.stringify(await admin.inject({ url: api(WebhookPaths.endpoints) }).then((r) => r.body))).not.toContain(created.secret);
  });

  it('a paid invoice is POSTed to each endpoint that asked for it, signed with the documented scheme', async () => {
    const endpoint = await addEndpoint(['invoice.paid']);
    const other = await addEndpoint(['booking.received']);
    const { invoice, companyId } = await payAnInvoice();
    expect(await runDeliveries()).toBe(1);

    expect(received).toHaveLength(1);
    const [request] = received;
    const signature = request!.headers[PAYMENT_SIGNATURE_HEADER] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(endpoint.secret, signature, request!.body)).toBe(true);
    expect(verifySignature(other.secret, signature, request!.body)).toBe(false);
    expect(verifySignature(endpoint.secret, signature, request!.body.replace('250000', '250001'))).toBe(false);
    expect(request!.headers['x-bansi-event']).toBe('invoice.paid');
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      type: 'invoice.paid',
      companyId,
      subject: { kind: 'invoice', id: invoice.id },
      data: { number: invoice.number, amount: 250_000, method: 'laoqr' },
    });

    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({
      endpointId: endpoint.id,
      event: 'invoice.paid',
      eventId: body.id,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastAnswer: 'thanks',
    });
    expect(request!.headers['x-bansi-delivery']).toBe(delivery!.id);
  });

  it('a failing receiver is retried with back-off, then shown failed; a re-send delivers it', async () => {
    const endpoint = await addEndpoint(['invoice.paid']);
    answer = { status: 503, body: 'down for maintenance' };
    await payAnInvoice();
    expect(await runDeliveries()).toBe(0);
    const [first] = await deliveries();
    expect(first).toMatchObject({ endpointId: endpoint.id, status: 'pending', attempts: 1, lastStatusCode: 503, lastAnswer: 'down for maintenance' });
    expect(Date.parse(first!.nextAttemptAt!) - Date.parse(first!.lastAttemptAt!)).toBe(2_000);
    // Not due yet: nothing is sent before the back-off ran out.
    await runDeliveries();
    expect(received).toHaveLength(1);

    for (let attempt = 2; attempt <= first!.maxAttempts; attempt += 1) {
      await makeDue();
      await runDeliveries();
    }
    expect(received).toHaveLength(first!.maxAttempts);
    expect(new Set(received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    const [failed] = await deliveries('failed');
    expect(failed).toMatchObject({ id: first!.id, status: 'failed', attempts: first!.maxAttempts, lastStatusCode: 503, nextAttemptAt: null });
    await makeDue();
    await runDeliveries();
    expect(received).toHaveLength(first!.maxAttempts);

    answer = { status: 204, body: '' };
    const resend = await admin.inject({ method: 'POST', url: api(webhookUrl.resend(first!.id)) });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({ status: 'pending' });
    const again = await admin.inject({ method: 'POST', url: api(webhookUrl.resend(first!.id)), headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WEBHOOK_DELIVERY_PENDING' });
    await runDeliveries();
    expect(received).toHaveLength(first!.maxAttempts + 1);
    expect((await deliveries()).find((d) => d.id === first!.id)).toMatchObject({
      status: 'delivered',
      attempts: first!.maxAttempts + 1,
      lastStatusCode: 204,
    });
  });

  it('an unreachable receiver is recorded as such; a disabled endpoint gets no new events', async () => {
    const endpoint = await addEndpoint(['invoice.paid'], 'http://127.0.0.1:9/nobody');
    await payAnInvoice();
    await runDeliveries();
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(delivery!.lastAnswer).toMatch(/ECONNREFUSED|fetch failed/);

    const off = await admin.inject({ method: 'POST', url: api(webhookUrl.disableEndpoint(endpoint.id)) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await admin.inject({ method: 'POST', url: api(webhookUrl.disableEndpoint(endpoint.id)) })).statusCode).toBe(409);
    // Its pending delivery ends failed at its next attempt, without a request.
    await makeDue();
    await runDeliveries();
    expect((await deliveries()).find((d) => d.id === delivery!.id)).toMatchObject({ status: 'failed', lastAnswer: 'endpoint disabled' });
    const before = (await deliveries()).length;
    await payAnInvoice();
    expect(await deliveries()).toHaveLength(before);
  });

  it('unknown ids are 404; company users and reviewers are refused', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.inject({ method: 'POST', url: api(webhookUrl.resend(unknown)) })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'POST', url: api(webhookUrl.disableEndpoint(unknown)) })).statusCode).toBe(404);
    const { agent: company } = await registerCompany(t);
    expect((await company.inject({ url: api(WebhookPaths.deliveries) })).statusCode).toBe(403);
    expect(
      (await staff.inject({ method: 'POST', url: api(WebhookPaths.endpoints), payload: { url: receiverUrl, events: ['invoice.paid'] } })).statusCode,
    ).toBe(403);
  });
});
