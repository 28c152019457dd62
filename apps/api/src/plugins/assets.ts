import { createHash } from 'node:crypto';
import { isLanguage, type Language } from '@bansi/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

interface AssetsOptions {
  catalogs: Record<Language, Record<string, unknown>>;
}

/** Serves the translation catalogs at /asset/lang/{lo,en}.json, revalidated by ETag. */
export default async function assets(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>,
  { catalogs }: AssetsOptions,
) {
  const bodies = Object.fromEntries(
    Object.entries(catalogs).map(([lng, catalog]) => {
      const json = JSON.stringify(catalog);
      return [lng, { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` }];
    }),
  ) as Record<Language, { json: string; etag: string }>;

  app.get(
    '/asset/lang/:file',
    {
      config: { audience: 'public' },
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z]{2}\.json$/) }) },
    },
    async (request, reply) => {
      const lng = request.params.file.slice(0, 2);
      if (!isLanguage(lng)) return reply.problem(404, 'NOT_FOUND');
      const { json, etag } = bodies[lng] ?? { json: '{}', etag: '""' };
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}
