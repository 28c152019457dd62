import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, Problem, PROBLEM_CONTENT_TYPE, type Audience } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '../version';

/**
 * The OpenAPI document at /api/docs (decision 250). Each route declares its summary and tags in its own schema;
 * what follows from the route's declarations is added here, once for all: the operation id (method and path),
 * who may call it (`config.audience` → the session cookie, plus the CSRF header on writes; public → none),
 * and the problem documents it can answer (RFC 9457, the shared `Problem` schema). `redocly lint` with the
 * recommended rules passes with 0 errors (apps/api/test/openapi-lint.test.ts).
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed or a field is invalid (field errors in `errors`)',
  401: 'Not signed in',
  403: 'Signed in, but this role may not do it (or the CSRF header is missing on a write)',
  404: 'No such row, or not one of the caller’s company',
  409: 'The row changed meanwhile (stale version) or is not in a state that allows it',
  413: 'The body or file is larger than allowed',
  415: 'The body’s content type is not one this route reads',
  429: 'Too many requests: try again later (Retry-After)',
};

type JsonSchema = Record<string, unknown>;

/** What the document needs to know of a route beyond its schema: who may call it, and whether it is rate-limited. */
interface RouteFacts {
  audience?: Audience;
  /** the API-key scope that may call the route (decision 240) */
  scope: string | null;
  rateLimited: boolean;
}

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string }[];
  requestBody?: { content?: Record<string, unknown> };
  tags?: string[];
  responses: Record<string, unknown>;
  'x-api-key-scope'?: string;
}

/** The problems an operation can answer, from what its route declares: parameters, body, audience, method, uploads, rate limit. */
export function problemStatuses(method: string, op: Operation, facts: RouteFacts): number[] {
  const statuses = new Set<number>();
  const upload = (op.tags ?? []).includes('uploads') || Object.keys(op.requestBody?.content ?? {}).some((type) => type.startsWith('multipart/'));
  const hasBody = Boolean(op.requestBody) || upload;
  if (hasBody || (op.parameters ?? []).some((p) => p.in === 'query' || p.in === 'path')) statuses.add(400);
  if (facts.audience && facts.audience !== 'public') [401, 403].forEach((s) => statuses.add(s));
  if ((op.parameters ?? []).some((p) => p.in === 'path')) statuses.add(404);
  if (WRITES.has(method) && facts.audience !== 'public') statuses.add(409);
  if (hasBody) [413, 415].forEach((s) => statuses.add(s));
  if (facts.rateLimited) statuses.add(429);
  return [...statuses].sort();
}

/**
 * Who may call: nobody signs a public route; a signed-in caller shows the session cookie, and on a write the CSRF
 * header too; a route that declares an API-key scope may be called with a bearer key of that scope instead (decision 240).
 */
export function securityOf(method: string, audience: Audience | undefined, scope?: string | null): Record<string, string[]>[] {
  if (!audience || audience === 'public') return [];
  const session: Record<string, string[]> = WRITES.has(method) ? { sessionCookie: [], csrfHeader: [] } : { sessionCookie: [] };
  // OpenAPI 3.0 lists scopes only for OAuth: the key's scope is the operation's `x-api-key-scope`
  return scope ? [session, { bearerKey: [] }] : [session];
}

/** `POST /staff/jobs/{id}/retry` → `postStaffJobsIdRetry` */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(API_BASE, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`; zod writes `{ nullable, oneOf: [objects…] }` for a nullable union.
 * When every branch has one type, it is given to the union too.
 */
function typeNullableUnions(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(typeNullableUnions);
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (schema.nullable === true && !schema.type && branches) {
    const types = new Set(branches.map((b) => b.type));
    if (types.size === 1 && typeof [...types][0] === 'string') schema.type = [...types][0];
  }
  Object.values(schema).forEach(typeNullableUnions);
}

const problemResponse = (status: number) => ({
  description: PROBLEM_DESCRIPTIONS[status],
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
});

export default fp(async function openapi(app: FastifyInstance) {
  // Registered before the features: sees every route as it is added (outside the API: health, public).
  const routes = new Map<string, RouteFacts>();
  app.addHook('onRoute', (route) => {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const facts = {
      audience: route.config?.audience,
      scope: route.config?.scope ?? null,
      rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
    };
    for (const method of [route.method].flat()) routes.set(`${method} ${path}`, facts);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bansi accounting-document-system API',
        version: APP_VERSION,
        description: 'Errors are RFC 9457 problem documents (`application/problem+json`) with a title in the caller’s language (Accept-Language).',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session, set by POST /auth/login' },
          csrfHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description: 'The session’s CSRF token (GET /auth/csrf), on every write',
          },
          bearerKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key made by a staff admin at /staff/api-keys (`Authorization: Bearer bansi_…`); the scope an operation needs is its `x-api-key-scope` (docs/api-clients.md)',
          },
        },
        schemas: { Problem: z.toJSONSchema(Problem, { target: 'openapi-3.0' }) as JsonSchema },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      typeNullableUnions(schema);
      return { schema, url };
    },
    // Per operation (a route with several methods is one schema for all of them, so this is done on the document).
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
        const operations = item as Record<string, Operation>;
        for (const [method, shared] of Object.entries(operations)) {
          const verb = method.toUpperCase();
          const facts = routes.get(`${verb} ${path}`) ?? routes.get(`GET ${path}`);
          if (!facts) continue;
          // The methods of one route share one operation object: each gets its own.
          const op: Operation = (operations[method] = { ...shared, responses: { ...shared.responses } });
          op.operationId ??= operationIdOf(verb, path);
          op.security ??= securityOf(verb, facts.audience, facts.scope);
          if (facts.scope) op['x-api-key-scope'] = facts.scope;
          for (const status of problemStatuses(verb, op, facts)) op.responses[status] ??= problemResponse(status);
        }
      }
      return openapiObject;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
});
