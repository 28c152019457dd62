import {
  NotesDocument,
  NotesPaths,
  PaymentPaths,
  ReviewEvent,
  ReviewPaths,
  ReviewQueuePage,
  StaffInvoiceDetail,
  StaffNotesDocument,
  StaffSubmissionDetail,
  SubmissionPaths,
  WebPaths,
  type ReviewKind,
  type ReviewQueueStatus,
  type SubmissionStatus,
} from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { issueInvoiceTo, papi } from '../../../test/payments';
import { jpegBytes } from '../../../test/file-fixtures';
import { uploadWhole } from '../../../test/tus';
import { api, openSubmission } from '../../../test/submissions';

/** One row the queue may list, as the test made it. */
interface Made {
  kind: ReviewKind;
  id: string;
  companyId: string;
  bookYear: number | null;
  status: string;
  submittedAt: string | null;
  /** a slip's invoice: the screen the queue links to */
  invoiceId?: string;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();
const FILING_STATUSES: SubmissionStatus[] = ['draft', 'submitted', 'in_review', 'returned', 'resubmitted', 'accepted'];
const AWAITING: Record<ReviewKind, string[]> = {
  submission: ['submitted', 'resubmitted', 'in_review'],
  notes: ['submitted', 'resubmitted', 'in_review'],
  slip: ['pending'],
};

// Issue 34, decision 270: one review queue over filings, notes and slips (each module a source), oldest submitted
// first, keyset-paged; and one timeline presenter for all three.
describe(`the one review queue and timeline (${dialect})`, () => {
  let t: TestApp;
  let company: Agent & { companyId: string | null };
  let staff: Agent;
  const made: Made[] = [];
  let filingId: string;
  let notesId: string;
  const slipInvoices: Record<'pending' | 'confirmed' | 'rejected', string> = { pending: '', confirmed: '', rejected: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const other = await registerCompany(t);
    company = other.agent;
    staff = await loginAs(t, 'staff');
    const second = (await registerCompany(t)).agent;
    // a real filing and notes document (drafts: never listed), cloned below in every state and in several years
    const draft = await openSubmission(company, t.config.BOOK_YEAR);
    filingId = draft.id;
    const notesRes = await company.inject({ method: 'POST', url: api(NotesPaths.list), payload: { bookYear: t.config.BOOK_YEAR } });
    expect(notesRes.statusCode, notesRes.body).toBeLessThan(300);
    notesId = NotesDocument.parse(notesRes.json()).id;
    made.push({ kind: 'submission', id: filingId, companyId: company.companyId!, bookYear: t.config.BOOK_YEAR, status: 'draft', submittedAt: null });
    made.push({ kind: 'notes', id: notesId, companyId: company.companyId!, bookYear: t.config.BOOK_YEAR, status: 'draft', submittedAt: null });
    const k = t.db.kysely;
    const subRow = await k.selectFrom('submissions').selectAll().where('id', '=', filingId).executeTakeFirstOrThrow();
    const notesRow = await k.selectFrom('notes').selectAll().where('id', '=', notesId).executeTakeFirstOrThrow();
    let minute = 0;
    for (const [owner, companyId] of [
      [company, company.companyId!],
      [second, second.companyId!],
    ] as const) {
      void owner;
      for (const [i, status] of FILING_STATUSES.entries()) {
        for (const bookYear of [2015 + i, 2030 + i]) {
          // two rows at the same minute: the queue's tie is broken by id
          const submittedAt = status === 'draft' ? null : at(minute - (minute % 2));
          minute += 1;
          const id = newId();
          await k
            .insertInto('submissions')
            .values({
              ...subRow,
              id,
              companyId,
              bookYear,
              status,
              reference: submittedAt ? `BS-${bookYear}-${minute}` : null,
              submittedAt,
              firstSubmittedAt: submittedAt,
            })
            .execute();
          made.push({ kind: 'submission', id, companyId, bookYear, status, submittedAt });
          const nid = newId();
          await k
            .insertInto('notes')
            .values({ ...notesRow, id: nid, companyId, bookYear, status, submittedAt, firstSubmittedAt: submittedAt, pdfFileId: null })
            .execute();
          made.push({ kind: 'notes', id: nid, companyId, bookYear, status, submittedAt });
        }
      }
    }
    // slips through the API: uploaded by the company, then confirmed and rejected by staff
    for (const status of ['pending', 'confirmed', 'rejected'] as const) {
      const invoice = await issueInvoiceTo(t, company, [{ description: `Slip ${status}`, amount: 100_000 }], staff);
      slipInvoices[status] = invoice.id;
      const up = await uploadWhole(company, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: `${status}.jpg` }, jpegBytes(900));
      expect(up.last.statusCode, up.last.body).toBe(204);
      if (status !== 'pending') {
        const payload =
          status === 'confirmed'
            ? { decision: 'confirm', amount: 100_000, transferDate: '2026-01-05' }
            : { decision: 'reject', reason: 'Another account' };
        const res = await staff.inject({ method: 'POST', url: papi(PaymentPaths.staffAction(invoice.id, 'confirm')), payload });
        expect(res.statusCode, res.body).toBe(200);
      }
      const slip = await k.selectFrom('invoiceSlips').selectAll().where('invoiceId', '=', invoice.id).executeTakeFirstOrThrow();
      made.push({
        kind: 'slip',
        id: slip.id,
        companyId: company.companyId!,
        bookYear: null,
        status: slip.status,
        submittedAt: slip.uploadedAt,
        invoiceId: invoice.id,
      });
    }
  }, 120_000);
  afterAll(() => t.close());

