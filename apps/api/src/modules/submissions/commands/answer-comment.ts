import type { AnswerCommentRequest, Language, SubmissionStatus } from '@bansi/shared';
import { nowIso } from '../../../lib/crypto';
import type { Deps } from '../../../lib/deps';
import { AppError, invalid } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { recordAudit, type Actor } from '../../audit';
import { fieldError } from '../submissions.checklist';
import { actorName, newEvent } from '../submissions.events';
import { presentComment } from '../submissions.presenter';
import { readable } from '../submissions.queries';
import { findEvent, insertEvents } from '../submissions.repository';

/**
 * While the service has the submission or has returned it, the company may answer the service's
 * comments; a draft has none, and an accepted submission's conversation is closed (decision 096).
 */
const ANSWERABLE: readonly SubmissionStatus[] = ['submitted', 'in_review', 'returned', 'resubmitted'];

/**
 * The company answers one comment of the service (on a file, or the overall reasons of a return)
 * without resubmitting: an `answered` event on the same file, naming the comment it answers, and an
 * audit entry, in one transaction. The submission (status, version) does not change.
 */
export async function answerComment(deps: Deps, principal: Principal, actor: Actor, id: string, body: AnswerCommentRequest, lang: Language) {
  const row = await readable(deps, principal, id);
  if (!ANSWERABLE.includes(row.status)) throw new AppError(409, 'SUBMISSION_CLOSED');
  const comment = await findEvent(deps.db, id, body.commentId);
  const answerable =
    comment && comment.actorKind === 'staff' && comment.comment !== null && (comment.action === 'commented' || comment.action === 'returned');
  if (!answerable) throw invalid([fieldError(deps, lang, 'body.commentId', 'unknown_choice')]);
  const event = newEvent(principal, await actorName(deps.db, principal), id, 'answered', nowIso(), {
    comment: body.body,
    fileId: comment.fileId,
    slot: comment.slot,
    fileName: comment.fileName,
    details: JSON.stringify({ answersId: comment.id }),
  });
  await deps.db.transaction().execute(async (trx) => {
    await insertEvents(trx, [event]);
    await recordAudit(
      trx,
      actor,
      'submission.answer',
      { kind: 'submission', id },
      { companyId: row.companyId, details: { commentId: comment.id, fileId: comment.fileId } },
    );
  });
  return presentComment(event);
}
