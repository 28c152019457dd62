import { API_BASE } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthenticated } from '../../lib/errors';
import { databaseRateLimitStore } from '../security';
import { authenticateApiKey } from './api-keys.service';

const WINDOW_MS = 60_000;

/**
 * `Authorization: Bearer bansi_…` on an API route: the key is the caller (no cookie, no CSRF; the access
 * plugin then lets it call only the routes its scopes allow, decision 240). A wrong, revoked or expired key
 * is 401, the same answer after the same one look-up. Each key may make RATE_LIMIT_API_KEY_PER_MINUTE
 * requests a minute, counted in the database every process shares (the rate-limit store of decision 106);
 * over it: 429 with Retry-After. Registered after the session plugin: a key wins over a cookie.
 */
export const apiKeyAuth = fp(async function apiKeyAuth(app: FastifyInstance) {
  const Store = databaseRateLimitStore(app.db.counters);
  const counter = new Store({});
  const limit = app.config.RATE_LIMIT_API_KEY_PER_MINUTE;
  const count = (keyId: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      counter.incr(
        `api-key|${keyId}`,
        (error, result) => (error || !result ? reject(error ?? new Error('no count')) : resolve(result)),
        WINDOW_MS,
        limit,
      ),
    );

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith(API_BASE)) return;
    const match = /^Bearer +(\S+)$/i.exec(header);
    if (!match) throw unauthenticated();
    const key = await authenticateApiKey(app.deps, match[1]!, request.ip ?? null, request.id);
    if (!key) throw unauthenticated();
    const { current, ttl } = await count(key.id);
    if (current > limit) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
      throw new AppError(429, 'RATE_LIMITED');
    }
    request.principal = {
      sessionId: `api-key:${key.id}`,
      userId: key.createdBy,
      role: 'staff_reviewer',
      companyId: null,
      language: 'en',
      apiKey: { id: key.id, scopes: key.scopes },
    };
  });
});
