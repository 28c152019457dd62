import { findCompany } from '../companies';
import { listMailableUsers } from '../auth';
import { WebPaths } from '@bansi/shared/paths';
import type { Language } from '@bansi/shared';
import type { Deps, Executor } from '../../lib/deps';
import type { CompanyNews } from '../events';
import { enqueueMail, type MailAttachment } from '../mail';
import type { InvoicesTable } from './payments.tables';

/** The moments a company hears about an invoice besides its receipt (decision 120). */
export type InvoiceNews = 'slipRejected' | 'reversed';

const TEMPLATE = { slipRejected: 'slipRejected', reversed: 'invoiceReversed' } as const;

/** The company's invoices screen: where the mails and the bell lead. */
export const SERVICE_PAYMENT_PATH = WebPaths.dashboard.payment;

/**
 * Tells the company by mail, in the caller's transaction (nothing is sent if the change rolls back): a mail to
 * each active user in that user's language (decision 213). Returns the text of the bell notification, which the
 * command publishes with its event (the bell is a subscriber's, decision 214).
 * `vars(lang)` adds what the texts need beyond the invoice number, the company and the link.
 */
export async function tellCompanyAboutInvoice(
  deps: Deps,
  trx: Executor,
  news: InvoiceNews,
  invoice: InvoicesTable,
  options: { vars: (lang: Language) => Record<string, string | number>; attachments?: MailAttachment[] },
): Promise<CompanyNews> {
  const company = await findCompany(trx, invoice.companyId);
  const vars = (lang: Language) => ({
    number: invoice.number,
    company: (lang === 'en' ? company?.nameEn : company?.nameLo) ?? '',
    ...options.vars(lang),
  });
  const link = new URL(SERVICE_PAYMENT_PATH, deps.config.PUBLIC_URL).toString();
  for (const user of await listMailableUsers(trx, invoice.companyId)) {
    const lang = user.language as Language;
    await enqueueMail(deps, trx, { to: user.email, lang, template: TEMPLATE[news], vars: { ...vars(lang), link }, attachments: options.attachments });
  }
  const text = (lang: Language, part: 'title' | 'body') => deps.t(lang, `payments.notify.${news}.${part}`, vars(lang));
  return {
    titleLo: text('lo', 'title'),
    titleEn: text('en', 'title'),
    bodyLo: text('lo', 'body'),
    bodyEn: text('en', 'body'),
    link: SERVICE_PAYMENT_PATH,
  };
}
