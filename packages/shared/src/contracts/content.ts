import { z } from 'zod';
import { CONTENT_LIMITS, POST_CATEGORIES } from '../content-constants';
import { Id, Page, PageQuery } from './common';

/**
 * Public content written by staff (DESIGN §4): news posts, notifications, about-us and info pages,
 * and the search across them.
 */

/** The three kinds of staff-written content, as they appear in staff URLs. */
export const ContentKind = z.enum(['posts', 'notifications', 'pages']);
export type ContentKind = z.infer<typeof ContentKind>;

export const PostCategory = z.enum(POST_CATEGORIES);
export type PostCategory = z.infer<typeof PostCategory>;

/** Stored status. A scheduled item becomes visible by itself once `publishAt` has passed. */
export const ContentStatus = z.enum(['draft', 'scheduled', 'published']);
export type ContentStatus = z.infer<typeof ContentStatus>;

export const PublishAction = z.enum(['publish', 'unpublish', 'schedule']);
export type PublishAction = z.infer<typeof PublishAction>;

export const ScheduleRequest = z.object({ publishAt: z.iso.datetime({ offset: true }).optional() });
export type ScheduleRequest = z.infer<typeof ScheduleRequest>;

/** Whom a notification is addressed to. `value` names the category, size, province or company. */
export const AUDIENCE_KINDS = ['public', 'companies', 'category', 'size', 'province', 'company'] as const;
export const NotificationAudienceKind = z.enum(AUDIENCE_KINDS);
export type NotificationAudienceKind = z.infer<typeof NotificationAudienceKind>;

export const NotificationAudience = z
  .object({ kind: NotificationAudienceKind, value: z.string().trim().max(100).nullable().default(null) })
  .refine((a) => (a.kind === 'public' || a.kind === 'companies' ? !a.value : !!a.value), {
    message: 'a value is needed for category, size, province and company audiences, and only for them',
    path: ['value'],
  });
export type NotificationAudience = z.infer<typeof NotificationAudience>;

// ---- limits -------------------------------------------------------------------------------------

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ImageVariant = z.enum(['thumb', 'large']);
export type ImageVariant = z.infer<typeof ImageVariant>;

const Slug = z
  .string()
  .trim()
  .min(1)
  .max(CONTENT_LIMITS.slug)
  .regex(/^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u, 'letters, digits and single hyphens');
const PageKey = z
  .string()
  .trim()
  .min(1)
  .max(CONTENT_LIMITS.pageKey)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens');
const TitleLo = z.string().trim().min(1).max(CONTENT_LIMITS.title);
const TitleEn = z.string().trim().max(CONTENT_LIMITS.title);
const Summary = z.string().trim().max(CONTENT_LIMITS.summary);
const Body = z.string().max(CONTENT_LIMITS.body);
/** Every field optional and without defaults (zod 4 applies defaults inside .partial()). */
const patchOf = <T extends z.ZodRawShape>(shape: T) => z.object({ ...z.object(shape).partial().shape, expectedUpdatedAt: z.string().optional() });

export const ContentImage = z.object({
  id: Id,
  width: z.number().int(),
  height: z.number().int(),
  thumbUrl: z.string(),
  largeUrl: z.string(),
});
export type ContentImage = z.infer<typeof ContentImage>;

// ---- public reads (already in the caller's language; English falls back to Lao) ------------------

export const LanguageQuery = z.object({ lang: z.enum(['lo', 'en']).optional() });

export const PostListQuery = PageQuery.extend({ category: PostCategory.optional(), ...LanguageQuery.shape });
export type PostListQuery = z.infer<typeof PostListQuery>;

export const PostSummary = z.object({
  id: Id,
  slug: z.string(),
  category: PostCategory,
  title: z.string(),
  summary: z.string(),
  cover: ContentImage.nullable(),
  publishedAt: z.string(),
});
export type PostSummary = z.infer<typeof PostSummary>;
export const PostPage = Page(PostSummary);
export type PostPage = z.infer<typeof PostPage>;

export const PostDetail = PostSummary.extend({
  /** sanitised on the server when written */
  bodyHtml: z.string(),
  /** the language the text is in (English asked for but not written → lo) */
  lang: z.enum(['lo', 'en']),
});
export type PostDetail = z.infer<typeof PostDetail>;

export const SlugParams = z.object({ slug: z.string().min(1).max(CONTENT_LIMITS.slug) });
export const KeyParams = z.object({ key: z.string().min(1).max(CONTENT_LIMITS.pageKey) });

export const NotificationSummary = z.object({
  id: Id,
  title: z.string(),
  excerpt: z.string(),
  audience: NotificationAudienceKind,
  publishedAt: z.string(),
  /** null for a visitor; whether this user has opened it */
  read: z.boolean().nullable(),
  /** the dashboard screen it concerns (a path such as /dashboard/submit-document/detail/:id), or null */
  link: z.string().nullable(),
});
export type NotificationSummary = z.infer<typeof NotificationSummary>;
export const NotificationPage = Page(NotificationSummary);
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NotificationDetail = NotificationSummary.extend({ bodyHtml: z.string(), lang: z.enum(['lo', 'en']) });
export type NotificationDetail = z.infer<typeof NotificationDetail>;

