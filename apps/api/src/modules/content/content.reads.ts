import type { ImageVariant, InfoPage, Language, NotificationDetail, PostCategory, PostDetail, UnreadCount } from '@bansi/shared';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { findCompanyTarget } from '../companies';
import type { StoredFileRef } from '../files';
import { VISITOR, readsAsCompany, type AudienceTarget } from './content.policy';
import { presentInfoPage, presentNotificationDetail, presentNotificationSummary, presentPostDetail, presentPostSummary } from './content.presenter';
import * as repo from './content.repository';
import type { ImageRow } from './content.repository';

// What readers see: published news, the notifications addressed to them, information pages.

/** Read time: every visibility rule compares against this (a scheduled item appears by itself). */
const nowIso = () => new Date().toISOString();

export async function imagesFor(db: Executor, ids: Array<string | null>): Promise<Map<string, ImageRow>> {
  const rows = await repo.findImagesByIds(db, [...new Set(ids.filter((id): id is string => !!id))]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Who is asking: a visitor (and staff) read public items only; a company user also those addressed to them. */
export async function targetOf(db: Executor, principal: Principal | null): Promise<AudienceTarget> {
  if (!readsAsCompany(principal)) return VISITOR;
  const company = await findCompanyTarget(db, principal.companyId);
  return {
    kind: 'company',
    companyId: principal.companyId,
    categoryId: company?.categoryId ?? null,
    sizeId: company?.sizeId ?? null,
    provinceCode: company?.provinceCode ?? null,
  };
}

export async function listPosts(deps: Deps, lang: Language, q: { category?: PostCategory; cursor?: string; limit: number }) {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const rows = await repo.listLivePosts(deps.db, {
    now: nowIso(),
    category: q.category,
    cursor: after && { key: after[0], id: after[1] },
    limit: q.limit,
  });
  const images = await imagesFor(
    deps.db,
    rows.map((r) => r.coverImageId),
  );
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.publishAt ?? '', r.id]);
  return { items: page.map((r) => presentPostSummary(r, lang, images.get(r.coverImageId ?? ''))), nextCursor };
}

export async function getPost(deps: Deps, lang: Language, slug: string): Promise<PostDetail> {
  const row = await repo.findLivePostBySlug(deps.db, slug, nowIso());
  if (!row) throw notFound();
  const images = await imagesFor(deps.db, [row.coverImageId]);
  return presentPostDetail(row, lang, images.get(row.coverImageId ?? ''));
}

export async function listNotifications(deps: Deps, principal: Principal | null, lang: Language, q: { cursor?: string; limit: number }) {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const target = await targetOf(deps.db, principal);
  const userId = target.kind === 'company' ? principal!.userId : null;
  const rows = await repo.listLiveNotifications(deps.db, {
    target,
    userId,
    now: nowIso(),
    cursor: after && { key: after[0], id: after[1] },
    limit: q.limit,
  });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.publishAt ?? '', r.id]);
  return { items: page.map((r) => presentNotificationSummary(r, lang, userId !== null)), nextCursor };
}

export async function getNotification(deps: Deps, principal: Principal | null, lang: Language, id: string): Promise<NotificationDetail> {
  const target = await targetOf(deps.db, principal);
  const userId = target.kind === 'company' ? principal!.userId : null;
  const row = await repo.findLiveNotification(deps.db, id, target, userId, nowIso());
  if (!row) throw notFound();
  return presentNotificationDetail(row, lang, userId !== null);
}

/** Exact up to 99 (UNREAD_CAP); beyond, 100 and `capped` (a badge shows "99+"). */
const unreadOf = (n: number): UnreadCount => (n > repo.UNREAD_CAP ? { unread: repo.UNREAD_CAP + 1, capped: true } : { unread: n, capped: false });

export async function unreadCount(deps: Deps, principal: Principal | null): Promise<UnreadCount> {
  const target = await targetOf(deps.db, principal);
  if (target.kind !== 'company') return unreadOf(0);
  return unreadOf(await repo.countUnread(deps.db, target, principal!.userId, nowIso()));
}

/** Marks a notification the user can see as read (again: no change); one they cannot see is 404. */
export async function markNotificationRead(deps: Deps, principal: Principal | null, id: string) {
  const target = await targetOf(deps.db, principal);
  if (target.kind !== 'company') throw new AppError(403, 'FORBIDDEN');
  const now = nowIso();
  const row = await repo.findLiveNotification(deps.db, id, target, principal!.userId, now);
  if (!row) throw notFound();
  await repo.markRead(deps.db, id, principal!.userId, now);
  return unreadOf(await repo.countUnread(deps.db, target, principal!.userId, now));
}

export async function getPage(deps: Deps, lang: Language, key: string): Promise<InfoPage> {
  const row = await repo.findLivePageByKey(deps.db, key, nowIso());
  if (!row) throw notFound();
  return presentInfoPage(row, lang);
}

/** A cover image's variant as a stored file (files.service replyWithStoredFile sends it). */
export async function imageFile(deps: Deps, id: string, variant: ImageVariant): Promise<StoredFileRef> {
  const file = await repo.findImageVariant(deps.db, id, variant);
  if (!file) throw notFound();
  return {
    storageKey: file.storageKey,
    size: Number(file.size),
    sha256: file.sha256,
    mediaType: 'image/webp',
    originalName: `${id}-${variant}.webp`,
  };
}
