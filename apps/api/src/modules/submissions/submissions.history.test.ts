import { randomUUID } from 'node:crypto';
import { DocumentPage, SubmissionPaths, type DocumentEntry } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOf } from '../../../test/explain';
import { createTestApp, dialect, registerCompany, type TestApp } from '../../../test/helpers';
import { api, openSubmission } from '../../../test/submissions';
import { listDocuments } from './submissions.all-documents';
import { countCurrentFiles, listCompanySubmissions } from './submissions.repository';
import { reviewQueueRows } from '../review';
import './submissions.queries';

// The all-document history as one keyset-paged SQL query, and the indexes of the history and the
// staff queue (issue 17, decisions 101 and 102).

describe(`all-document history and queue lists (${dialect})`, () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof registerCompany>>;
  let b: Awaited<ReturnType<typeof registerCompany>>;
  let at: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerCompany(t);
    b = await registerCompany(t);
    const sub = await openSubmission(a.agent, 2023);
    at = (await t.db.kysely.selectFrom('submissions').select('updatedAt').where('id', '=', sub.id).executeTakeFirstOrThrow()).updatedAt;
    // Files of three kinds written at the submission's own time (ties on `at` across kinds), and older ones.
    const file = (slot: string, ownerKind: string, createdAt: string) => ({
      id: randomUUID(),
      companyId: a.companyId,
      ownerKind,
      ownerId: sub.id,
      slot,
      originalName: `${slot}.pdf`,
      kind: 'pdf' as const,
      mediaType: 'application/pdf',
      size: 100,
      sha256: '0'.repeat(64),
      storageKey: `test/${randomUUID()}`,
      createdAt,
      createdBy: a.agent.userId!,
      replacesId: null,
      supersededById: null,
      supersededAt: null,
    });
    const older = (n: number) => new Date(Date.parse(at) - n * 60_000).toISOString();
    await t.db.kysely
      .insertInto('files')
      .values([
        file('balance-sheet', 'submission', at),
        file('other', 'submission', at),
        file('receipt', 'submission_receipt', at),
        file('balance-sheet', 'submission', at),
        file('income-statement', 'submission', older(1)),
        file('other', 'submission', older(2)),
        file('cash-flow', 'submission', older(2)),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const page = async (agent: typeof a.agent, query: string) => {
    const res = await agent.inject({ url: `${api(SubmissionPaths.documents)}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return DocumentPage.parse(res.json());
  };

  it('pages one entry at a time across kinds, through ties on time, in (at, id) order without gaps or repeats', async () => {
    const all = await page(a.agent, 'limit=100');
    expect(all.items).toHaveLength(8);
    const tied = all.items.filter((e) => e.at === at);
    expect(new Set(tied.map((e) => e.kind))).toEqual(new Set(['submission', 'submission_file', 'other_file', 'receipt']));
    const sorted = [...all.items].sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1));
    expect(all.items.map((e) => e.id)).toEqual(sorted.map((e) => e.id));

    const walked: DocumentEntry[] = [];
    let cursor: string | null = null;
    do {
      const next: DocumentPage = await page(a.agent, `limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...next.items);
      cursor = next.nextCursor;
    } while (cursor && walked.length < 20);
    expect(walked.map((e) => e.id)).toEqual(all.items.map((e) => e.id));

    // a page that starts inside the tie, with a kind filter
    const files = await page(a.agent, 'limit=2&kind=submission_file');
    expect(files.items.every((e) => e.kind === 'submission_file' && e.file?.slot)).toBe(true);
    const rest = await page(a.agent, `limit=10&kind=submission_file&cursor=${files.nextCursor}`);
    expect([...files.items, ...rest.items]).toHaveLength(4);
    expect((await page(a.agent, 'limit=10&bookYear=2022')).items).toEqual([]);
  });

  it("never shows another company's documents", async () => {
    expect((await page(b.agent, 'limit=100')).items).toEqual([]);
  });

  it('reads each source from its index (company, time, id)', async () => {
    const plans = await plansOf(t.db, (k) => listDocuments({ db: k, t: () => '' } as never, a.companyId, { limit: 20 }, 'lo'));
    const plan = plans.join('\n');
    expect(plan).toContain('submissions_company_updated');
    expect(plan).toContain('files_company_history');
    // receipts from the partial index of receipt files, each invoice by its key: not the company's whole file
    // history with its invoices looked up for every file (1.17 ms a page at 10,000 files, decision 102)
    expect(plan).toContain('files_invoice_receipts');
    expect(plan).not.toContain('invoices_company');
    if (dialect === 'sqlite') expect(plan).not.toMatch(/SCAN files\b(?! USING)/);
  });

  it('reads the waiting queue from the partial index of waiting submissions', async () => {
    const plans = await plansOf(t.db, (k) =>
      reviewQueueRows(k, { plan: [{ kind: 'submission', statuses: ['submitted', 'resubmitted', 'in_review'] }], after: null, limit: 21 }),
    );
    expect(plans.join('\n')).toContain('submissions_awaiting');
    const all = await plansOf(t.db, (k) =>
      reviewQueueRows(k, {
        plan: [{ kind: 'submission', statuses: ['submitted', 'in_review', 'returned', 'resubmitted', 'accepted'] }],
        after: null,
        limit: 21,
      }),
    );
    expect(all.join('\n')).toContain('submissions_submitted');
  });

  it("counts a submission's current files from the partial index of current files, and lists a company's submissions by its key", async () => {
    const counts = await plansOf(t.db, (k) => countCurrentFiles(k, [randomUUID(), randomUUID()]));
    expect(counts.join('\n')).toContain('files_current');
    const list = await plansOf(t.db, (k) => listCompanySubmissions(k, { companyId: a.companyId, limit: 21 }));
    expect(list.join('\n')).toMatch(/submissions_company_year|sqlite_autoindex_submissions|submissions_company_id_book_year/);
  });
});
