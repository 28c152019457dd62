import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { API_BASE } from '@bansi/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, registerCompany, type TestApp } from '../../../test/helpers';
import { createTwoApps, type TwoApps } from '../../../test/two-apps';
import { storeGenerated } from '../files/files.service';
import { enqueueMail, type MailAttachment } from './mail.service';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives (and refuses recipients on demand). */
async function startSmtp(received: Received[], refuse: () => boolean) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      callback(refuse() ? Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }) : undefined);
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
  return { smtp, url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` };
}

/** A new company's mail to `to` with a stored PDF attachment (and any further `extra` ones), queued. */
async function queueMailWithStoredPdf(t: TestApp, to: string, pdf: Buffer, fileName: string, extra: MailAttachment[] = []) {
  const { body, companyId } = await registerCompany(t);
  const user = await t.db.kysely.selectFrom('users').select('id').where('email', '=', body.user.email).executeTakeFirstOrThrow();
  await t.db.kysely.transaction().execute(async (trx) => {
    const file = await storeGenerated(t.app.deps, trx, pdf, {
      companyId,
      ownerKind: 'mail-test',
      ownerId: companyId,
      slot: 'receipt',
      originalName: fileName,
      createdBy: user.id,
      kind: 'pdf',
    });
    await enqueueMail(t.app.deps, trx, {
      to,
      lang: 'en',
      template: 'welcome',
      vars: { name: 'A', company: 'B', link: 'https://example.test/login' },
      attachments: [{ filename: fileName, contentType: 'application/pdf', fileId: file.id }, ...extra],
    });
  });
}

describe(`mail over SMTP (${dialect})`, () => {
  const received: Received[] = [];
  let refuse = false;
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    const started = await startSmtp(received, () => refuse);
    smtp = started.smtp;
    t = await createTestApp({ SMTP_URL: started.url });
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
    // The retry is the mail job's, after its back-off: bring it forward instead of waiting.
    await t.db.kysely
      .updateTable('jobs')
      .set({ runAt: new Date(0).toISOString() })
      .where('uniqueKey', '=', `mail:${row.id}`)
      .execute();
    await t.app.drainOutbox();
    expect((await t.db.kysely.selectFrom('outbox').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('sent');
  });

  it('attaches a stored file (read from the file store) and given bytes', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await queueMailWithStoredPdf(t, 'attach@example.test', pdf, 'receipt.pdf', [
      { filename: 'hello.txt', contentType: 'text/plain', content: Buffer.from('ສະບາຍດີ hello') },
    ]);
    await t.app.drainOutbox();
    const mail = received.find((m) => m.to.includes('attach@example.test'));
    expect(mail).toBeDefined();
    const raw = mail!.raw.replace(/\r?\n/g, '');
    expect(mail!.raw).toMatch(/filename=receipt\.pdf/);
    expect(raw).toContain(pdf.toString('base64'));
    expect(mail!.raw).toMatch(/filename=hello\.txt/);
    expect(raw).toContain(Buffer.from('ສະບາຍດີ hello').toString('base64'));
  });

  it('closes a stored attachment the server never read when it refuses the mail', async () => {
    await queueMailWithStoredPdf(t, 'refused-attachment@example.test', Buffer.from('%PDF-1.4\n%%EOF\n'), 'refused.pdf');
    // every stream the store hands out for reading, to see whether it was closed
    const store = t.app.deps.store;
    const openRead = store.openRead.bind(store);
    const opened: Readable[] = [];
    store.openRead = async (...args) => {
      const stream = await openRead(...args);
      opened.push(stream);
      return stream;
    };
    refuse = true;
    try {
      await t.app.drainOutbox();
    } finally {
      refuse = false;
      store.openRead = openRead;
    }
    const row = await t.db.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('toAddress', '=', 'refused-attachment@example.test')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(opened).toHaveLength(1);
    // left open, its file descriptor would stay until garbage collection ("Closing file descriptor … on garbage collection")
    expect(opened[0]!.destroyed).toBe(true);
  });
});

describe(`mail with two workers on one database (${dialect})`, () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let two: TwoApps;
  beforeAll(async () => {
    const started = await startSmtp(received, () => false);
    smtp = started.smtp;
    two = await createTwoApps({ SMTP_URL: started.url });
  });
  afterAll(async () => {
    await two.close();
    smtp.close();
  });

  it('sends each mail exactly once however many workers drain the outbox', async () => {
    const to = Array.from({ length: 30 }, (_, i) => `twice${i}@example.test`);
    const [first, second] = two.apps;
    await two.db.kysely.transaction().execute(async (trx) => {
      for (const address of to)
        await enqueueMail(first.deps, trx, {
          to: address,
          lang: 'lo',
          template: 'welcome',
          vars: { name: address, company: 'C', link: 'https://example.test/login' },
        });
    });
    const [a, b] = await Promise.all([first.drainOutbox(), second.drainOutbox()]);
    expect(a + b).toBe(30);
    // Both drained again: nothing is sent a second time.
    await Promise.all([first.drainOutbox(), second.drainOutbox()]);
    const perAddress = to.map((address) => received.filter((m) => m.to.includes(address)).length);
    expect(perAddress).toEqual(to.map(() => 1));
    const rows = await two.db.kysely.selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
