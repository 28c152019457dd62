import { API_BASE, type Audience } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, type TestApp } from './helpers';

/**
 * Fuzz test (issue 11): every operation of the OpenAPI document gets a bounded, deterministic set of
 * bad requests — wrong types, missing fields, huge strings, NUL, deep JSON, malformed JSON, the wrong
 * content type, bad path parameters — sent by a caller its audience lets in, so the requests reach
 * validation and the handler. None may end in a 5xx, and every 4xx must be a problem document.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  $ref?: string;
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface FuzzRequest {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
}

const HUGE = 'ລ'.repeat(20_000);
const NUL = 'a\u0000b';
const UUID = '00000000-0000-4000-8000-000000000000';

const typeOf = (s: JsonSchema | undefined): string | undefined => {
  if (!s) return undefined;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  const inner = s.anyOf ?? s.oneOf ?? s.allOf;
  return inner ? typeOf(inner.find((x) => x.type !== 'null')) : undefined;
};

/** A value of the wrong type for the schema. */
function wrongType(s: JsonSchema | undefined): unknown {
  switch (typeOf(s)) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not a number';
    case 'boolean':
      return 'yes please';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: [1, 'two', null] };
  }
}

/** A plausible value, so one field at a time can be made bad while the others pass. */
function plausible(s: JsonSchema | undefined): unknown {
  if (s?.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      return s?.format === 'uuid' ? UUID : s?.format === 'email' ? 'fuzz@example.test' : 'fuzz';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(s?.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    default:
      return null;
  }
}

function deepJson(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** The bounded set of bad requests for one operation. */
function badRequests(path: string, op: Operation): FuzzRequest[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const fill = (value: (name: string) => string) => path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
  const goodQuery = new URLSearchParams(query.filter((q) => q.required).map((q) => [q.name, String(plausible(q.schema))] as [string, string]));
  const url = (p: string, q: URLSearchParams = goodQuery) => `${p}${q.size ? `?${q.toString()}` : ''}`;
  const base = fill(() => UUID);
  const out: FuzzRequest[] = [];

  if (pathParams.length) {
    for (const [label, value] of [
      ['path: not an id', 'not-an-id'],
      ['path: NUL', '%00'],
      ['path: huge', 'x'.repeat(5_000)],
      ['path: bad encoding', '%E0%A4%A'],
      ['path: traversal', '..%2F..%2Fetc%2Fpasswd'],
    ] as const)
      out.push({ label, url: url(fill(() => value)) });
  }
  if (query.length) {
    out.push({ label: 'query: all missing', url: base });
    for (const q of query) {
      for (const [label, value] of [
        ['wrong type', String(wrongType(q.schema))],
        ['huge', HUGE],
        ['NUL', NUL],
        ['repeated', '__repeat__'],
      ] as const) {
        const search = new URLSearchParams(goodQuery);
        if (value === '__repeat__') {
          search.append(q.name, 'one');
          search.append(q.name, 'two');
        } else search.set(q.name, value);
        out.push({ label: `query ${q.name}: ${label}`, url: url(base, search) });
      }
    }
  }
  const json = op.requestBody?.content['application/json'];
  if (json) {
    const schema = json.schema ?? {};
    const good = plausible(schema) as Record<string, unknown>;
    const target = url(base);
    const send = (label: string, payload: string, contentType = 'application/json') => out.push({ label, url: target, payload, contentType });
    send('body: empty object (fields missing)', '{}');
    send('body: null', 'null');
    send('body: array', '[1,2,3]');
    send('body: string', '"just a string"');
    send('body: malformed JSON', '{"a": ');
    send('body: deep JSON', deepJson(5_000));
    send('body: wrong content type', JSON.stringify(good), 'text/plain');
    send('body: form encoded', 'a=1&b=2', 'application/x-www-form-urlencoded');
    send('body: empty with JSON type', '');
    for (const [key, prop] of Object.entries(schema.properties ?? {}).slice(0, 12)) {
      send(`body ${key}: wrong type`, JSON.stringify({ ...good, [key]: wrongType(prop) }));
      if (typeOf(prop) === 'string') {
        send(`body ${key}: huge`, JSON.stringify({ ...good, [key]: HUGE }));
        send(`body ${key}: NUL`, JSON.stringify({ ...good, [key]: NUL }));
      }
    }
  }
  if (!out.length) out.push({ label: 'path: as is with junk query', url: `${base}?%00=%00&x=${'y'.repeat(3_000)}` });
  return out;
}

describe(`fuzz every OpenAPI operation (${dialect})`, () => {
  let t: TestApp;
  const agents = {} as Record<Audience, () => Agent>;

  beforeAll(async () => {
    t = await createTestApp();
    const company = await loginAs(t, 'company');
    const companyAdmin = await loginAs(t, 'companyAdmin');
    const staff = await loginAs(t, 'staff');
    const staffAdmin = await loginAs(t, 'staffAdmin');
    agents.public = () => new Agent(t);
    agents.company = () => company;
    agents.account = () => company;
    agents.companyAdmin = () => companyAdmin;
    agents.staff = () => staff;
    agents.staffAdmin = () => staffAdmin;
  });
  afterAll(() => t.close());

  it('answers every bad request with a 4xx problem document (or a success), never a 5xx', { timeout: 120_000 }, async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const audienceOf = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.audience]));
    const failures: string[] = [];
    let sent = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith(API_BASE)) continue;
      for (const [method, op] of Object.entries(item)) {
        const verb = method.toUpperCase();
        // Logging out would end the shared sessions the other operations are sent with.
        if (path.endsWith('/auth/logout')) continue;
        // A HEAD route is its GET's twin (the route table lists the GET).
        const audience = audienceOf.get(`${verb === 'HEAD' ? 'GET' : verb} ${path}`) ?? 'public';
        for (const req of badRequests(path, op)) {
          const res = await agents[audience]().inject({
            method: verb,
            url: req.url,
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
            headers: req.contentType ? { 'content-type': req.contentType } : {},
          });
          sent += 1;
          const where = `${verb} ${path} [${req.label}] → ${res.statusCode}`;
          if (res.statusCode >= 500) failures.push(`${where} ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400) {
            const type = String(res.headers['content-type'] ?? '');
            let code: unknown;
            try {
              code = (JSON.parse(res.body) as { code?: unknown }).code;
            } catch {
              code = undefined;
            }
            // A HEAD answer has no body: its headers must still announce a problem document.
            if (!type.startsWith('application/problem+json') || (verb !== 'HEAD' && typeof code !== 'string'))
              failures.push(`${where} not a problem: ${type} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  });
});
