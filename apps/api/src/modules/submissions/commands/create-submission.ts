import { isOpenBookYear, type Language } from '@bansi/shared';
import { isUniqueViolation } from '../../../db/index';
import { newId, nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { invalid, notFound } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit, type Actor } from '../../audit';
import { findCompany, listPeople } from '../../companies';
import { fieldError } from '../submissions.checklist';
import { actorName, createdEvent } from '../submissions.events';
import { detailOf } from '../submissions.queries';
import { findSubmissionOfYear, insertEvents, insertSubmission } from '../submissions.repository';
import { signatoriesSnapshot } from '../submissions.signatories';
import type { SubmissionsTable } from '../submissions.tables';

/**
 * POST /submissions: the existing submission of that year if there is one ("first-create check",
 * `created: false`), else a new draft for an open book year, its signatories copied from the profile.
 * Writes the submission and its `created` event in one transaction.
 */
export async function createSubmission(deps: Deps, principal: Principal, actor: Actor, bookYear: number, lang: Language) {
  const companyId = principal.companyId;
  if (!companyId) throw notFound();
  const existing = await findSubmissionOfYear(deps.db, companyId, bookYear);
  if (existing) return { created: false, detail: await detailOf(deps, existing, principal) };
  if (!isOpenBookYear(bookYear, deps.config.BOOK_YEAR)) throw invalid([fieldError(deps, lang, 'body.bookYear', 'book_year_not_open')]);
  const now = nowIso();
  const row: SubmissionsTable = {
    id: newId(),
    companyId,
    bookYear,
    status: 'draft',
    version: 1,
    departmentId: null,
    averageLabour: null,
    totalAssets: null,
    annualIncome: null,
    specialCategoryId: null,
    signatories: null,
    declaredSizeId: null,
    createdBy: principal.userId,
    createdAt: now,
    updatedAt: now,
    submittedAt: null,
    firstSubmittedAt: null,
    acceptedAt: null,
    reference: null,
    reviewerSize: null,
    reviewerSizeReason: null,
    reviewerSizeBy: null,
    reviewerSizeAt: null,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      const company = await findCompany(trx, companyId);
      if (!company) throw notFound();
      row.specialCategoryId = company.specialCategoryId;
      const signatories = signatoriesSnapshot(await listPeople(trx, companyId));
      row.signatories = signatories ? JSON.stringify(signatories) : null;
      await insertSubmission(trx, row);
      await insertEvents(trx, [createdEvent(principal, await actorName(trx, principal), row.id, now)]);
      await recordAudit(trx, actor, 'submission.create', { kind: 'submission', id: row.id }, { companyId, details: { bookYear } });
    });
  } catch (err) {
    // Two first-creates racing (a double click): the unique key keeps one; answer that one.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findSubmissionOfYear(deps.db, companyId, bookYear);
    if (!winner) throw err;
    return { created: false, detail: await detailOf(deps, winner, principal) };
  }
  return { created: true, detail: await detailOf(deps, row, principal) };
}
