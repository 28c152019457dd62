import type { Compilable, CompiledQuery, DialectAdapter } from 'kysely';
import type { Executor } from '../lib/deps';
import { directReader } from './sqlite-statements';
import { markStable } from './statement-names';

/**
 * Queries built and compiled once per shape (docs/decisions/103). Building a Kysely query (immutable
 * builder objects, frozen operation nodes), running CamelCasePlugin over its tree and compiling it to
 * SQL cost more per request than SQLite needs to answer a list page. A hot query written with
 * `preparedQuery` is built once with stand-ins (`Slot`s) for its parameters; each call then only
 * swaps the real values into the compiled parameter list and executes the same SQL (which SQLite's
 * statement cache also finds prepared).
 *
 * What decides the SQL stays real while building, so `if (q.status)` and `where(x, 'is', null)` work
 * as in any repository function: null, undefined, false, 0, '' and booleans are passed as they are,
 * arrays as arrays of stand-ins of the same length, and each of these is part of the cache key.
 * Every other value (a non-empty string, a non-zero number, a Date) becomes a stand-in; one that the
 * builder tries to turn into text or a number (`'%' + q.word`) throws, so a value can never be
 * frozen into the cached SQL by mistake. A stand-in cannot notice being compared (`q.kind === 'visitor'`
 * is simply false): a value the builder compares or switches on must be a shape key, or be resolved by
 * the caller before the call (the notification lists pass the reader's audiences, not the reader).
 */
class Slot {
  constructor(readonly path: readonly (string | number)[]) {}
  [Symbol.toPrimitive](): never {
    throw new Error(`preparedQuery: the parameter ${this.path.join('.')} was used as a value while building; pass it as a query parameter`);
  }
}

const MAX_SHAPES = 256;

/** Values passed as they are while building (and written into the cache key as such). */
const isKept = (value: unknown) => value === null || value === undefined || value === false || value === true || value === 0 || value === '';
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The part of the cache key `value` decides: kept values as they are, arrays and plain objects by
 * their items, every other value `?`. Run on every call, so it builds only the string.
 */
function keyOf(value: unknown): string {
  if (isKept(value)) return value === '' ? "''" : String(value);
  if (Array.isArray(value)) {
    let key = '[';
    for (let i = 0; i < value.length; i++) key += (i > 0 ? ',' : '') + keyOf(value[i]);
    return `${key}]`;
  }
  if (isPlainObject(value)) {
    let key = '{';
    for (const name of Object.keys(value)) key += `${key.length > 1 ? ',' : ''}${name}:${keyOf(value[name])}`;
    return `${key}}`;
  }
  return '?';
}

/** The top level's key: shape keys as they are (JSON in the key), every other parameter through `keyOf`. */
function paramsKey(params: object, shapeKeys: Set<string>): string {
  let key = '';
  for (const name of Object.keys(params)) {
    const value = (params as Record<string, unknown>)[name];
    key += `${key ? ',' : ''}${name}:${shapeKeys.has(name) ? `=${JSON.stringify(value)}` : keyOf(value)}`;
  }
  return key;
}

/** `value` (at `path`) with a stand-in for every value that is not kept: what the builder sees, once per shape. */
function standIns(value: unknown, path: (string | number)[]): unknown {
  if (isKept(value)) return value;
  if (Array.isArray(value)) return value.map((v, i) => standIns(v, [...path, i]));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, standIns(v, [...path, k])]));
  return new Slot(path);
}

/** The top level: shape keys as they are, every other parameter through `standIns`. */
const paramsStandIns = (params: object, shapeKeys: Set<string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, shapeKeys.has(k) ? v : standIns(v, [k])]));

const valueAt = (root: unknown, path: readonly (string | number)[]) =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root);

type Build<P, R> = (db: Executor, params: P) => Compilable<R>;
type ShapeOptions<P> = {
  /** parameters the builder branches on or inlines (a list of statuses as literals, a kind choosing
   * the sources): passed as they are, and their values are part of the cache key */
  shapeKeys?: readonly (keyof P & string)[];
};

/**
 * `build(db, params)` → a function `(db, params)` that answers the query `build` describes with these
 * params, compiled (SQL and parameters) but not run, compiling it only the first time each shape is
 * seen on each database: for a query run elsewhere (SQLite search: in its worker thread). `named`:
 * sent as a named statement on PostgreSQL (decision 110), as every `preparedQuery` is.
 */
export function compiledOnce<P extends object, R>(build: Build<P, R>, options: ShapeOptions<P> & { named?: boolean } = {}) {
  const shapeKeys = new Set<string>(options.shapeKeys ?? []);
  // Compiled SQL depends on the dialect (and its plugins): one cache per database adapter. A
  // transaction shares its database's adapter (Kysely's executor keeps it across connections).
  const caches = new WeakMap<DialectAdapter, Map<string, CompiledQuery<R>>>();
  return (db: Executor, params: P): CompiledQuery<R> => {
    const adapter = db.getExecutor().adapter;
    let cache = caches.get(adapter);
    if (!cache) caches.set(adapter, (cache = new Map()));
    const key = paramsKey(params, shapeKeys);
    let compiled = cache.get(key);
    if (!compiled) {
      compiled = build(db, paramsStandIns(params, shapeKeys) as P).compile();
      if (options.named) markStable(compiled.sql);
      // Shapes are few (optional filters, page-sized id lists); the cap only guards against a caller
      // whose arrays grow without bound: past it, new shapes are compiled per call, as before.
      if (cache.size < MAX_SHAPES) cache.set(key, compiled);
    }
    return { ...compiled, parameters: compiled.parameters.map((p) => (p instanceof Slot ? valueAt(params, p.path) : p)) };
  };
}

/**
 * `build(db, params)` → a function `(db, params)` that runs the query `build` describes with these
 * params, compiling it only the first time each shape is seen on each database; on PostgreSQL its
 * texts are named statements (decision 110).
 */
export function preparedQuery<P extends object, R>(build: Build<P, R>, options: ShapeOptions<P> = {}) {
  const compile = compiledOnce(build, { ...options, named: true });
  return async (db: Executor, params: P): Promise<R[]> => {
    const compiled = compile(db, params);
    // SQLite, outside a transaction: the read runs at once on the cached statement (decision 110).
    const rows = directReader(db)?.read(compiled.sql, compiled.parameters);
    if (rows) return rows as R[];
    const result = await db.executeQuery<R>(compiled);
    return result.rows;
  };
}
