import { WebPaths } from '@bansi/shared/paths';
import type { Language } from '@bansi/shared';
import type { Deps, Executor } from '../../lib/deps';
import type { CompaniesTable } from '../companies';
import type { CompanyNews } from '../events';
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

interface FilingNewsOptions {
  vars?: (lang: Language) => Record<string, string | number>;
  attachments?: MailAttachment[];
  /** text the notification adds after its body (e.g. the review's comments), in that language */
  moreBody?: (lang: Language) => string;
}

/** The text of the company's bell notification for this news (the subscriber of the filing's event puts it in the bell). */
export function filingNotice(
  deps: Deps,
  news: FilingNews,
  row: SubmissionsTable,
  company: Pick<CompaniesTable, 'nameLo' | 'nameEn'>,
  options: Pick<FilingNewsOptions, 'vars' | 'moreBody'> = {},
): CompanyNews {
  const base = filingVars(row, company);
  const vars = (lang: Language) => ({ ...base(lang), ...options.vars?.(lang) });
  const text = (lang: Language, part: 'title' | 'body') =>
    [deps.t(lang, `filing.notify.${news}.${part}`, vars(lang)), part === 'body' ? (options.moreBody?.(lang) ?? '') : ''].filter(Boolean).join('\n\n');
  return {
    titleLo: text('lo', 'title'),
    titleEn: text('en', 'title'),
    bodyLo: text('lo', 'body'),
    bodyEn: text('en', 'body'),
    link: submissionDetailPath(row.id),
  };
}

const filingVars = (row: SubmissionsTable, company: Pick<CompaniesTable, 'nameLo' | 'nameEn'>) => (lang: Language) => ({
  company: lang === 'en' ? company.nameEn : company.nameLo,
  bookYear: Number(row.bookYear),
  reference: row.reference ?? '',
});

/**
 * Tells the company by mail, in the caller's transaction (nothing is sent if the change rolls back): an e-mail to
 * each active user in that user's language (decision 213: a feature's own mail stays in the feature). Returns the
 * text of the bell notification, which the command publishes with its event (the bell is a subscriber's, decision 214).
 * `vars(lang)` adds what the template needs beyond company, book year, reference and link.
 */
export async function tellCompany(
  deps: Deps,
  trx: Executor,
  news: FilingNews,
  row: SubmissionsTable,
  company: Pick<CompaniesTable, 'nameLo' | 'nameEn'>,
  options: FilingNewsOptions = {},
): Promise<CompanyNews> {
  const path = submissionDetailPath(row.id);
  const base = filingVars(row, company);
  const vars = (lang: Language) => ({ ...base(lang), ...options.vars?.(lang) });
  for (const user of await listMailableUsers(trx, row.companyId)) {
    await enqueueMail(deps, trx, {
      to: user.email,
      lang: user.language,
      template: TEMPLATE[news],
      vars: { ...vars(user.language), link: new URL(path, deps.config.PUBLIC_URL).toString() },
      attachments: options.attachments,
    });
  }
  return filingNotice(deps, news, row, company, options);
}
