import { FILE_KINDS, OTHER_SLOT, type Language } from '@bansi/shared';
import { nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { registerFileOwner, type FilesTable } from '../files';
import { kindsOf } from './submissions.checklist';
import { actorName, newEvent } from './submissions.events';
import { assertEditable } from './submissions.policy';
import { listItemsOfLists } from '../reference';
import { SUBMISSION_OWNER, findSubmission, insertEvents, touchIfEditable } from './submissions.repository';

const EN: Language = 'en';

/** May this company user put a file into this slot now? (decision 016: the owner decides.) */
export async function authorizeSubmissionUpload(deps: Deps, principal: Principal, request: { ownerId: string; slot: string }) {
  const row = await findSubmission(deps.db, request.ownerId);
  if (!row || principal.companyId === null || row.companyId !== principal.companyId) throw notFound();
  assertEditable(row);
  if (request.slot === OTHER_SLOT) return { companyId: row.companyId };
  const types = (await listItemsOfLists(deps.db, ['document-types'])).filter((d) => Number(d.active) === 1);
  const item = types.find((d) => d.code === request.slot);
  if (!item) throw invalid([{ path: 'metadata.slot', code: 'unknown_choice', message: deps.t(EN, 'errors.field.unknown_choice') }]);
  return { companyId: row.companyId, allowedKinds: kindsOf(item, FILE_KINDS) };
}

/** Inside the file's transaction: still editable (else the file is refused), and a timeline event. */
export async function recordStoredFile(db: Executor, file: FilesTable, replaced: FilesTable | null, principal: Principal) {
  const now = nowIso();
  if (!(await touchIfEditable(db, file.ownerId, now))) throw new AppError(409, 'SUBMISSION_LOCKED');
  await insertEvents(db, [
    newEvent(principal, await actorName(db, principal), file.ownerId, replaced ? 'file_replaced' : 'file_uploaded', now, {
      fileId: file.id,
      slot: file.slot,
      fileName: file.originalName,
      details: replaced ? JSON.stringify({ replacedFileId: replaced.id }) : null,
    }),
  ]);
}

// Files go into a submission's slots through the files module (tus), which asks this module first.
// Registered when this module loads (routes and the demo seed import it).
registerFileOwner(SUBMISSION_OWNER, { authorizeUpload: authorizeSubmissionUpload, onStored: recordStoredFile });
