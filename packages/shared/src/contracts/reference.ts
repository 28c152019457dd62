import { z } from 'zod';

/** The simple lists staff admins edit (DESIGN §4). */
export const ReferenceList = z.enum([
  'categories',
  'enterprise-types',
  'sizes',
  'units',
  'special-categories',
  'departments',
  'account-programs',
  'document-types',
]);
export type ReferenceList = z.infer<typeof ReferenceList>;

export const Place = z.object({ code: z.string(), nameLo: z.string(), nameEn: z.string() });
export type Place = z.infer<typeof Place>;
export const District = Place.extend({ provinceCode: z.string(), hasVillages: z.boolean() });
export type District = z.infer<typeof District>;

export const ReferenceItem = z.object({
  id: z.uuid(),
  code: z.string(),
  nameLo: z.string(),
  nameEn: z.string(),
  parentId: z.uuid().nullable(),
  extra: z.record(z.string(), z.unknown()).nullable(),
});
export type ReferenceItem = z.infer<typeof ReferenceItem>;

export const ReferenceListQuery = z.object({ categoryId: z.uuid().optional() });
export const Items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
/** The answer of an `Items(item)` list, as the web app types it. */
export type ItemsOf<T> = { items: T[] };
