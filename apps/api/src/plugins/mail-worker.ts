import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer';
import type { Deps } from '../lib/deps';
import { findFileById } from '../modules/files/files.repository';
import { findMail } from '../modules/mail/mail.repository';
import { MAIL_JOB, type MailAttachmentRecord } from '../modules/mail/mail.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the mail that is due now (runs the due 'mail.send' jobs); tests call it directly. */
    drainOutbox(): Promise<number>;
  }
}

/**
 * The attachments of an outbox row: given bytes as they are, stored files as streams from the store,
 * opened one after another so that a missing file closes the ones already opened.
 */
async function attachmentsOf(deps: Deps, json: string | null): Promise<Attachment[]> {
  if (!json) return [];
  const out: Attachment[] = [];
  try {
    for (const a of JSON.parse(json) as MailAttachmentRecord[]) {
      if (a.content !== undefined) {
        out.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') });
        continue;
      }
      const file = await findFileById(deps.db, a.fileId!);
      if (!file) throw new Error(`attachment file ${a.fileId} not found`);
      out.push({ filename: a.filename, contentType: a.contentType, content: await deps.store.openRead(file.storageKey) });
    }
    return out;
  } catch (err) {
    closeAttachments(out);
    throw err;
  }
}

/**
 * Closes the attachments' file streams. A mail the server refuses (or a connection that fails) never
 * reads them, and an unread stream keeps its file open until garbage collection; after a send they
 * are already ended and this does nothing.
 */
function closeAttachments(attachments: Attachment[]) {
  for (const a of attachments) if (a.content instanceof Readable) a.content.destroy();
}

/**
 * Mail is a job kind: enqueueMail writes the rendered mail and its 'mail.send' job in the caller's
 * transaction; the job worker hands each job to one process, which sends it over SMTP (nodemailer).
 * The job is the mail's one queue entry (decision 200): a refused mail fails the attempt and the job
 * retries it with its back-off, then is marked failed; nothing is written back to the mail.
 * Without SMTP_URL the job only finishes, and the development mail page shows the mail.
 */
export default fp(async function mailWorker(app: FastifyInstance) {
  const transport: Transporter | null = app.config.SMTP_URL ? nodemailer.createTransport(app.config.SMTP_URL) : null;

  app.jobs.register(MAIL_JOB, async (payload, { deps }) => {
    const mail = await findMail(deps.db, String(payload.mailId));
    if (!mail || !transport) return;
    let attachments: Attachment[] = [];
    try {
      attachments = await attachmentsOf(deps, mail.attachments);
      await transport.sendMail({
        from: app.config.MAIL_FROM,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
        attachments,
      });
    } finally {
      closeAttachments(attachments);
    }
  });

  app.decorate('drainOutbox', () => app.jobs.runDue({ kinds: [MAIL_JOB] }));
  app.addHook('onClose', async () => transport?.close());
});
