import type { Language } from '@bansi/shared';
import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import type { Actor } from '../../audit';
import { commentInReview } from '../../review';
import { presentComment } from '../submissions.presenter';
import { fileOfSubmission, readable } from '../submissions.queries';

/** A comment on one file or on the whole submission (the review's comment, modules/review); checks the version, does not change it. */
export async function addStaffComment(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: string,
  body: { version: number; body: string; fileId?: string },
  lang: Language,
) {
  const row = await readable(deps, principal, id);
  const file = body.fileId ? await fileOfSubmission(deps, lang, row, body.fileId, 'body.fileId') : null;
  const event = await commentInReview(deps, principal, actor, 'submission', row, body.version, body.body, {
    fileId: file?.id ?? null,
    slot: file?.slot ?? null,
    fileName: file?.originalName ?? null,
  });
  return presentComment(event);
}
