import type { AnswerCommentRequest, Language } from '@bansi/shared';
import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import type { Actor } from '../../audit';
import { answerInReview } from '../../review';
import { presentComment } from '../submissions.presenter';
import { readable } from '../submissions.queries';

/**
 * The company answers one comment of the service (on a file, or the overall reasons of a return) without
 * resubmitting — the review's answer (modules/review). The submission (status, version) does not change.
 */
export async function answerComment(deps: Deps, principal: Principal, actor: Actor, id: string, body: AnswerCommentRequest, lang: Language) {
  const row = await readable(deps, principal, id);
  const event = await answerInReview(deps, principal, actor, 'submission', row, body.commentId, body.body, lang);
  return presentComment(event);
}
