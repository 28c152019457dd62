import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { randomToken, safeEqual } from '../lib/crypto';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false only for machine endpoints that prove themselves otherwise (e.g. a signed payment notification). */
    csrf?: boolean;
  }
  interface FastifyInstance {
    /** The browser's CSRF token, set as a cookie when it has none; GET /auth/csrf hands it out. */
    csrfToken(request: FastifyRequest, reply: FastifyReply): string;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request (DESIGN §6): the X-CSRF-Token header must equal
 * the token in this browser's HttpOnly cookie (a page on another site can neither read the cookie
 * nor set the header), and the request must come from our own origin when the browser says where
 * it comes from. Otherwise 403 CSRF.
 */
export default fp(async function csrf(app: FastifyInstance) {
  const production = app.config.NODE_ENV === 'production';
  const name = production ? '__Host-bansi_csrf' : 'bansi_csrf';
  const publicOrigin = new URL(app.config.PUBLIC_URL).origin;

  app.decorate('csrfToken', (request: FastifyRequest, reply: FastifyReply) => {
    const existing = request.cookies[name];
    if (existing && existing.length >= 32) return existing;
    const token = randomToken();
    reply.setCookie(name, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: production });
    return token;
  });

  const refused = (request: FastifyRequest) => {
    const from = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (from !== undefined && from !== publicOrigin && from !== `${request.protocol}://${request.host}`) return true;
    const cookie = request.cookies[name];
    const header = request.headers['x-csrf-token'];
    return !cookie || typeof header !== 'string' || !safeEqual(cookie, header);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    // An API key is no cookie a foreign page could make the browser send: no CSRF check (the access plugin refuses its writes).
    if (SAFE.has(request.method) || request.routeOptions.config?.csrf === false || request.principal?.apiKey) return done();
    done(refused(request) ? new AppError(403, 'CSRF') : undefined);
  });
});

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
