import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { isLanguage, type Language } from '@bansi/shared';
import { catalogVersion, type Catalog } from '@bansi/shared/catalog-files';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

interface AssetsOptions {
  catalogs: Record<Language, Catalog>;
}

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The address the web build asks a catalog at (lib/i18n.ts): versioned, so the browser may keep it for a year. */
export function catalogPath(lng: Language, catalog: Catalog): string {
  return `/asset/lang/${lng}.json?v=${catalogVersion(JSON.stringify(catalog))}`;
}

/** One catalog as sent: its JSON, its version (= ETag) and its compressed forms, made on first demand. */
function catalogBody(catalog: Catalog) {
  const json = Buffer.from(JSON.stringify(catalog));
  const version = catalogVersion(json.toString());
  const encoded: Partial<Record<Encoding, Buffer>> = { identity: json };
  return {
    version,
    etag: `"${version}"`,
    // Compressed once per process and kept (~0.3 s of brotli at quality 11 for the Lao catalog): most
    // processes, the tests' among them, never serve a catalog.
    body(encoding: Encoding): Buffer {
      encoded[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } })
          : gzipSync(json, { level: 9 });
      return encoded[encoding]!;
    },
  };
}

/**
 * Serves the translation catalogs at /asset/lang/{lo,en}.json (DESIGN §3): brotli or gzip as the browser
 * accepts, revalidated by ETag. The web build asks for `?v=<version>` (catalogVersion); while that is this
 * process's version the answer may be cached for a year, so a repeat visit does not ask again. Without it,
 * or with another version (an old page after a deploy), the answer is revalidated on every use.
 */
export default async function assets(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>,
  { catalogs }: AssetsOptions,
) {
  const bodies = Object.fromEntries(Object.entries(catalogs).map(([lng, catalog]) => [lng, catalogBody(catalog)])) as Record<
    Language,
    ReturnType<typeof catalogBody>
  >;

  app.get(
    '/asset/lang/:file',
    {
      config: { audience: 'public' },
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[a-z]{2}\.json$/) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const lng = request.params.file.slice(0, 2);
      if (!isLanguage(lng)) return reply.problem(404, 'NOT_FOUND');
      const catalog = bodies[lng];
      reply
        .header('cache-control', request.query.v === catalog.version ? IMMUTABLE : 'no-cache')
        .header('etag', catalog.etag)
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === catalog.etag) return reply.code(304).send();
      const encoding = negotiate<Encoding>(request.headers['accept-encoding'] ?? '', ENCODINGS) ?? 'identity';
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(catalog.body(encoding));
    },
  );
}
