import type { Language } from '@bansi/shared';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { mailQueue } from './mail.queue';
import { insertMail, mailJobKey } from './mail.repository';
import { renderMail } from './mail.render';

/** The job kind that sends one outbox mail: the mail's one queue entry, with its attempts and back-off. */
export const MAIL_JOB = 'mail.send';
export const MAIL_MAX_ATTEMPTS = 8;

/** A file to attach: a stored file (read from the FileStore when sending) or bytes given now. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  fileId?: string;
  content?: Buffer;
}

/** How an attachment is kept in `outbox.attachments` (JSON). */
export interface MailAttachmentRecord {
  filename: string;
  contentType: string;
  fileId?: string;
  /** base64 */
  content?: string;
}

export type MailTemplate =
  | 'passwordReset'
  | 'passwordChanged'
  | 'addressInUse'
  | 'invitation'
  | 'welcome'
  | 'submissionReceived'
  | 'submissionReturned'
  | 'submissionAccepted'
  | 'notesReturned'
  | 'notesAccepted'
  | 'bookingConfirmed'
  | 'bookingRescheduled'
  | 'bookingCancelled'
  | 'bookingCancelledHoliday'
  | 'bookingShortfall'
  | 'submissionReminder'
  | 'invoicePaid'
  | 'slipRejected'
  | 'invoiceReversed'
  | 'companyExportReady';

/**
 * Queues a mail in the user's language, inside the caller's transaction: it is sent only if the
 * change that caused it commits, by the 'mail.send' job — the one place its sending state is kept. Texts come from the catalog
 * (`mail.<template>.*`). Attachments are a stored file's id or bytes.
 */
export async function enqueueMail(
  deps: Deps,
  trx: Executor,
  mail: { to: string; lang: Language; template: MailTemplate; vars: Record<string, string | number>; attachments?: MailAttachment[] },
) {
  const { t, config } = deps;
  const vars = {
    ...mail.vars,
    appName: t(mail.lang, 'common.appName'),
    provider: mail.lang === 'en' ? config.PROVIDER_NAME_EN : config.PROVIDER_NAME_LO,
  };
  // User text (names, company names) is plain text in both parts; only the app's own links are links.
  const { subject, textBody, htmlBody } = renderMail(t, mail.lang, mail.template, vars);
  const now = nowIso();
  const id = newId();
  await insertMail(trx, {
    id,
    toAddress: mail.to,
    subject,
    textBody,
    htmlBody,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments.map(attachmentRecord)) : null,
    createdAt: now,
  });
  // One job per mail, keyed by the mail: it is sent once however many API processes run.
  await mailQueue.use()(trx, MAIL_JOB, { mailId: id }, { uniqueKey: mailJobKey(id), maxAttempts: MAIL_MAX_ATTEMPTS });
}

function attachmentRecord(a: MailAttachment): MailAttachmentRecord {
  if (!a.fileId === !a.content) throw new Error('a mail attachment has either a fileId or content');
  return {
    filename: a.filename,
    contentType: a.contentType,
    ...(a.fileId ? { fileId: a.fileId } : { content: a.content!.toString('base64') }),
  };
}
