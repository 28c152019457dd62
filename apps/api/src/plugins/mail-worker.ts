import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { addMs, nowIso } from '../lib/crypto';
import { claimMail, findDueMail, finishMail, requeueStuckMail } from '../modules/mail/mail.repository';

const POLL_MS = 1_000;
const MAX_ATTEMPTS = 8;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends what is due now; the worker calls it on a timer, tests may call it directly. */
    drainOutbox(): Promise<number>;
  }
}

/**
 * Sends the outbox over SMTP (nodemailer). Each mail is claimed by one process, retried with
 * back-off, and marked sent or failed. Without SMTP_URL a mail is only marked 'logged', and the
 * development mail page shows it.
 */
export default fp(async function mailWorker(app: FastifyInstance, opts: { start: boolean }) {
  const db = app.db.kysely;
  const transport: Transporter | null = app.config.SMTP_URL ? nodemailer.createTransport(app.config.SMTP_URL) : null;

  app.decorate('drainOutbox', async () => {
    let sent = 0;
    for (const mail of await findDueMail(db, nowIso(), 20)) {
      if (!(await claimMail(db, mail.id))) continue;
      const attempts = mail.attempts + 1;
      if (!transport) {
        await finishMail(db, mail.id, { status: 'logged', sentAt: nowIso() }, attempts);
        continue;
      }
      try {
        await transport.sendMail({
          from: app.config.MAIL_FROM,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
        });
        await finishMail(db, mail.id, { status: 'sent', sentAt: nowIso() }, attempts);
        sent += 1;
      } catch (err) {
        app.log.warn({ err, mailId: mail.id, attempts }, 'mail not sent');
        const failed = attempts >= MAX_ATTEMPTS;
        await finishMail(
          db,
          mail.id,
          {
            status: failed ? 'failed' : 'pending',
            lastError: String((err as Error).message).slice(0, 500),
            nextAttemptAt: addMs(nowIso(), 2 ** attempts * 1000),
          },
          attempts,
        );
      }
    }
    return sent;
  });

  if (!opts.start) return;
  await requeueStuckMail(db);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = app.drainOutbox().catch((err: unknown) => app.log.error({ err }, 'mail worker failed'));
  }, POLL_MS);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    transport?.close();
  });
});
