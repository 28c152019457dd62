import type { FieldError } from '@bansi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { requestLanguage } from '../lib/i18n';

const MAX_DEPTH = 64;

/** The dot paths of every string (value or key) holding a NUL character, at most `limit` of them. */
export function pathsWithNul(value: unknown, path: string, out: string[] = [], depth = 0, limit = 20): string[] {
  if (out.length >= limit || depth > MAX_DEPTH) return out;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => pathsWithNul(item, `${path}.${i}`, out, depth + 1, limit));
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) out.push(path);
      else pathsWithNul(item, `${path}.${key}`, out, depth + 1, limit);
    }
  }
  return out;
}

/**
 * Cross-cutting refusals and headers that every route gets, whatever its schema says:
 * - a NUL character in any path parameter, query or JSON string is a 400 field error before the
 *   handler runs (PostgreSQL cannot store it in text, and no user types it);
 * - JSON answers of routes for logged-in audiences are never stored by a browser or proxy.
 */
export default fp(async function hardening(app: FastifyInstance) {
  // Callback hooks: they await nothing, and an async hook costs a promise per request.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const paths = [...pathsWithNul(request.params, 'params'), ...pathsWithNul(request.query, 'querystring'), ...pathsWithNul(request.body, 'body')];
    if (!paths.length) return done();
    const lang = requestLanguage(request.headers['accept-language']);
    const message = app.t(lang, 'errors.field.nul_character');
    const errors: FieldError[] = paths.map((path) => ({ path, code: 'nul_character', message }));
    done(new AppError(400, 'VALIDATION', errors));
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const audience = request.routeOptions.config?.audience;
    // JSON only: downloads keep their own validators (ETag, private caching) set by the file routes.
    if (audience && audience !== 'public' && /json/.test(String(reply.getHeader('content-type') ?? ''))) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
