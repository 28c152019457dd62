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
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
  }
  interface FastifyRequest {
    /** Who is calling, set by the session plugin; null for a visitor. */
    principal: Principal | null;
  }
}

/**
 * Enforces the audience each route declares. A route under the API base without one is a
 * programming error and stops the app from starting.
 */
export default fp(async function access(app: FastifyInstance) {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_BASE) && !route.config?.audience) {
      throw new Error(`${route.method} ${route.url} declares no audience`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const audience = request.routeOptions.config?.audience;
    if (!audience || audience === 'public') return;
    const principal = request.principal;
    if (!principal) throw new AppError(401, 'UNAUTHENTICATED');
    if (!audienceAllows(audience, principal.role)) throw new AppError(403, 'FORBIDDEN');
  });
});

/** The caller's company, for company-audience handlers (the audience check guarantees one). */
export function companyOf(principal: Principal | null): string {
  if (!principal?.companyId) throw new AppError(403, 'FORBIDDEN');
  return principal.companyId;
}
