import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailJobStates } from './mail.queue';
import { listRecentMail, mailJobKey } from './mail.repository';

/** A mail's state on this page (no SMTP: a finished job is a logged mail; a cleaned-up job was finished). */
const stateOf = (status: string | null) => (status === null || status === 'done' ? 'logged' : status === 'failed' ? 'failed' : 'pending');

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The development mail page: without SMTP configured (and never in production), shows the mail the
 * app would have sent, so the demo's password-reset and invitation links can be followed. Those links
 * take over accounts: only a logged-in staff admin sees the page (401 / 403 for anyone else).
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.NODE_ENV === 'production' || app.config.SMTP_URL) return;
  app.get('/dev/mail', { config: { audience: 'staffAdmin' }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const mails = await listRecentMail(app.db.kysely, 50);
    // each mail's state is its mail.send job's (decision 200), read through the jobs module (a port)
    const states = await mailJobStates.use()(
      app.db.kysely,
      mails.map((m) => mailJobKey(m.id)),
    );
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p><b>To:</b> ${escape(m.toAddress)} · ${escape(m.createdAt)} · ${escape(stateOf(states.get(mailJobKey(m.id)) ?? null))}</p><pre>${escape(m.textBody).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('<hr>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mail</title></head><body style="font-family:sans-serif;max-width:60rem;margin:auto;padding:1rem"><h1>Development mail (not sent: no SMTP_URL)</h1>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
};
