import type { FieldError, Language } from '@bansi/shared';
import type { Deps } from './deps';
import { invalid } from './errors';

/**
 * Keyset paging for every list (`?cursor=&limit=` → `{ items, nextCursor }`, CONVENTIONS "Lists").
 * A cursor is the sort key of the last row given out, e.g. `[updatedAt, id]`, as base64url JSON:
 * opaque to clients, stable under inserts (unlike an offset). A cursor that does not decode to the
 * list's shape is a 400 field error on `querystring.cursor` in the caller's language.
 */
export type CursorPart = 'string' | 'number';
export type CursorShape = readonly CursorPart[];
type PartValue<P extends CursorPart> = P extends 'number' ? number : string;
export type CursorValues<S extends CursorShape> = { [I in keyof S]: S[I] extends CursorPart ? PartValue<S[I]> : never };

/** `[key, id]`, the shape of most lists (newest first by a timestamp, ties broken by id). */
export const KEY_ID = ['string', 'string'] as const;

export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function invalidCursor(deps: Pick<Deps, 't'>, lang: Language): Error {
  const error: FieldError = { path: 'querystring.cursor', code: 'invalid_cursor', message: deps.t(lang, 'errors.field.invalid_cursor') };
  return invalid([error]);
}

/** The values of `raw` (null when absent); throws the 400 when it is not a cursor of this shape. */
export function decodeCursor<const S extends CursorShape>(
  deps: Pick<Deps, 't'>,
  lang: Language,
  raw: string | undefined,
  shape: S,
): CursorValues<S> | null {
  if (raw === undefined || raw === '') return null;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor(deps, lang);
  }
  const fits =
    Array.isArray(values) &&
    values.length === shape.length &&
    values.every((v, i) => (shape[i] === 'number' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string'));
  if (!fits) throw invalidCursor(deps, lang);
  return values as CursorValues<S>;
}

/**
 * Cuts a list query's rows (fetched with `limit + 1`) into the page and the cursor of its last row,
 * null when nothing follows.
 */
export function pageOf<T>(rows: readonly T[], limit: number, keyOf: (row: T) => readonly (string | number)[]) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/** Where a page of relevance-ranked results (search) starts: see `decodeSearchCursor`. */
export interface SearchCursor {
  /** the next result's place in the ranking of its window */
  offset: number;
  /** the window: the matches below this index row (0: the newest matches) */
  before: number;
  /** the query matched any of its words, none having matched all */
  any: boolean;
}

/**
 * Relevance-ranked results (search) cannot be paged by a key: their cursor is the offset of the next
 * result in its window's ranking (decision 100): `<offset>`, then `.<before>` for an older window, with
 * an `a` in front when the words matched one by one (`a20.81234`). Same 400 when it is not that.
 */
export function decodeSearchCursor(deps: Pick<Deps, 't'>, lang: Language, raw: string | undefined): SearchCursor {
  if (raw === undefined || raw === '') return { offset: 0, before: 0, any: false };
  const m = /^(a?)(\d{1,9})(?:\.([1-9]\d{0,14}))?$/.exec(raw);
  if (!m) throw invalidCursor(deps, lang);
  return { offset: Number(m[2]), before: Number(m[3] ?? 0), any: m[1] === 'a' };
}

export const encodeSearchCursor = (c: SearchCursor) => `${c.any ? 'a' : ''}${c.offset}${c.before ? `.${c.before}` : ''}`;
