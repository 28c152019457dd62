import type { Readable } from 'node:stream';
import { API_BASE } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from '../../../test/helpers';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { createTwoApps, type TwoApps } from '../../../test/two-apps';
import { storeGenerated } from '../files/files.service';
import { enqueueMail, type MailAttachment } from './mail.service';

/** The 'mail.send' job rows of a mail: its one queue entry. */
const jobsOf = (t: TestApp | TwoApps, mailId: string) =>
  t.db.kysely.selectFrom('jobs').selectAll().where('uniqueKey', '=', `mail:${mailId}`).execute();

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
  let refuse = false;
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp({ refuse: () => (refuse ? 450 : false) });
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    smtp.close();
  });

  it('sends the reset mail through a real SMTP server, in the user language', async () => {
    const { body } = await registerCompany(t, { user: { language: 'lo' } });
    await new Agent(t).inject({ method: 'POST', url: `${API_BASE}/auth/forgot-password`, payload: { email: body.user.email } });
    expect(await t.app.drainOutbox()).toBeGreaterThanOrEqual(1);
    const mail = smtp.received.find((m) => m.to.includes(body.user.email) && /reset-password/.test(m.raw));
    expect(mail).toBeDefined();
    const rows = await t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', body.user.email).execute();
    for (const row of rows) expect((await jobsOf(t, row.id)).map((j) => j.status)).toEqual(['done']);
    expect(rows.find((r) => r.subject.includes('ຕັ້ງລະຫັດຜ່ານໃໝ່'))).toBeDefined();
  });

  it('queues a mail once, as one job that retries it after an SMTP refusal with back-off, then delivers it once', async () => {
    refuse = true;
    const { body } = await registerCompany(t);
    const to = body.user.email;
    const mail = await t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', to).executeTakeFirstOrThrow();
    // the mail is the rendered message only: no second queue with a state of its own
    expect(Object.keys(mail).sort()).toEqual(['attachments', 'createdAt', 'htmlBody', 'id', 'subject', 'textBody', 'toAddress']);
    expect(await jobsOf(t, mail.id)).toMatchObject([{ kind: 'mail.send', status: 'pending', attempts: 0 }]);

    const before = Date.now();
    await t.app.drainOutbox();
    const [refused, ...more] = await jobsOf(t, mail.id);
    expect(more).toEqual([]);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refused!.lastError).toMatch(/mailbox unavailable/);
    // the back-off: the next attempt waits (2 s after the first failure)
    expect(Date.parse(refused!.runAt)).toBeGreaterThanOrEqual(before + 2000);
    expect(smtp.received.filter((m) => m.to.includes(to))).toEqual([]);
    await t.app.drainOutbox();
    expect((await jobsOf(t, mail.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    refuse = false;
    // The retry is the mail job's, after its back-off: bring it forward instead of waiting.
    await t.db.kysely
      .updateTable('jobs')
      .set({ runAt: new Date(0).toISOString() })
      .where('uniqueKey', '=', `mail:${mail.id}`)
      .execute();
    await t.app.drainOutbox();
    expect(await jobsOf(t, mail.id)).toMatchObject([{ status: 'done', attempts: 2, lastError: null }]);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    await t.app.drainOutbox();
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    // written once: the message is as it was queued
    expect(await t.db.kysely.selectFrom('outbox').selectAll().where('id', '=', mail.id).executeTakeFirstOrThrow()).toEqual(mail);
  });

  it('attaches a stored file (read from the file store) and given bytes', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await queueMailWithStoredPdf(t, 'attach@example.test', pdf, 'receipt.pdf', [
      { filename: 'hello.txt', contentType: 'text/plain', content: Buffer.from('ສະບາຍດີ hello') },
    ]);
    await t.app.drainOutbox();
    const mail = smtp.received.find((m) => m.to.includes('attach@example.test'));
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
    expect(await jobsOf(t, row.id)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect(opened).toHaveLength(1);
    // left open, its file descriptor would stay until garbage collection ("Closing file descriptor … on garbage collection")
    expect(opened[0]!.destroyed).toBe(true);
  });
});

describe(`mail with two workers on one database (${dialect})`, () => {
  let smtp: TestSmtp;
  let two: TwoApps;
  beforeAll(async () => {
    smtp = await startSmtp();
    two = await createTwoApps({ SMTP_URL: smtp.url });
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
    const perAddress = to.map((address) => smtp.received.filter((m) => m.to.includes(address)).length);
    expect(perAddress).toEqual(to.map(() => 1));
    const jobs = await two.db.kysely.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'mail.send').execute();
    expect(jobs).toHaveLength(30);
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });
});

describe(`the development mail page without SMTP (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("shows each mail with its job's state: pending until the job ran, then logged", async () => {
    const { body } = await registerCompany(t);
    const admin = await loginAs(t, 'staffAdmin');
    const entry = async () => {
      const page = (await admin.inject({ url: '/dev/mail' })).body;
      return page.split('<article>').find((a) => a.includes(body.user.email));
    };
    expect(await entry()).toContain('· pending</p>');
    await t.app.drainOutbox();
    expect(await entry()).toContain('· logged</p>');
    const mail = await t.db.kysely.selectFrom('outbox').select('id').where('toAddress', '=', body.user.email).executeTakeFirstOrThrow();
    expect(await jobsOf(t, mail.id)).toMatchObject([{ status: 'done', attempts: 1 }]);
  });
});
