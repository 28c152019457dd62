import type { Language } from '@bansi/shared';
import { API_BASE, audienceAllows, type Audience, type Role } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

export interface Principal {
  sessionId: string;
  userId: string;
  role: Role;
  /** null for staff */
  companyId: string | null;
  /** the account's language (what the user last chose in the app): mails, PDFs, calendar files and CSVs use it */
  language: Language;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
  }
  interface FastifyRequest {
    /** Who is calling, set by the session plugin; null for a visitor. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every API route with its audience, for the access-matrix test and audits. */
    routeTable: { method: string; url: string; audience: Audience }[];
  }
}

/**
 * Enforces the audience each route declares. A route under the API base without one is a
 * programming error and stops the app from starting.
 */
export default fp(async function access(app: FastifyInstance) {
  app.decorateRequest('principal', null);

  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE)) return;
    const audience = route.config?.audience;
    if (!audience) throw new Error(`${route.method} ${route.url} declares no audience`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, audience });
  });

  // onRequest, after the session plugin: a caller without access is refused before its body is read.
  app.addHook('onRequest', (request, _reply, done) => {
    const audience = request.routeOptions.config?.audience;
    if (!audience || audience === 'public') return done();
    const principal = request.principal;
    if (!principal) return done(new AppError(401, 'UNAUTHENTICATED'));
    done(audienceAllows(audience, principal.role) ? undefined : new AppError(403, 'FORBIDDEN'));
  });
});

/** The caller's company, for company-audience handlers (the audience check guarantees one). */
export function companyOf(principal: Principal | null): string {
  if (!principal?.companyId) throw new AppError(403, 'FORBIDDEN');
  return principal.companyId;
}
