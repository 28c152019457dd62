import { commentsSavedInReview, type Language } from '@bansi/shared';
import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import type { Actor } from '../../audit';
import type { FilesTable } from '../../files';
import { loadReference } from '../submissions.checklist';
import { newEvent } from '../submissions.events';
import { presentComment } from '../submissions.presenter';
import { companyOfRow, fileOfSubmission, readable } from '../submissions.queries';
import { insertEvents, listCommentEvents } from '../submissions.repository';
import { tellCompany } from '../submissions.notify';
import { publish } from '../../events';
import { keptComments } from '../../review';
import '../submissions.published';
import { staffTransition } from './staff-transition';

/**
 * return: in_review → returned, with reasons (and comments on files); in one transaction with the
 * events and the e-mails to the company's users. The comments saved during the review (all, or those in
 * `keptCommentIds`) are repeated in the mail and the notification (decision 191).
 */
export async function returnSubmission(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: string,
  body: { version: number; reasons: string; fileComments: { fileId: string; body: string }[]; keptCommentIds?: string[] },
  lang: Language,
) {
  const pre = await readable(deps, principal, id);
  const files: { file: FilesTable; body: string }[] = [];
  for (const [i, c] of body.fileComments.entries())
    files.push({ file: await fileOfSubmission(deps, lang, pre, c.fileId, `body.fileComments.${i}.fileId`), body: c.body });
  const commentRows = await listCommentEvents(deps.db, pre.id);
  const saved = new Set(commentsSavedInReview(commentRows.map(presentComment)).map((c) => c.id));
  const kept = keptComments(
    deps,
    lang,
    commentRows.filter((r) => saved.has(r.id)),
    body.keptCommentIds,
  );
  const company = await companyOfRow(deps.db, pre);
  const ref = await loadReference(deps.db);
  return staffTransition(deps, principal, actor, id, body.version, 'return', async (trx, row, to, now, name) => {
    await insertEvents(trx, [
      newEvent(principal, name, id, 'returned', now, { fromStatus: row.status, toStatus: to, comment: body.reasons }),
      ...files.map(({ file, body: text }) =>
        newEvent(principal, name, id, 'commented', now, {
          comment: text,
          fileId: file.id,
          slot: file.slot,
          fileName: file.originalName,
          partOfReturn: 1,
        }),
      ),
    ]);
    // Each comment under the file's slot name in the reader's language (a comment on the whole filing has none).
    const line = (lang: Language, c: { slot: string | null; fileName: string | null; body: string }) => {
      if (!c.fileName) return `- ${c.body}`;
      const type = ref.documentTypes.find((d) => d.code === c.slot);
      const slot = type ? (lang === 'en' ? type.nameEn : type.nameLo) : deps.t(lang, 'submission.upload.other');
      return `- ${slot} (${c.fileName}): ${c.body}`;
    };
    const block = (lang: Language, key: string, items: { slot: string | null; fileName: string | null; body: string }[]) =>
      items.length ? `${deps.t(lang, key)}\n${items.map((c) => line(lang, c)).join('\n')}` : '';
    const savedBlock = (lang: Language) =>
      block(
        lang,
        'review.mail.savedComments',
        kept.map((r) => ({ slot: r.slot, fileName: r.fileName, body: r.comment ?? '' })),
      );
    const news = await tellCompany(deps, trx, 'returned', row, company, {
      vars: (lang) => ({
        reasons: body.reasons,
        fileComments: [
          block(
            lang,
            'filing.mail.fileComments',
            files.map(({ file, body: text }) => ({ slot: file.slot, fileName: file.originalName, body: text })),
          ),
          savedBlock(lang),
        ]
          .filter(Boolean)
          .join('\n\n'),
      }),
      moreBody: savedBlock,
    });
    // The bell (and whatever else reacts to a return) subscribes in modules/subscribers.ts.
    await publish(deps, trx, {
      type: 'submission.returned',
      subject: { kind: 'submission', id },
      companyId: row.companyId,
      payload: { bookYear: Number(row.bookYear), reference: row.reference ?? '' },
      occurredAt: now,
      news,
    });
  });
}
