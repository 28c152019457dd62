import type { Language } from '@bansi/shared';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { insertMail } from './mail.repository';

export type MailTemplate = 'passwordReset' | 'invitation' | 'welcome' | 'submissionReturned' | 'submissionAccepted';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Queues a mail in the user's language, inside the caller's transaction: it is sent only if the
 * change that caused it commits. Texts come from the catalog (`mail.<template>.*`).
 */
export async function enqueueMail(
  deps: Deps,
  trx: Executor,
  mail: { to: string; lang: Language; template: MailTemplate; vars: Record<string, string | number> },
) {
  const { t, config } = deps;
  const vars = {
    ...mail.vars,
    appName: t(mail.lang, 'common.appName'),
    provider: mail.lang === 'en' ? config.PROVIDER_NAME_EN : config.PROVIDER_NAME_LO,
  };
  const subject = t(mail.lang, `mail.${mail.template}.subject`, vars);
  const body = t(mail.lang, `mail.${mail.template}.body`, vars);
  const signature = t(mail.lang, 'mail.signature', vars);
  const textBody = `${body}\n\n${signature}`;
  const htmlBody = `<!doctype html><html lang="${mail.lang}"><body style="font-family:'Noto Sans Lao',sans-serif;line-height:1.7">${textBody
    .split('\n\n')
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/\n/g, '<br>')
          .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`,
    )
    .join('')}</body></html>`;
  const now = nowIso();
  await insertMail(trx, {
    id: newId(),
    toAddress: mail.to,
    subject,
    textBody,
    htmlBody,
    status: 'pending',
    lastError: null,
    nextAttemptAt: now,
    createdAt: now,
    sentAt: null,
  });
}
