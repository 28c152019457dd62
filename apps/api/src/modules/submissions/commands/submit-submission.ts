import { filingReference, statusAfterSubmit, type Language, type SubmissionStatus } from '@bansi/shared';
import { nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit, type Actor } from '../../audit';
import { checksAsFieldErrors } from '../submissions.checklist';
import { actorName, newEvent } from '../submissions.events';
import { assertCurrent, transitionFor } from '../submissions.policy';
import { companyOfRow, detailOf, getSubmission, readable } from '../submissions.queries';
import { findReturningReviewer, insertEvents, updateSubmissionIfCurrent } from '../submissions.repository';
import { resumedBy } from '../../review';
import { publish } from '../../events';
import '../submissions.published';
import { nextSequence } from '../../../db/sequences';
import { filingNotice, tellCompany } from '../submissions.notify';

/**
 * Submit (draft → submitted, returned → resubmitted → in review with the reviewer who returned it) after the checks: blocking errors answer
 * 422 CHECKS_FAILED; warnings answer 422 CHECKS_WARNINGS unless the body confirms them. The status,
 * the declared size as of now and the event are written in one transaction.
 */
export async function submitSubmission(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: string,
  body: { version: number; confirmWarnings: boolean; comment?: string },
  lang: Language,
) {
  const row = await readable(deps, principal, id);
  assertCurrent(row, body.version);
  const submitted = transitionFor(row, 'submit', 'company');
  const detail = await detailOf(deps, row, principal);
  if (detail.checks.errors.length) throw new AppError(422, 'CHECKS_FAILED', checksAsFieldErrors(deps, lang, detail.checks, detail.files, 'errors'));
  if (detail.checks.warnings.length && !body.confirmWarnings) {
    throw new AppError(422, 'CHECKS_WARNINGS', checksAsFieldErrors(deps, lang, detail.checks, detail.files, 'warnings'));
  }
  const company = await companyOfRow(deps.db, row);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const reviewer = submitted === 'resubmitted' ? await findReturningReviewer(trx, id) : undefined;
    const to = (statusAfterSubmit('submission', row.status, reviewer !== undefined) ?? submitted) as SubmissionStatus;
    // The filing reference is given at the first submit (decision 095), from the one gapless counter, in
    // this transaction: a submit that fails or loses the version race gives its number back.
    const reference = row.reference ?? filingReference(Number(row.bookYear), await nextSequence(trx, 'filing', Number(row.bookYear)));
    const ok = await updateSubmissionIfCurrent(
      trx,
      id,
      row.version,
      { status: to, submittedAt: now, firstSubmittedAt: row.firstSubmittedAt ?? now, declaredSizeId: company.sizeId, updatedAt: now, reference },
      [row.status],
    );
    if (!ok) throw new AppError(409, 'STALE');
    await insertEvents(trx, [
      newEvent(principal, await actorName(trx, principal), id, submitted === 'resubmitted' ? 'resubmitted' : 'submitted', now, {
        fromStatus: row.status,
        toStatus: submitted,
        comment: body.comment ? body.comment : null,
        details: detail.checks.warnings.length ? JSON.stringify({ confirmedWarnings: detail.checks.warnings.map((w) => w.code) }) : null,
      }),
      ...(reviewer && to === 'in_review' ? [newEvent(principal, reviewer.actorName, id, 'review_started', now, resumedBy(reviewer))] : []),
    ]);
    await recordAudit(
      trx,
      actor,
      'submission.submit',
      { kind: 'submission', id },
      {
        companyId: row.companyId,
        details: { from: row.status, to, confirmedWarnings: detail.checks.warnings.length > 0 },
      },
    );
    // What reacts to a submit (the annual review fee is billed on the first one, the bell) subscribes in modules/subscribers.ts.
    await publish(deps, trx, {
      type: 'submission.submitted',
      subject: { kind: 'submission', id },
      companyId: row.companyId,
      payload: {
        bookYear: Number(row.bookYear),
        reference,
        resubmitted: submitted === 'resubmitted',
      },
      occurredAt: now,
      news: filingNotice(deps, 'received', { ...row, reference }, company),
    });
    await tellCompany(deps, trx, 'received', { ...row, reference }, company);
  });
  return getSubmission(deps, principal, id);
}
