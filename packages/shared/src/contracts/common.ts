import { z } from 'zod';

export const PAGE_DEFAULT_LIMIT = 20;
export const PAGE_MAX_LIMIT = 100;

export const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(PAGE_DEFAULT_LIMIT),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Every list answers `{items, nextCursor}`; `nextCursor` is null on the last page. */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
/** The answer of a `Page(item)` list, as the web app types it. */
export type PageOf<T> = { items: T[]; nextCursor: string | null };

export const Id = z.uuid();
export const IdParams = z.object({ id: Id });
export const Ok = z.object({ ok: z.literal(true) });

/** The body of a 204 answer. */
export const NoContent = z.null().meta({ description: 'no content' });
