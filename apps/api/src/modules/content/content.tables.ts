import type { ContentStatus, ImageVariant, NotificationAudienceKind, PostCategory } from '@bansi/shared';
import type { Generated } from 'kysely';

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
  /** the body's first words as plain text, written with the body (lists show them; decision 101) */
  excerptLo: string;
  excerptEn: string;
}

export interface ContentNotificationsTable extends Publishable {
  audienceKind: NotificationAudienceKind;
  /** the category id, size id, province code or company id the audience names */
  audienceValue: string | null;
  /** the dashboard screen a notification of the service itself concerns (content.notify.ts); staff-written ones have none */
  link: string | null;
  /** the body's first words as plain text, written with the body (lists show them; decision 101) */
  excerptLo: string;
  excerptEn: string;
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

/**
 * One row per post, notification and page, written in the transaction of every write (decision 100):
 * what a search result shows (plain text, no HTML to clean at query time), the visibility columns
 * the search filters on, and the normalised "match text" the substring index covers.
 */
export interface SearchDocumentsTable {
  /** SQLite: the rowid, which is also the rowid of `search_index`; PostgreSQL: bigserial */
  id: Generated<number>;
  docKind: 'post' | 'notification' | 'page';
  docId: string;
  /** the slug, page key or notification id a result links to */
  ref: string;
  status: ContentStatus;
  publishAt: string | null;
  /** 'public' for posts and pages */
  audienceKind: NotificationAudienceKind;
  audienceValue: string | null;
  /** the date a result shows */
  shownAt: string;
  titleLo: string;
  titleEn: string;
  /** summary and body as plain text, for snippets */
  textLo: string;
  textEn: string;
  /** `matchText` of the titles, of the summaries, and of everything (both languages) */
  matchTitle: string;
  matchSummary: string;
  matchAll: string;
}

/** SQLite only: the FTS5 `trigram` index over `search_documents.match_all` (contentless). */
export interface SearchIndexTable {
  rowid: number;
  matchAll: string;
  /** who may find it (content.repository audienceToken) */
  audience: string;
}

export interface ContentTables {
  contentPosts: ContentPostsTable;
  contentNotifications: ContentNotificationsTable;
  contentNotificationReads: ContentNotificationReadsTable;
  contentPages: ContentPagesTable;
  contentImages: ContentImagesTable;
  contentImageVariants: ContentImageVariantsTable;
  searchDocuments: SearchDocumentsTable;
  searchIndex: SearchIndexTable;
}
