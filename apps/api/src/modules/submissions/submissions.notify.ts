import { WebPaths } from '@bansi/shared/paths';
import type { Language } from '@bansi/shared';
import type { Deps, Executor } from '../../lib/deps';
import type { CompaniesTable } from '../companies';
import { notifyCompany } from '../content';
import { enqueueMail, type MailAttachment, type MailTemplate } from '../mail';
import { listMailableUsers } from '../auth';
import type { SubmissionsTable } from './submissions.tables';

/** The moments a company hears about its filing (decision 096). */
export type FilingNews = 'received' | 'returned' | 'accepted';

const TEMPLATE: Record<FilingNews, MailTemplate> = {
  received: 'submissionReceived',
  returned: 'submissionReturned',
  accepted: 'submissionAccepted',
};

/** The dashboard screen of one submission (the mails' link is the same path on PUBLIC_URL). */
export const submissionDetailPath = WebPaths.dashboard.submissionDetail;

/**
 * Tells the company, in the caller's transaction (nothing is sent if the change rolls back): an e-mail to
 * each active user in that user's language, and one in-portal notification for the company that opens the
 * submission. `vars(lang)` adds what the template needs beyond company, book year, reference and link.
 */
export async function tellCompany(
  deps: Deps,
  trx: Executor,
  news: FilingNews,
  row: SubmissionsTable,
  company: Pick<CompaniesTable, 'nameLo' | 'nameEn'>,
  options: {
    vars?: (lang: Language) => Record<string, string | number>;
    attachments?: MailAttachment[];
    at?: string;
    /** text the notification adds after its body (e.g. the review's comments), in that language */
    moreBody?: (lang: Language) => string;
  } = {},
) {
  const path = submissionDetailPath(row.id);
  const vars = (lang: Language) => ({
    company: lang === 'en' ? company.nameEn : company.nameLo,
    bookYear: Number(row.bookYear),
    reference: row.reference ?? '',
    ...options.vars?.(lang),
  });
  for (const user of await listMailableUsers(trx, row.companyId)) {
    await enqueueMail(deps, trx, {
      to: user.email,
      lang: user.language,
      template: TEMPLATE[news],
      vars: { ...vars(user.language), link: new URL(path, deps.config.PUBLIC_URL).toString() },
      attachments: options.attachments,
    });
  }
  const more = (lang: Language) => options.moreBody?.(lang) ?? '';
  const text = (lang: Language, part: 'title' | 'body') =>
    [deps.t(lang, `filing.notify.${news}.${part}`, vars(lang)), part === 'body' ? more(lang) : ''].filter(Boolean).join('\n\n');
  await notifyCompany(
    trx,
    row.companyId,
    { titleLo: text('lo', 'title'), titleEn: text('en', 'title'), bodyLo: text('lo', 'body'), bodyEn: text('en', 'body'), link: path },
    options.at,
  );
}
