// No zod here: the public search box (first page load) reads these (docs/decisions/009).

export const CONTENT_LIMITS = {
  title: 200,
  summary: 600,
  body: 200_000,
  slug: 120,
  pageKey: 60,
  query: 200,
  /** cover image upload, bytes */
  imageBytes: 5 * 1024 * 1024,
} as const;
