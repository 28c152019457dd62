import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer';
import { addMs, nowIso } from '../lib/crypto';
import type { Deps } from '../lib/deps';
import { backoffMs } from '../modules/jobs/jobs.service';
import { findFileById } from '../modules/files/files.repository';
import { findMail, finishMail } from '../modules/mail/mail.repository';
import { MAIL_JOB, type MailAttachmentRecord } from '../modules/mail/mail.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the mail that is due now (runs the due 'mail.send' jobs); tests call it directly. */
    drainOutbox(): Promise<number>;
  }
}

async function attachmentsOf(deps: Deps, json: string | null): Promise<Attachment[]> {
  if (!json) return [];
  const records = JSON.parse(json) as MailAttachmentRecord[];
  return Promise.all(
    records.map(async (a) => {
      if (a.content !== undefined) return { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') };
      const file = await findFileById(deps.db, a.fileId!);
      if (!file) throw new Error(`attachment file ${a.fileId} not found`);
      return { filename: a.filename, contentType: a.contentType, content: await deps.store.openRead(file.storageKey) };
    }),
  );
}

/**
 * Mail is a job kind: enqueueMail writes the outbox row and a 'mail.send' job in the caller's
 * transaction; the job worker hands each job to one process, which sends it over SMTP (nodemailer)
 * and records the outcome on the outbox row. A refused mail is retried with the job's back-off.
 * Without SMTP_URL a mail is only marked 'logged', and the development mail page shows it.
 */
export default fp(async function mailWorker(app: FastifyInstance) {
  const transport: Transporter | null = app.config.SMTP_URL ? nodemailer.createTransport(app.config.SMTP_URL) : null;

  app.jobs.register(MAIL_JOB, async (payload, { deps, job, lastAttempt }) => {
    const mail = await findMail(deps.db, String(payload.mailId));
    // Gone, or already sent by an earlier run whose outcome was not recorded: nothing to do.
    if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
    if (!transport) {
      await finishMail(deps.db, mail.id, { status: 'logged', sentAt: nowIso() }, job.attempts);
      return;
    }
    try {
      await transport.sendMail({
        from: app.config.MAIL_FROM,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
        attachments: await attachmentsOf(deps, mail.attachments),
      });
    } catch (err) {
      const now = nowIso();
      await finishMail(
        deps.db,
        mail.id,
        {
          status: lastAttempt ? 'failed' : 'pending',
          lastError: String((err as Error).message).slice(0, 500),
          nextAttemptAt: addMs(now, backoffMs(job.attempts)),
        },
        job.attempts,
      );
      throw err;
    }
    await finishMail(deps.db, mail.id, { status: 'sent', sentAt: nowIso() }, job.attempts);
  });

  app.decorate('drainOutbox', () => app.jobs.runDue({ kinds: [MAIL_JOB] }));
  app.addHook('onClose', async () => transport?.close());
});
