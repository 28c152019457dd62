import type { Language } from '@bansi/shared';
import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import type { Actor } from '../../audit';
import type { FilesTable } from '../../files';
import { loadReference } from '../submissions.checklist';
import { newEvent } from '../submissions.events';
import { companyOfRow, fileOfSubmission, readable } from '../submissions.queries';
import { insertEvents } from '../submissions.repository';
import { tellCompany } from '../submissions.notify';
import { staffTransition } from './staff-transition';

/**
 * return: in_review → returned, with reasons (and comments on files); in one transaction with the
 * events and the e-mails to the company's users.
 */
export async function returnSubmission(
  deps: Deps,
  principal: Principal,
  actor: Actor,
  id: string,
  body: { version: number; reasons: string; fileComments: { fileId: string; body: string }[] },
  lang: Language,
) {
  const pre = await readable(deps, principal, id);
  const files: { file: FilesTable; body: string }[] = [];
  for (const [i, c] of body.fileComments.entries())
    files.push({ file: await fileOfSubmission(deps, lang, pre, c.fileId, `body.fileComments.${i}.fileId`), body: c.body });
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
    // The mail lists the overall reasons and every file comment, each under the file's slot name in the reader's language.
    const fileLines = (lang: Language) =>
      files.map(({ file, body: text }) => {
        const type = ref.documentTypes.find((d) => d.code === file.slot);
        const slot = type ? (lang === 'en' ? type.nameEn : type.nameLo) : deps.t(lang, 'submission.upload.other');
        return `- ${slot} (${file.originalName}): ${text}`;
      });
    await tellCompany(deps, trx, 'returned', row, company, {
      at: now,
      vars: (lang) => ({
        reasons: body.reasons,
        fileComments: files.length ? `${deps.t(lang, 'filing.mail.fileComments')}\n${fileLines(lang).join('\n')}` : '',
      }),
    });
  });
}
