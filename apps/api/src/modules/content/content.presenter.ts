import {
  API_BASE,
  localized,
  type ContentImage,
  type ContentStatus,
  type InfoPage,
  type Language,
  type NotificationDetail,
  type NotificationSummary,
  type PostDetail,
  type PostSummary,
  type StaffNotification,
  type StaffPage,
  type StaffPost,
} from '@bansi/shared';
import type { ImageRow, NotificationRow, PageRow, PostCardRow, PostRow } from './content.repository';

/** The language the text is actually in: English asked for but not written falls back to Lao. */
const textLang = (en: string, lang: Language): Language => (lang === 'en' && en.trim() !== '' ? 'en' : 'lo');

export function presentImage(row: ImageRow | undefined | null): ContentImage | null {
  if (!row) return null;
  const url = (variant: string) => `${API_BASE}/content-images/${row.id}/${variant}`;
  return { id: row.id, width: row.width, height: row.height, thumbUrl: url('thumb'), largeUrl: url('large') };
}

export function effectiveStatus(row: { status: ContentStatus; publishAt: string | null }, now: string): ContentStatus {
  return row.status === 'scheduled' && row.publishAt !== null && row.publishAt <= now ? 'published' : row.status;
}

export function presentPostSummary(row: PostCardRow, lang: Language, cover: ImageRow | undefined): PostSummary {
  const l = textLang(row.titleEn, lang);
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    title: localized(row.titleLo, row.titleEn, lang),
    // The summary follows the title's language so a card never mixes the two.
    summary: l === 'en' ? row.summaryEn || row.excerptEn : row.summaryLo || row.excerptLo,
    cover: presentImage(cover),
    publishedAt: row.publishAt ?? row.updatedAt,
  };
}

export function presentPostDetail(row: PostRow, lang: Language, cover: ImageRow | undefined): PostDetail {
  const l = textLang(row.titleEn, lang);
  return { ...presentPostSummary(row, lang, cover), bodyHtml: l === 'en' ? row.bodyEn || row.bodyLo : row.bodyLo, lang: l };
}

export function presentNotificationSummary(
  row: Pick<NotificationRow, 'id' | 'titleLo' | 'titleEn' | 'excerptLo' | 'excerptEn' | 'audienceKind' | 'link' | 'publishAt' | 'updatedAt'> & {
    readAt?: string | null;
  },
  lang: Language,
  withReadState: boolean,
): NotificationSummary {
  const l = textLang(row.titleEn, lang);
  return {
    id: row.id,
    title: localized(row.titleLo, row.titleEn, lang),
    excerpt: l === 'en' ? row.excerptEn || row.excerptLo : row.excerptLo,
    audience: row.audienceKind,
    publishedAt: row.publishAt ?? row.updatedAt,
    read: withReadState ? !!row.readAt : null,
    link: row.link ?? null,
  };
}

export function presentNotificationDetail(
  row: NotificationRow & { readAt?: string | null },
  lang: Language,
  withReadState: boolean,
): NotificationDetail {
  const l = textLang(row.titleEn, lang);
  return { ...presentNotificationSummary(row, lang, withReadState), bodyHtml: l === 'en' ? row.bodyEn || row.bodyLo : row.bodyLo, lang: l };
}

export function presentInfoPage(row: PageRow, lang: Language): InfoPage {
  const l = textLang(row.titleEn, lang);
  return {
    key: row.key,
    title: localized(row.titleLo, row.titleEn, lang),
    bodyHtml: l === 'en' ? row.bodyEn || row.bodyLo : row.bodyLo,
    updatedAt: row.updatedAt,
    lang: l,
  };
}

const staffMeta = (row: PostRow | NotificationRow | PageRow, now: string) => ({
  id: row.id,
  status: row.status,
  effectiveStatus: effectiveStatus(row, now),
  publishAt: row.publishAt,
  publishedAt: row.publishedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  titleLo: row.titleLo,
  titleEn: row.titleEn,
  bodyLo: row.bodyLo,
  bodyEn: row.bodyEn,
});

export const presentStaffPost = (row: PostRow, now: string, cover: ImageRow | undefined): StaffPost => ({
  ...staffMeta(row, now),
  slug: row.slug,
  category: row.category,
  summaryLo: row.summaryLo,
  summaryEn: row.summaryEn,
  cover: presentImage(cover),
});

export const presentStaffNotification = (row: NotificationRow, now: string, reads: number): StaffNotification => ({
  ...staffMeta(row, now),
  audience: { kind: row.audienceKind, value: row.audienceValue },
  reads,
});

export const presentStaffPage = (row: PageRow, now: string): StaffPage => ({ ...staffMeta(row, now), key: row.key });
