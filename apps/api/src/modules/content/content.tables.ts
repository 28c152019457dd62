import type { ContentStatus, ImageVariant, NotificationAudienceKind, PostCategory } from '@bansi/shared';

/** Columns every publishable item has (posts, notifications, pages). */
interface Publishable {
  id: string;
  titleLo: string;
  titleEn: string;
  /** sanitised HTML */
  bodyLo: string;
  bodyEn: string;
  status: ContentStatus;
  /** visible from this instant (ISO-8601 UTC) when not a draft; null for a draft */
  publishAt: string | null;
  /** when it last went (or goes) live; kept after unpublishing */
  publishedAt: string | null;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ContentPostsTable extends Publishable {
  slug: string;
  category: PostCategory;
  summaryLo: string;
  summaryEn: string;
  coverImageId: string | null;
}

export interface ContentNotificationsTable extends Publishable {
  audienceKind: NotificationAudienceKind;
  /** the category id, size id, province code or company id the audience names */
  audienceValue: string | null;
}

export interface ContentNotificationReadsTable {
  notificationId: string;
  userId: string;
  readAt: string;
}

export interface ContentPagesTable extends Publishable {
  key: string;
}

export interface ContentImagesTable {
  id: string;
  width: number;
  height: number;
  /** size of the uploaded file */
  bytes: number;
  sha256: string;
  createdBy: string | null;
  createdAt: string;
}

/** A stored WebP variant of a cover image (its bytes are in the FileStore under `storageKey`). */
export interface ContentImageVariantsTable {
  imageId: string;
  variant: ImageVariant;
  storageKey: string;
  size: number;
  sha256: string;
}

/** Pre-segmented words of the content, for Lao-aware search (docs/decisions). */
export interface SearchTermsTable {
  docKind: 'post' | 'notification' | 'page';
  docId: string;
  lang: 'lo' | 'en';
  /** title 3, summary 2, body 1 */
  fieldWeight: number;
  term: string;
  /** occurrences in that field */
  hits: number;
}

export interface ContentTables {
  contentPosts: ContentPostsTable;
  contentNotifications: ContentNotificationsTable;
  contentNotificationReads: ContentNotificationReadsTable;
  contentPages: ContentPagesTable;
  contentImages: ContentImagesTable;
  contentImageVariants: ContentImageVariantsTable;
  searchTerms: SearchTermsTable;
}