  /** Every page of the queue with `query`, `limit` at a time: the ids in the order given. */
  async function walk(query: Record<string, string>, limit: number) {
    const ids: string[] = [];
    const items: ReviewQueuePage['items'] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 200; pages += 1) {
      const qs = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
      const res = await staff.inject({ url: api(`${ReviewPaths.staffQueue}?${qs}`) });
      expect(res.statusCode, res.body).toBe(200);
      const page = ReviewQueuePage.parse(res.json());
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((i) => i.id));
      items.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return { ids, items };
  }

  /** What the queue should list: submitted rows of the filter, oldest submitted first, ties by id. */
  function expected(filter: { kind?: ReviewKind; status: ReviewQueueStatus; bookYear?: number }) {
    return made
      .filter((m) => m.submittedAt !== null && m.status !== 'draft')
      .filter((m) => !filter.kind || m.kind === filter.kind)
      .filter((m) => (filter.status === 'awaiting' ? AWAITING[m.kind].includes(m.status) : filter.status === 'all' || m.status === filter.status))
      .filter((m) => filter.bookYear === undefined || m.bookYear === filter.bookYear)
      .sort((a, b) => (a.submittedAt! < b.submittedAt! ? -1 : a.submittedAt! > b.submittedAt! ? 1 : a.id < b.id ? -1 : 1))
      .map((m) => m.id);
  }

  const CASES: { name: string; filter: { kind?: ReviewKind; status: ReviewQueueStatus; bookYear?: number }; limit: number; count: number }[] = [
    { name: 'everything waiting, every kind', filter: { status: 'awaiting' }, limit: 5, count: 2 * 3 * 2 * 2 + 1 },
    { name: 'every kind, all but drafts', filter: { status: 'all' }, limit: 7, count: 2 * 5 * 2 * 2 + 3 },
    { name: 'filings waiting', filter: { kind: 'submission', status: 'awaiting' }, limit: 4, count: 12 },
    { name: 'notes, one status', filter: { kind: 'notes', status: 'returned' }, limit: 1, count: 4 },
    { name: 'slips, all', filter: { kind: 'slip', status: 'all' }, limit: 2, count: 3 },
    { name: 'slips waiting: pending only', filter: { kind: 'slip', status: 'awaiting' }, limit: 2, count: 1 },
    { name: 'a status only slips have', filter: { status: 'rejected' }, limit: 3, count: 1 },
    { name: 'accepted filings and notes of one book year', filter: { status: 'accepted', bookYear: 2020 }, limit: 1, count: 4 },
    { name: 'a book year: filings and notes, not the slips of no year', filter: { status: 'all', bookYear: 2031 }, limit: 3, count: 4 },
    { name: 'a slip status asked of filings: nothing', filter: { kind: 'submission', status: 'pending' }, limit: 3, count: 0 },
  ];

  it.each(CASES)('$name: every row once, oldest submitted first, across pages', async ({ filter, limit, count }) => {
    const query: Record<string, string> = { status: filter.status };
    if (filter.kind) query.kind = filter.kind;
    if (filter.bookYear !== undefined) query.bookYear = String(filter.bookYear);
    const want = expected(filter);
    expect(want).toHaveLength(count);
    const { ids, items } = await walk(query, limit);
    expect(ids).toEqual(want);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of items) {
      const m = made.find((x) => x.id === item.id)!;
      expect(item).toMatchObject({ kind: m.kind, bookYear: m.bookYear, status: m.status, submittedAt: m.submittedAt });
      expect(item.company.id).toBe(m.companyId);
      expect(item.company.nameEn).not.toBe('');
      const link =
        m.kind === 'submission'
          ? WebPaths.staff.submission(m.id)
          : m.kind === 'notes'
            ? WebPaths.staff.notesOne(m.id)
            : WebPaths.staff.invoice(m.invoiceId!);
      expect(item.link).toBe(link);
    }
  });

  it('the filings and notes queues are the same query with one kind: the same rows in the same order', async () => {
    for (const [kind, path] of [
      ['submission', SubmissionPaths.staffList],
      ['notes', NotesPaths.staffList],
    ] as const) {
      const res = await staff.inject({ url: api(`${path}?status=all&limit=100`) });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { items: { id: string }[] }).items.map((i) => i.id)).toEqual(expected({ kind, status: 'all' }));
    }
  });

  it('a broken cursor is a 400 in the caller’s language; a company gets 403; a visitor 401', async () => {
    const broken = await staff.inject({ url: api(`${ReviewPaths.staffQueue}?cursor=not-a-cursor`), headers: { 'accept-language': 'lo' } });
    expect(broken.statusCode).toBe(400);
    expect(JSON.stringify(broken.json())).toContain('querystring.cursor');
    const shaped = await staff.inject({ url: api(`${ReviewPaths.staffQueue}?cursor=${Buffer.from('[1]').toString('base64url')}`) });
    expect(shaped.statusCode).toBe(400);
    expect((await company.inject({ url: api(ReviewPaths.staffQueue) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: api(ReviewPaths.staffQueue) })).statusCode).toBe(401);
  });

  it('a filing, notes and a slip have their timelines from the one presenter, in one shape, newest first', async () => {
    const keys = Object.keys(ReviewEvent.shape).sort();
    const filing = StaffSubmissionDetail.parse((await staff.inject({ url: api(SubmissionPaths.staffOne(filingId)) })).json());
    const notes = StaffNotesDocument.parse((await staff.inject({ url: api(NotesPaths.staffOne(notesId)) })).json());
    const confirmed = StaffInvoiceDetail.parse((await staff.inject({ url: papi(PaymentPaths.staffInvoice(slipInvoices.confirmed)) })).json());
    const rejected = StaffInvoiceDetail.parse((await staff.inject({ url: papi(PaymentPaths.staffInvoice(slipInvoices.rejected)) })).json());
    const pending = StaffInvoiceDetail.parse((await staff.inject({ url: papi(PaymentPaths.staffInvoice(slipInvoices.pending)) })).json());
    for (const events of [filing.events, notes.events, confirmed.reviewEvents, rejected.reviewEvents, pending.reviewEvents]) {
      expect(events.length).toBeGreaterThan(0);
      for (const e of events) expect(Object.keys(e).sort()).toEqual(keys);
    }
    expect(filing.events.at(-1)).toMatchObject({ action: 'created', actor: { kind: 'company' }, files: [], sections: [] });
    expect(notes.events.at(-1)).toMatchObject({ action: 'created', actor: { kind: 'company' }, fileId: null, files: [] });
    expect(confirmed.reviewEvents).toMatchObject([
      { action: 'confirmed', actor: { kind: 'staff' }, fromStatus: 'pending', toStatus: 'confirmed', comment: null, fileName: 'confirmed.jpg' },
      { action: 'uploaded', actor: { kind: 'company' }, toStatus: 'pending', fileName: 'confirmed.jpg' },
    ]);
    expect(confirmed.reviewEvents[1]!.actor.name).not.toBe('');
    expect(rejected.reviewEvents).toMatchObject([
      { action: 'rejected', toStatus: 'rejected', comment: 'Another account' },
      { action: 'uploaded', fileName: 'rejected.jpg' },
    ]);
    expect(pending.reviewEvents.map((e) => e.action)).toEqual(['uploaded']);
  });
});
