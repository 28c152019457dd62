import type { FieldError, Language, UpdateSubmissionRequest } from '@bansi/shared';
import { nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError, invalid } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit, type Actor } from '../../audit';
import { fieldError } from '../submissions.checklist';
import { actorName, newEvent } from '../submissions.events';
import { assertCurrent, assertEditable } from '../submissions.policy';
import { detailOf, getSubmission, readable } from '../submissions.queries';
import { listItemsOfLists } from '../../reference';
import { insertEvents, updateSubmissionIfCurrent } from '../submissions.repository';
import { signatoriesFromRequest } from '../submissions.signatories';
import type { SubmissionsTable } from '../submissions.tables';

/**
 * PATCH: enterprise data and signatories, in a draft or a returned submission only. The changed
 * fields and their `updated` event are written in one transaction; nothing changed writes nothing.
 */
export async function updateSubmission(deps: Deps, principal: Principal, actor: Actor, id: string, body: UpdateSubmissionRequest, lang: Language) {
  const row = await readable(deps, principal, id);
  assertEditable(row);
  assertCurrent(row, body.version);
  const errors: FieldError[] = [];
  if (body.departmentId) {
    const item = (await listItemsOfLists(deps.db, ['departments'])).find((d) => d.id === body.departmentId && Number(d.active) === 1);
    if (!item) errors.push(fieldError(deps, lang, 'body.departmentId', 'unknown_choice'));
  }
  if (body.specialCategoryId) {
    const item = (await listItemsOfLists(deps.db, ['special-categories'])).find((d) => d.id === body.specialCategoryId && Number(d.active) === 1);
    if (!item) errors.push(fieldError(deps, lang, 'body.specialCategoryId', 'unknown_choice'));
  }
  if (errors.length) throw invalid(errors);

  const patch: Partial<SubmissionsTable> = {};
  const set = <K extends keyof SubmissionsTable>(key: K, value: SubmissionsTable[K] | undefined) => {
    if (value === undefined) return;
    const current = row[key] === null || row[key] === undefined ? null : typeof value === 'number' ? Number(row[key]) : row[key];
    if (current !== value) patch[key] = value;
  };
  set('departmentId', body.departmentId);
  set('averageLabour', body.averageLabour);
  set('totalAssets', body.totalAssets);
  set('annualIncome', body.annualIncome);
  set('specialCategoryId', body.specialCategoryId);
  if (body.signatories !== undefined) set('signatories', body.signatories === null ? null : JSON.stringify(signatoriesFromRequest(body.signatories)));
  const changed = Object.keys(patch);
  if (changed.length === 0) return detailOf(deps, row, principal);

  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateSubmissionIfCurrent(trx, id, row.version, { ...patch, updatedAt: now }, ['draft', 'returned'])))
      throw new AppError(409, 'STALE');
    await insertEvents(trx, [
      newEvent(principal, await actorName(trx, principal), id, 'updated', now, { details: JSON.stringify({ fields: changed }) }),
    ]);
    await recordAudit(trx, actor, 'submission.update', { kind: 'submission', id }, { companyId: row.companyId, details: { fields: changed } });
  });
  return getSubmission(deps, principal, id);
}
