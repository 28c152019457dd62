import type { Language } from '@bansi/shared';
import { nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import { recordAudit, type Actor } from '../../audit';
import { actorName, newEvent } from '../submissions.events';
import { assertCurrent } from '../submissions.policy';
import { presentComment } from '../submissions.presenter';
import { fileOfSubmission, readable } from '../submissions.queries';
import { insertEvents } from '../submissions.repository';

/** A comment on one file or on the whole submission; checks the version, does not change it. */
export async function addStaffComment(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: string,
  body: { version: number; body: string; fileId?: string },
  lang: Language,
) {
  const row = await readable(deps, principal, id);
  assertCurrent(row, body.version);
  const file = body.fileId ? await fileOfSubmission(deps, lang, row, body.fileId, 'body.fileId') : null;
  const event = newEvent(principal, await actorName(deps.db, principal), id, 'commented', nowIso(), {
    comment: body.body,
    fileId: file?.id ?? null,
    slot: file?.slot ?? null,
    fileName: file?.originalName ?? null,
  });
  await deps.db.transaction().execute(async (trx) => {
    await insertEvents(trx, [event]);
    await recordAudit(
      trx,
      actor,
      'submission.comment',
      { kind: 'submission', id },
      { companyId: row.companyId, details: { fileId: file?.id ?? null } },
    );
  });
  return presentComment(event);
}