/** Unread notifications, exact up to 99; past that `unread` is 100 and `capped` true: a badge shows "99+" (decision 101). */
export const UnreadCount = z.object({ unread: z.number().int(), capped: z.boolean() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const InfoPage = z.object({
  key: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  updatedAt: z.string(),
  lang: z.enum(['lo', 'en']),
});
export type InfoPage = z.infer<typeof InfoPage>;

// ---- search -------------------------------------------------------------------------------------

export const SearchQuery = PageQuery.extend({ q: z.string().trim().min(1).max(CONTENT_LIMITS.query), ...LanguageQuery.shape });
export const NotificationListQuery = PageQuery.extend(LanguageQuery.shape);
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchHit = z.object({
  kind: z.enum(['post', 'notification', 'page']),
  id: Id,
  /** where the web app links: the post slug, the notification id or the page key */
  ref: z.string(),
  title: z.string(),
  snippet: z.array(z.object({ text: z.string(), hit: z.boolean() })),
  date: z.string(),
  score: z.number(),
});
export type SearchHit = z.infer<typeof SearchHit>;
export const SearchPage = Page(SearchHit);
export type SearchPage = z.infer<typeof SearchPage>;

// ---- staff --------------------------------------------------------------------------------------

export const StaffListQuery = PageQuery.extend({ status: ContentStatus.optional() });
export type StaffListQuery = z.infer<typeof StaffListQuery>;

const StaffMeta = {
  id: Id,
  status: ContentStatus,
  /** what a reader sees now: a scheduled item whose time has come is published */
  effectiveStatus: ContentStatus,
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const postFields = {
  slug: Slug,
  category: PostCategory,
  titleLo: TitleLo,
  titleEn: TitleEn,
  summaryLo: Summary,
  summaryEn: Summary,
  bodyLo: Body,
  bodyEn: Body,
  coverImageId: Id.nullable(),
};
export const PostInput = z.object({
  ...postFields,
  titleEn: TitleEn.default(''),
  summaryLo: Summary.default(''),
  summaryEn: Summary.default(''),
  bodyLo: Body.default(''),
  bodyEn: Body.default(''),
  coverImageId: Id.nullable().default(null),
});
export type PostInput = z.input<typeof PostInput>;
/** Editing: any subset, plus the `updatedAt` the editor started from (409 STALE if it moved). */
export const PostPatch = patchOf(postFields);
export type PostPatch = z.input<typeof PostPatch>;

export const StaffPost = z.object({
  ...StaffMeta,
  slug: z.string(),
  category: PostCategory,
  titleLo: z.string(),
  titleEn: z.string(),
  summaryLo: z.string(),
  summaryEn: z.string(),
  bodyLo: z.string(),
  bodyEn: z.string(),
  cover: ContentImage.nullable(),
});
export type StaffPost = z.infer<typeof StaffPost>;
export const StaffPostPage = Page(StaffPost);

const notificationFields = { titleLo: TitleLo, titleEn: TitleEn, bodyLo: Body, bodyEn: Body, audience: NotificationAudience };
export const NotificationInput = z.object({
  ...notificationFields,
  titleEn: TitleEn.default(''),
  bodyLo: Body.default(''),
  bodyEn: Body.default(''),
});
export type NotificationInput = z.input<typeof NotificationInput>;
export const NotificationPatch = patchOf(notificationFields);
export type NotificationPatch = z.input<typeof NotificationPatch>;

export const StaffNotification = z.object({
  ...StaffMeta,
  titleLo: z.string(),
  titleEn: z.string(),
  bodyLo: z.string(),
  bodyEn: z.string(),
  audience: z.object({ kind: NotificationAudienceKind, value: z.string().nullable() }),
  /** how many users have opened it */
  reads: z.number().int(),
});
export type StaffNotification = z.infer<typeof StaffNotification>;
export const StaffNotificationPage = Page(StaffNotification);

const pageFields = { key: PageKey, titleLo: TitleLo, titleEn: TitleEn, bodyLo: Body, bodyEn: Body };
export const PageInput = z.object({ ...pageFields, titleEn: TitleEn.default(''), bodyLo: Body.default(''), bodyEn: Body.default('') });
export type PageInput = z.input<typeof PageInput>;
export const PagePatch = patchOf(pageFields);
export type PagePatch = z.input<typeof PagePatch>;

export const StaffPage = z.object({
  ...StaffMeta,
  key: z.string(),
  titleLo: z.string(),
  titleEn: z.string(),
  bodyLo: z.string(),
  bodyEn: z.string(),
});
export type StaffPage = z.infer<typeof StaffPage>;
export const StaffPagePage = Page(StaffPage);

/** A staff preview: the item as a reader in `lang` would see it, whatever its status. */
export const ContentPreview = z.object({
  title: z.string(),
  summary: z.string(),
  bodyHtml: z.string(),
  lang: z.enum(['lo', 'en']),
  cover: ContentImage.nullable(),
});
export type ContentPreview = z.infer<typeof ContentPreview>;

export const StaffIdParams = z.object({ id: Id });
export const StaffActionParams = z.object({ id: Id, action: PublishAction });
export const ImageParams = z.object({ id: Id, variant: ImageVariant });

/** Companies a notification can be addressed to, found by name or tax ID (the audience picker). */
export const AudienceCompanyQuery = z.object({ q: z.string().trim().max(100).default(''), id: Id.optional() });
export const AudienceCompany = z.object({ id: Id, nameLo: z.string(), nameEn: z.string(), tin: z.string() });
export type AudienceCompany = z.infer<typeof AudienceCompany>;
export const AudienceCompanies = z.object({ items: z.array(AudienceCompany) });
export type AudienceCompanies = z.infer<typeof AudienceCompanies>;

/** Page keys the product links to; staff may add others. */
export const WELL_KNOWN_PAGES = ['about-us', 'fees', 'faq', 'contacts'] as const;
