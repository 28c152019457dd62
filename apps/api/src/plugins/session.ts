import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { nowIso, sha256 } from '../lib/crypto';
import { deleteSession, findSessionByTokenHash, touchSession } from '../modules/auth/auth.repository';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: {
      name: string;
      set(reply: FastifyReply, token: string, expiresAt: string): void;
      clear(reply: FastifyReply): void;
    };
  }
}

const TOUCH_EVERY_MS = 60_000;

/**
 * Reads the session cookie and sets request.principal. The cookie holds an opaque random token;
 * the database holds only its SHA-256. A session ends after SESSION_IDLE_MINUTES without a request
 * and SESSION_ABSOLUTE_HOURS after login, whichever comes first.
 */
export default fp(async function session(app: FastifyInstance) {
  const { config } = app;
  const production = config.NODE_ENV === 'production';
  // __Host- cookies must be Secure, Path=/ and have no Domain: the browser then refuses them from subdomains.
  const name = production ? '__Host-bansi_session' : 'bansi_session';
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;

  app.decorate('sessionCookie', {
    name,
    set(reply, token, expiresAt) {
      reply.setCookie(name, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: production, expires: new Date(expiresAt) });
    },
    clear(reply) {
      reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: production });
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[name];
    if (!token) return;
    const row = await findSessionByTokenHash(app.db.kysely, sha256(token));
    const now = nowIso();
    const nowMs = Date.parse(now);
    if (!row || row.disabledAt !== null || Date.parse(row.expiresAt) <= nowMs || Date.parse(row.lastSeenAt) + idleMs <= nowMs) {
      if (row) await deleteSession(app.db.kysely, row.sessionId);
      app.sessionCookie.clear(reply);
      return;
    }
    if (nowMs - Date.parse(row.lastSeenAt) > TOUCH_EVERY_MS) await touchSession(app.db.kysely, row.sessionId, now);
    request.principal = { sessionId: row.sessionId, userId: row.userId, role: row.role, companyId: row.companyId, language: row.language };
  });
});
