import type { Language } from '@bansi/shared';
import type { Deps } from '../../../lib/deps';
import type { Principal } from '../../../plugins/access';
import type { Actor } from '../../audit/audit.service';
import type { FilesTable } from '../../files/files.tables';
import { enqueueMail } from '../../mail/mail.service';
import { loadReference } from '../submissions.checklist';
import { newEvent } from '../submissions.events';
import { companyOfRow, fileOfSubmission, readable } from '../submissions.queries';
import { insertEvents, listMailableUsers } from '../submissions.repository';
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
    for (const user of await listMailableUsers(trx, row.companyId)) {
      const userLang = user.language;
      const lines = files.map(({ file, body: text }) => {
        const type = ref.documentTypes.find((d) => d.code === file.slot);
        const slot = type ? (userLang === 'en' ? type.nameEn : type.nameLo) : deps.t(userLang, 'submission.upload.other');
        return `- ${slot} (${file.originalName}): ${text}`;
      });
      await enqueueMail(deps, trx, {
        to: user.email,
        lang: userLang,
        template: 'submissionReturned',
        vars: {
          company: userLang === 'en' ? company.nameEn : company.nameLo,
          bookYear: Number(row.bookYear),
          reasons: [body.reasons, ...lines].join('\n'),
          link: new URL(`/dashboard/submit-document/detail/${id}`, deps.config.PUBLIC_URL).toString(),
        },
      });
    }
  });
}
