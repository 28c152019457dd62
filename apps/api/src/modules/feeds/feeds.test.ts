import { createHash } from 'node:crypto';
import { API_BASE, FeedFilingPage, FeedPaths, FeedPaymentPage, NotesDocument, NotesPaths, PaymentPaths } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, withKey } from '../../../test/api-keys';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { deliver, issueInvoiceTo, notification, papi } from '../../../test/payments';
import { acceptedSubmission } from '../../../test/submissions';
import { publish } from '../events';
import { backfillFeeds, FEED_BACKFILL_JOB } from './feeds.backfill';

const filingsUrl = (since?: string, limit = 50) => `${API_BASE}${FeedPaths.filings}?limit=${limit}${since ? `&since=${since}` : ''}`;
const paymentsUrl = (since?: string, limit = 50) => `${API_BASE}${FeedPaths.payments}?limit=${limit}${since ? `&since=${since}` : ''}`;

describe(`pull feeds (${dialect})`, () => {
  let t: TestApp;
  let staff: Agent;
  let admin: Agent;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '100000' });
    staff = await loginAs(t, 'staff');
    admin = await loginAs(t, 'staffAdmin');
    key = (await createKey(admin, ['filings:read', 'payments:read'])).key;
  });
  afterAll(() => t.close());

  it('an accepted filing is in the filings feed with company, year, reference, figures, size and its files, downloadable with the same key', async () => {
    const { agent: company, companyId } = await registerCompany(t);
    const accepted = await acceptedSubmission(t, company, staff, 2022);
    const res = await withKey(t, key, filingsUrl());
    expect(res.statusCode, res.body).toBe(200);
    const page = FeedFilingPage.parse(res.json());
    const entry = page.items.find((i) => i.id === accepted.id)!;
    expect(entry).toMatchObject({ kind: 'filing', bookYear: 2022, reference: accepted.reference, company: { id: companyId } });
    expect(entry.figures.totalAssets).toBe(accepted.totalAssets);
    expect(entry.files.map((f) => f.slot)).toEqual(expect.arrayContaining(['balance-sheet', 'income-statement', 'cash-flow', 'notes']));
    for (const file of entry.files) {
      const download = await withKey(t, key, file.url);
      expect(download.statusCode, file.url).toBe(200);
      expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(file.sha256);
    }
    // a key without filings:read may not download them
    const paymentsOnly = (await createKey(admin, ['payments:read'])).key;
    expect((await withKey(t, paymentsOnly, entry.files[0]!.url)).statusCode).toBe(403);
  });

  it('a payment and its reversal are in the payments feed, in that order', async () => {
    const { agent: company, companyId } = await registerCompany(t);
    const invoice = await issueInvoiceTo(t, company, [{ description: 'Consultation', amount: 300_000 }], staff);
    const paid = await deliver(t, notification({ billNumber: invoice.number, amount: 300_000 }));
    expect(paid.statusCode, paid.body).toBe(200);
    const reversed = await admin.inject({
      method: 'POST',
      url: papi(PaymentPaths.staffAction(invoice.id, 'reverse')),
      payload: { reason: 'Returned by the bank.' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const page = FeedPaymentPage.parse((await withKey(t, key, paymentsUrl())).json());
    const mine = page.items.filter((i) => i.invoiceId === invoice.id);
    expect(mine.map((i) => [i.kind, i.amount, i.invoiceNumber, i.company.id, i.reason])).toEqual([
      ['payment', 300_000, invoice.number, companyId, null],
      ['reversal', 300_000, invoice.number, companyId, 'Returned by the bank.'],
    ]);
    expect(mine[0]!.paymentId).toBe(mine[1]!.paymentId);
    expect(mine[1]!.seq).toBeGreaterThan(mine[0]!.seq);
  });

  /** Every entry of a feed, from the start. */
  async function wholeFeed<T>(schema: { parse(x: unknown): { items: T[]; nextCursor: string; more: boolean } }, url: typeof filingsUrl) {
    const items: T[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = schema.parse((await withKey(t, key, url(cursor, 100))).json());
      items.push(...page.items);
      cursor = page.nextCursor;
      if (!page.more) return items;
    }
  }

  it('the backfill job lists what was accepted and paid before the feeds wrote, once, oldest first; again it adds nothing; a live acceptance takes the next seq', async () => {
    const { agent: company, companyId } = await registerCompany(t);
    // accepted notes first, then a filing: the time order differs from "filings, then notes"
    const notesPath = (p: string) => `${API_BASE}${p}`;
    let notes = NotesDocument.parse(
      (await company.inject({ method: 'POST', url: notesPath(NotesPaths.list), payload: { bookYear: t.config.BOOK_YEAR - 1 } })).json(),
    );
    notes = NotesDocument.parse(
      (
        await company.inject({
          method: 'PATCH',
          url: notesPath(NotesPaths.one(notes.id)),
          payload: { version: notes.version, sections: [{ key: 'approval', fields: { approvalDate: '2024-03-15' } }] },
        })
      ).json(),
    );
    const submitted = await company.inject({
      method: 'POST',
      url: notesPath(NotesPaths.submit(notes.id)),
      payload: { version: notes.version, confirmWarnings: true },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const staffNotes = (action: string, version: number) =>
      staff.inject({ method: 'POST', url: notesPath(NotesPaths.staffAction(notes.id, action as 'accept')), payload: { version } });
    const review = await staffNotes('start-review', submitted.json().version);
    const acceptedNotes = await staffNotes('accept', review.json().version);
    expect(acceptedNotes.statusCode, acceptedNotes.body).toBe(200);
    const filing = await acceptedSubmission(t, company, staff, 2021);
    // two payments, the first reversed after the second was made: payment, payment, reversal
    const pay = async (amount: number) => {
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Consultation', amount }], staff);
      const paid = await deliver(t, notification({ billNumber: invoice.number, amount }));
      expect(paid.statusCode, paid.body).toBe(200);
      return invoice;
    };
    const first = await pay(100_000);
    const second = await pay(200_000);
    const reversed = await admin.inject({
      method: 'POST',
      url: papi(PaymentPaths.staffAction(first.id, 'reverse')),
      payload: { reason: 'Returned by the bank.' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);

    // What the live subscribers wrote, then as if they had not been writing yet
    const mineOf = async () => ({
      filings: (await wholeFeed(FeedFilingPage, filingsUrl)).filter((i) => i.company.id === companyId),
      payments: (await wholeFeed(FeedPaymentPage, paymentsUrl)).filter((i) => i.company.id === companyId),
    });
    const live = await mineOf();
    expect(live.filings.map((i) => [i.kind, i.id])).toEqual([
      ['notes', notes.id],
      ['filing', filing.id],
    ]);
    expect(live.payments.map((i) => [i.kind, i.invoiceId])).toEqual([
      ['payment', first.id],
      ['payment', second.id],
      ['reversal', first.id],
    ]);
    await t.db.kysely.deleteFrom('feedEntries').where('companyId', '=', companyId).execute();
    expect(await mineOf()).toEqual({ filings: [], payments: [] });

    // The start queued the job once; the worker runs it.
    const queued = await t.db.kysely.selectFrom('jobs').select(['status']).where('uniqueKey', '=', FEED_BACKFILL_JOB).execute();
    expect(queued).toEqual([{ status: 'pending' }]);
    expect(await t.app.jobs.runDue({ kinds: [FEED_BACKFILL_JOB] })).toBe(1);
    const done = await t.db.kysely.selectFrom('jobs').select(['status']).where('uniqueKey', '=', FEED_BACKFILL_JOB).executeTakeFirstOrThrow();
    expect(done.status).toBe('done');

    // every one, once, in time order, composed exactly as the live subscribers composed them (new places at the end)
    const back = await mineOf();
    const withoutSeq = <T extends { seq: number }>(items: T[]) => items.map(({ seq: _seq, ...rest }) => rest);
    expect(withoutSeq(back.filings)).toEqual(withoutSeq(live.filings));
    expect(withoutSeq(back.payments)).toEqual(withoutSeq(live.payments));
    expect(back.filings[0]!.seq).toBeGreaterThan(live.filings[1]!.seq);

    // again: nothing added, in either feed
    const before = {
      filings: (await wholeFeed(FeedFilingPage, filingsUrl)).length,
      payments: (await wholeFeed(FeedPaymentPage, paymentsUrl)).length,
    };
    expect(await backfillFeeds(t.app.deps)).toBe(0);
    expect({
      filings: (await wholeFeed(FeedFilingPage, filingsUrl)).length,
      payments: (await wholeFeed(FeedPaymentPage, paymentsUrl)).length,
    }).toEqual(before);

    // a live acceptance after it takes the next place
    const last = (await wholeFeed(FeedFilingPage, filingsUrl)).at(-1)!.seq;
    const later = await acceptedSubmission(t, company, staff, 2022);
    const after = await wholeFeed(FeedFilingPage, filingsUrl);
    expect(after.at(-1)).toMatchObject({ seq: last + 1, kind: 'filing', id: later.id });
  });

  it('a broken cursor is a 400 in the caller’s language; an empty page keeps the cursor', async () => {
    const bad = await t.app.inject({ url: paymentsUrl('nonsense'), headers: { authorization: `Bearer ${key}`, 'accept-language': 'lo' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('querystring.cursor');
    let cursor: string | undefined;
    for (;;) {
      const page = FeedPaymentPage.parse((await withKey(t, key, paymentsUrl(cursor, 100))).json());
      cursor = page.nextCursor;
      if (!page.more) break;
    }
    const empty = FeedPaymentPage.parse((await withKey(t, key, paymentsUrl(cursor))).json());
    expect(empty).toEqual({ items: [], nextCursor: cursor, more: false });
  });

  it('pages 1,000 entries in 10 pages while others commit between and during the pages: none skipped, none twice', async () => {
    const { companyId } = await registerCompany(t);
    let n = 0;
    /** one payment entry through the real subscriber, in a transaction of its own (or the one given) */
    const pay = (trx = t.db.kysely) => {
      n += 1;
      const number = `FEED-${n}`;
      return publish(t.app.deps, trx, {
        type: 'invoice.paid',
        subject: { kind: 'invoice', id: crypto.randomUUID() },
        companyId,
        payload: { number, paymentId: crypto.randomUUID(), amount: n, method: 'laoqr', paidAt: new Date().toISOString() },
      }).then(() => number);
    };
    const inOwnTransaction = () => t.db.kysely.transaction().execute((trx) => pay(trx));
    // start from the current end of the feed
    let cursor: string | undefined;
    for (;;) {
      const page = FeedPaymentPage.parse((await withKey(t, key, paymentsUrl(cursor, 100))).json());
      cursor = page.nextCursor;
      if (!page.more) break;
    }
    const written: string[] = [];
    for (let i = 0; i < 900; i++) written.push(await inOwnTransaction());

    const seen: string[] = [];
    for (let p = 0; p < 10; p++) {
      if (dialect === 'postgres') {
        // A transaction takes its entry's number, a page is read while it is still open, then it commits,
        // and others commit concurrently behind its lock: the page must not have jumped past it.
        let behind: Promise<string[]> = Promise.resolve([]);
        await t.db.kysely.transaction().execute(async (trx) => {
          written.push(await pay(trx));
          // these wait for the feed counter's lock, held by the open transaction (few: each holds a pooled connection)
          behind = Promise.all(Array.from({ length: 3 }, inOwnTransaction));
          const during = FeedPaymentPage.parse((await withKey(t, key, paymentsUrl(cursor, 100))).json());
          seen.push(...during.items.map((i) => i.invoiceNumber));
          cursor = during.nextCursor;
        });
        written.push(...(await behind));
        written.push(...(await Promise.all(Array.from({ length: 6 }, inOwnTransaction))));
      } else {
        // SQLite has one writer: commits are in order; writes land between the pages.
        for (let w = 0; w < 10; w++) written.push(await inOwnTransaction());
        const page = FeedPaymentPage.parse((await withKey(t, key, paymentsUrl(cursor, 100))).json());
        seen.push(...page.items.map((i) => i.invoiceNumber));
        cursor = page.nextCursor;
      }
    }
    // the rest, to the end
    for (;;) {
      const page = FeedPaymentPage.parse((await withKey(t, key, paymentsUrl(cursor, 100))).json());
      seen.push(...page.items.map((i) => i.invoiceNumber));
      cursor = page.nextCursor;
      if (!page.more) break;
    }
    expect(written).toHaveLength(1000);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...written].sort());
  }, 180_000);
});
