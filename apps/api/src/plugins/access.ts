import type { Language } from '@bansi/shared';
import { API_BASE, audienceAllows, type ApiKeyScope, type Audience, type Role } from '@bansi/shared';
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
  /** set when an API key is the caller (modules/api-keys): it may call only routes declaring one of its scopes */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
    /**
     * The API-key scope that may call this route (decision 240): only read routes the service's software
     * needs declare one. An API key gets 403 on every route without it, naming the scope it lacks.
     */
    scope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** Who is calling, set by the session plugin; null for a visitor. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every API route with its audience, for the access-matrix test and audits. */
    routeTable: { method: string; url: string; audience: Audience; scope: ApiKeyScope | null }[];
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
    const scope = route.config?.scope ?? null;
    const methods = [route.method].flat();
    if (scope && methods.some((m) => !['GET', 'HEAD'].includes(m)))
      throw new Error(`${route.method} ${route.url}: only a read route may declare an API-key scope`);
    for (const method of methods) if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, audience, scope });
  });

  // onRequest, after the session plugin: a caller without access is refused before its body is read.
  app.addHook('onRequest', (request, _reply, done) => {
    const { audience, scope } = request.routeOptions.config ?? {};
    const principal = request.principal;
    if (audience && principal?.apiKey) {
      if (!scope) return done(new AppError(403, 'FORBIDDEN'));
      if (!principal.apiKey.scopes.includes(scope)) return done(new AppError(403, 'SCOPE_MISSING', undefined, { scope }));
    }
    if (!audience || audience === 'public') return done();
    if (!principal) return done(new AppError(401, 'UNAUTHENTICATED'));
    done(audienceAllows(audience, principal.role) ? undefined : new AppError(403, 'FORBIDDEN'));
  });
});

/** The caller's company, for company-audience handlers (the audience check guarantees one). */
export function companyOf(principal: Principal | null): string {
  if (!principal?.companyId) throw new AppError(403, 'FORBIDDEN');
  return principal.companyId;
}
