import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { API_BASE } from '@bansi/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, registerCompany, type TestApp } from '../../../test/helpers';

interface Received {
  to: string[];
  raw: string;
}

describe(`mail over SMTP (${dialect})`, () => {
  const received: Received[] = [];
  let refuse = false;
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(refuse ? Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }) : undefined);
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    smtp.close();
  });

  it('sends the reset mail through a real SMTP server, in the user language', async () => {
    const { body } = await registerCompany(t, { user: { language: 'lo' } });
    await new Agent(t).inject({ method: 'POST', url: `${API_BASE}/auth/forgot-password`, payload: { email: body.user.email } });
    expect(await t.app.drainOutbox()).toBeGreaterThanOrEqual(1);
    const mail = received.find((m) => m.to.includes(body.user.email) && /reset-password/.test(m.raw));
    expect(mail).toBeDefined();
    const rows = await t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', body.user.email).execute();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(rows.find((r) => r.subject.includes('ຕັ້ງລະຫັດຜ່ານໃໝ່'))).toBeDefined();
  });

  it('keeps a mail the server refuses for a later attempt', async () => {
    refuse = true;
    const { body } = await registerCompany(t);
    await t.app.drainOutbox();
    const row = await t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', body.user.email).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/mailbox unavailable/);
    refuse = false;
    await t.db.kysely
      .updateTable('outbox')
      .set({ nextAttemptAt: new Date(0).toISOString() })
      .where('id', '=', row.id)
      .execute();
    await t.app.drainOutbox();
    expect((await t.db.kysely.selectFrom('outbox').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('sent');
  });
});
