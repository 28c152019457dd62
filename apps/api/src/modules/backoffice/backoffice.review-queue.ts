import { WebPaths, type Language, type ReviewQueueItem, type ReviewQueuePage, type ReviewQueueQuery } from '@bansi/shared';
import type { Deps } from '../../lib/deps';
import { listCompanyNames } from '../companies';
import { listInvoicesOfSlips } from '../payments';
import { listReviewQueue, type ReviewQueueRow } from '../review';

/** The staff screen that reviews a queue row. */
function linkOf(row: ReviewQueueRow, invoiceOfSlip: ReadonlyMap<string, string>): string {
  if (row.kind === 'submission') return WebPaths.staff.submission(row.id);
  if (row.kind === 'notes') return WebPaths.staff.notesOne(row.id);
  const invoiceId = invoiceOfSlip.get(row.id);
  return invoiceId ? WebPaths.staff.invoice(invoiceId) : WebPaths.staff.invoicesOf(row.companyId);
}

/**
 * GET /staff/review-queue (decision 270): everything staff review — filings, notes, slips — in one list from the
 * one review queue, oldest submitted first, each with its company's name and the screen that reviews it. The
 * composition answers it: the review module (core) does not name companies, a module of its own floor.
 */
export async function reviewQueue(deps: Deps, q: ReviewQueueQuery, lang: Language): Promise<ReviewQueuePage> {
  const { rows, nextCursor } = await listReviewQueue(
    deps,
    { kinds: q.kind ? [q.kind] : undefined, status: q.status, bookYear: q.bookYear, cursor: q.cursor, limit: q.limit },
    lang,
  );
  const [companyRows, slipRows] = await Promise.all([
    listCompanyNames(deps.db, [...new Set(rows.map((r) => r.companyId))]),
    listInvoicesOfSlips(
      deps.db,
      rows.filter((r) => r.kind === 'slip').map((r) => r.id),
    ),
  ]);
  const companies = new Map(companyRows.map((c) => [c.id, c]));
  const invoiceOfSlip = new Map(slipRows.map((s) => [s.id, s.invoiceId]));
  const items = rows.flatMap((r): ReviewQueueItem[] => {
    const c = companies.get(r.companyId);
    if (!c) return [];
    return [
      {
        kind: r.kind,
        id: r.id,
        company: { id: c.id, nameLo: c.nameLo, nameEn: c.nameEn, tin: c.tin },
        bookYear: r.bookYear,
        status: r.status as ReviewQueueItem['status'],
        submittedAt: r.submittedAt,
        link: linkOf(r, invoiceOfSlip),
      },
    ];
  });
  return { items, nextCursor };
}
