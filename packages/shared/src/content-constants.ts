// No zod here: public screens read these (the search box on the home page's first load, the news
// categories of /blogs), and a module that imports zod brings it along (docs/decisions/009).

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

export const POST_CATEGORIES = ['news', 'regulation', 'training', 'guide'] as const;
