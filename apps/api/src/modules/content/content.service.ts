import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { highlightSnippet, findMatches, queryTerms, rankDocuments, indexTerms, type QueryTerm } from '@bansi/shared/domain/search-text';
import {
  localized,
  NotificationAudience,
  NotificationInput,
  PageInput,
  PostInput,
  type ContentImage,
  type ContentPreview,
  type ImageVariant,
  type InfoPage,
  type Language,
  type NotificationDetail,
  type NotificationPatch,
  type PagePatch,
  type PostCategory,
  type PostDetail,
  type PostPatch,
  type PublishAction,
  type ScheduleRequest,
  type SearchHit,
  type StaffListQuery,
  type StaffNotification,
  type StaffPage,
  type StaffPost,
} from '@bansi/shared';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { imagePath, storeImage } from './content.images';
import { VISITOR, readsAsCompany, type AudienceTarget } from './content.policy';
import {
  presentImage,
  presentInfoPage,
  presentNotificationDetail,
  presentNotificationSummary,
  presentPostDetail,
  presentPostSummary,
  presentStaffNotification,
  presentStaffPage,
  presentStaffPost,
} from './content.presenter';
import * as repo from './content.repository';
import type { Cursor, ImageRow, NotificationRow, PageRow, PostRow } from './content.repository';
import { htmlToText, sanitizeRichText } from './content.sanitize';
import type { SearchTermsTable } from './content.tables';

/** Who writes: a staff member, or null for the seed. */
export interface Actor {
  userId: string | null;
}

/** Read time: every visibility rule compares against this (no job publishes scheduled items). */
const nowIso = () => new Date().toISOString();

// ---- cursors ------------------------------------------------------------------------------------

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.key, c.id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const [key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && typeof id === 'string') return { key, id };
  } catch {
    // fall through
  }
  throw invalid([{ path: 'querystring.cursor', code: 'invalid', message: 'invalid cursor' }]);
}

/** Cuts the extra row a list query fetched into `nextCursor`. */
function page<R extends { id: string }, T>(rows: R[], limit: number, key: (r: R) => string, present: (r: R) => T) {
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items: items.map(present), nextCursor: more && last ? encodeCursor({ key: key(last), id: last.id }) : null };
}

async function imagesFor(db: Executor, ids: Array<string | null>): Promise<Map<string, ImageRow>> {
  const rows = await repo.findImagesByIds(db, [...new Set(ids.filter((id): id is string => !!id))]);
  return new Map(rows.map((r) => [r.id, r]));
}

// ---- search index -------------------------------------------------------------------------------

interface IndexedField {
  lang: Language;
  weight: number;
  text: string;
}

/** The search terms of one document, rebuilt whenever it is written (docs/decisions/015). */
async function reindex(db: Executor, kind: SearchTermsTable['docKind'], id: string, fields: IndexedField[]) {
  const rows: Omit<SearchTermsTable, 'docKind' | 'docId'>[] = [];
  for (const field of fields) {
    if (!field.text.trim()) continue;
    for (const [term, hits] of indexTerms(field.text)) rows.push({ lang: field.lang, fieldWeight: field.weight, term, hits });
  }
  await repo.replaceSearchTerms(db, kind, id, rows);
}

const postFields = (p: PostRow): IndexedField[] => [
  { lang: 'lo', weight: 3, text: p.titleLo },
  { lang: 'lo', weight: 2, text: p.summaryLo },
  { lang: 'lo', weight: 1, text: htmlToText(p.bodyLo) },
  { lang: 'en', weight: 3, text: p.titleEn },
  { lang: 'en', weight: 2, text: p.summaryEn },
  { lang: 'en', weight: 1, text: htmlToText(p.bodyEn) },
];
const titleBodyFields = (n: NotificationRow | PageRow): IndexedField[] => [
  { lang: 'lo', weight: 3, text: n.titleLo },
  { lang: 'lo', weight: 1, text: htmlToText(n.bodyLo) },
  { lang: 'en', weight: 3, text: n.titleEn },
  { lang: 'en', weight: 1, text: htmlToText(n.bodyEn) },
];

// ---- readers: who is asking ---------------------------------------------------------------------

async function targetOf(db: Executor, principal: Principal | null): Promise<AudienceTarget> {
  if (!readsAsCompany(principal)) return VISITOR;
  const company = await repo.findCompanyTarget(db, principal.companyId);
  return {
    kind: 'company',
    companyId: principal.companyId,
    categoryId: company?.categoryId ?? null,
    sizeId: company?.sizeId ?? null,
    provinceCode: company?.provinceCode ?? null,
  };
}

// ---- public reads -------------------------------------------------------------------------------

export async function listPosts(deps: Deps, lang: Language, q: { category?: PostCategory; cursor?: string; limit: number }) {
  const rows = await repo.listLivePosts(deps.db, { now: nowIso(), category: q.category, cursor: decodeCursor(q.cursor), limit: q.limit });
  const images = await imagesFor(
    deps.db,
    rows.map((r) => r.coverImageId),
  );
  return page(
    rows,
    q.limit,
    (r) => r.publishAt ?? '',
    (r) => presentPostSummary(r, lang, images.get(r.coverImageId ?? '')),
  );
}

export async function getPost(deps: Deps, lang: Language, slug: string): Promise<PostDetail> {
  const row = await repo.findLivePostBySlug(deps.db, slug, nowIso());
  if (!row) throw notFound();
  const images = await imagesFor(deps.db, [row.coverImageId]);
  return presentPostDetail(row, lang, images.get(row.coverImageId ?? ''));
}

export async function listNotifications(deps: Deps, principal: Principal | null, lang: Language, q: { cursor?: string; limit: number }) {
  const target = await targetOf(deps.db, principal);
  const userId = target.kind === 'company' ? principal!.userId : null;
  const rows = await repo.listLiveNotifications(deps.db, { target, userId, now: nowIso(), cursor: decodeCursor(q.cursor), limit: q.limit });
  return page(
    rows,
    q.limit,
    (r) => r.publishAt ?? '',
    (r) => presentNotificationSummary(r, lang, userId !== null),
  );
}

export async function getNotification(deps: Deps, principal: Principal | null, lang: Language, id: string): Promise<NotificationDetail> {
  const target = await targetOf(deps.db, principal);
  const userId = target.kind === 'company' ? principal!.userId : null;
  const row = await repo.findLiveNotification(deps.db, id, target, userId, nowIso());
  if (!row) throw notFound();
  return presentNotificationDetail(row, lang, userId !== null);
}

export async function unreadCount(deps: Deps, principal: Principal | null): Promise<{ unread: number }> {
  const target = await targetOf(deps.db, principal);
  if (target.kind !== 'company') return { unread: 0 };
  return { unread: await repo.countUnread(deps.db, target, principal!.userId, nowIso()) };
}

/** Marks a notification the user can see as read (again: no change); one they cannot see is 404. */
export async function markNotificationRead(deps: Deps, principal: Principal | null, id: string) {
  const target = await targetOf(deps.db, principal);
  if (target.kind !== 'company') throw new AppError(403, 'FORBIDDEN');
  const now = nowIso();
  const row = await repo.findLiveNotification(deps.db, id, target, principal!.userId, now);
  if (!row) throw notFound();
  await repo.markRead(deps.db, id, principal!.userId, now);
  return { unread: await repo.countUnread(deps.db, target, principal!.userId, now) };
}

export async function getPage(deps: Deps, lang: Language, key: string): Promise<InfoPage> {
  const row = await repo.findLivePageByKey(deps.db, key, nowIso());
  if (!row) throw notFound();
  return presentInfoPage(row, lang);
}

export async function imageFile(deps: Deps, id: string, variant: ImageVariant): Promise<{ path: string; size: number }> {
  const row = await repo.findImageById(deps.db, id);
  if (!row) throw notFound();
  const path = imagePath(deps.config.DATA_DIR, id, variant);
  try {
    return { path, size: (await stat(path)).size };
  } catch {
    throw notFound();
  }
}

// ---- search -------------------------------------------------------------------------------------

interface Candidate {
  kind: SearchHit['kind'];
  id: string;
  ref: string;
  date: string;
  title: Record<Language, string>;
  /** texts to cut a snippet from, best first, per language */
  texts: Record<Language, string[]>;
}

const chunks = <T>(items: T[], size = 500) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * Lao-aware search across posts, notifications and info pages: the query is segmented like the
 * content was, matching terms are looked up in the term table, documents are ranked by weighted hits
 * (one implementation, `rankDocuments`), and only what this caller may see is kept.
 */
export async function search(deps: Deps, principal: Principal | null, lang: Language, q: { q: string; cursor?: string; limit: number }) {
  const terms = queryTerms(q.q);
  if (terms.length === 0) return { items: [] as SearchHit[], nextCursor: null };
  const offset = q.cursor ? Number.parseInt(q.cursor, 10) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalid([{ path: 'querystring.cursor', code: 'invalid', message: 'invalid cursor' }]);

  const hits = await repo.findTermHits(deps.db, terms);
  const ranked = rankDocuments(
    terms,
    hits.map((h) => ({ doc: `${h.docKind}:${h.docId}`, term: h.term, weight: h.fieldWeight, count: h.hits })),
  );
  const idsOf = (kind: string) => ranked.filter((r) => r.doc.startsWith(`${kind}:`)).map((r) => r.doc.slice(kind.length + 1));

  const now = nowIso();
  const target = await targetOf(deps.db, principal);
  const visible = new Map<string, Candidate>();
  for (const ids of chunks(idsOf('post'))) {
    for (const p of await repo.findLivePostsByIds(deps.db, ids, now)) {
      visible.set(`post:${p.id}`, {
        kind: 'post',
        id: p.id,
        ref: p.slug,
        date: p.publishAt ?? p.updatedAt,
        title: { lo: p.titleLo, en: localized(p.titleLo, p.titleEn, 'en') },
        texts: { lo: [p.summaryLo, htmlToText(p.bodyLo), p.titleLo], en: [p.summaryEn, htmlToText(p.bodyEn), p.titleEn] },
      });
    }
  }
  for (const ids of chunks(idsOf('notification'))) {
    for (const n of await repo.findLiveNotificationsByIds(deps.db, ids, target, now)) {
      visible.set(`notification:${n.id}`, {
        kind: 'notification',
        id: n.id,
        ref: n.id,
        date: n.publishAt ?? n.updatedAt,
        title: { lo: n.titleLo, en: localized(n.titleLo, n.titleEn, 'en') },
        texts: { lo: [htmlToText(n.bodyLo), n.titleLo], en: [htmlToText(n.bodyEn), n.titleEn] },
      });
    }
  }
  for (const ids of chunks(idsOf('page'))) {
    for (const p of await repo.findLivePagesByIds(deps.db, ids, now)) {
      visible.set(`page:${p.id}`, {
        kind: 'page',
        id: p.id,
        ref: p.key,
        date: p.updatedAt,
        title: { lo: p.titleLo, en: localized(p.titleLo, p.titleEn, 'en') },
        texts: { lo: [htmlToText(p.bodyLo), p.titleLo], en: [htmlToText(p.bodyEn), p.titleEn] },
      });
    }
  }

  const results = ranked.filter((r) => visible.has(r.doc));
  const pageItems = results.slice(offset, offset + q.limit).map((r): SearchHit => {
    const c = visible.get(r.doc)!;
    return {
      kind: c.kind,
      id: c.id,
      ref: c.ref,
      title: c.title[lang],
      snippet: snippetFor(c, terms, lang),
      date: c.date,
      score: Math.round(r.score * 100) / 100,
    };
  });
  const next = offset + q.limit;
  return { items: pageItems, nextCursor: next < results.length ? String(next) : null };
}

/** A snippet in the reader's language when the match is there, else in the other one. */
function snippetFor(c: Candidate, terms: QueryTerm[], lang: Language) {
  const order: Language[] = lang === 'en' ? ['en', 'lo'] : ['lo', 'en'];
  for (const l of order) {
    for (const text of c.texts[l]) {
      if (text && findMatches(text, terms).length > 0) return highlightSnippet(text, terms);
    }
  }
  const fallback = c.texts[lang].find((t) => t.trim()) ?? c.texts.lo.find((t) => t.trim()) ?? '';
  return highlightSnippet(fallback, terms);
}

// ---- staff: shared publishing rules -------------------------------------------------------------

interface PublishState {
  status: 'draft' | 'scheduled' | 'published';
  publishAt: string | null;
  publishedAt?: string | null;
}

/** publish: live now · schedule: live from a future moment · unpublish: back to draft. */
function publishState(action: PublishAction, body: ScheduleRequest | null | undefined, now: string): PublishState {
  if (action === 'publish') return { status: 'published', publishAt: now, publishedAt: now };
  if (action === 'unpublish') return { status: 'draft', publishAt: null };
  const at = body?.publishAt ? new Date(body.publishAt).toISOString() : null;
  if (!at) throw invalid([{ path: 'body.publishAt', code: 'required', message: 'required' }]);
  if (at <= now) throw invalid([{ path: 'body.publishAt', code: 'not_future', message: 'must be in the future' }]);
  return { status: 'scheduled', publishAt: at, publishedAt: at };
}

function checkStale(row: { updatedAt: string }, expected: string | undefined) {
  if (expected && expected !== row.updatedAt) throw new AppError(409, 'STALE');
}

const taken = (path: string) => invalid([{ path, code: 'taken', message: 'already used' }]);

function staffQuery(q: StaffListQuery) {
  return { status: q.status, now: nowIso(), cursor: decodeCursor(q.cursor), limit: q.limit };
}

function previewOf(
  row: { titleLo: string; titleEn: string; bodyLo: string; bodyEn: string },
  lang: Language,
  summary: [string, string],
  cover: ContentImage | null,
): ContentPreview {
  const l: Language = lang === 'en' && row.titleEn.trim() ? 'en' : 'lo';
  return {
    title: localized(row.titleLo, row.titleEn, lang),
    summary: l === 'en' ? summary[1] : summary[0],
    bodyHtml: l === 'en' ? row.bodyEn || row.bodyLo : row.bodyLo,
    lang: l,
    cover,
  };
}

// ---- staff: posts -------------------------------------------------------------------------------

async function checkCover(db: Executor, id: string | null | undefined) {
  if (id && !(await repo.findImageById(db, id))) throw invalid([{ path: 'body.coverImageId', code: 'not_found', message: 'no such image' }]);
}

async function staffPost(db: Executor, row: PostRow): Promise<StaffPost> {
  const images = await imagesFor(db, [row.coverImageId]);
  return presentStaffPost(row, nowIso(), images.get(row.coverImageId ?? ''));
}

async function loadPost(db: Executor, id: string) {
  const row = await repo.findPostById(db, id);
  if (!row) throw notFound();
  return row;
}

export async function listStaffPosts(deps: Deps, q: StaffListQuery) {
  const query = staffQuery(q);
  const rows = await repo.listStaffPosts(deps.db, query);
  const images = await imagesFor(
    deps.db,
    rows.map((r) => r.coverImageId),
  );
  return page(
    rows,
    q.limit,
    (r) => r.updatedAt,
    (r) => presentStaffPost(r, query.now, images.get(r.coverImageId ?? '')),
  );
}

export const getStaffPost = async (deps: Deps, id: string) => staffPost(deps.db, await loadPost(deps.db, id));

export async function createPost(deps: Deps, actor: Actor, input: PostInput): Promise<StaffPost> {
  const data = PostInput.parse(input);
  const now = nowIso();
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.findPostBySlug(trx, data.slug)) throw taken('body.slug');
    await checkCover(trx, data.coverImageId);
    await repo.insertPost(trx, {
      id,
      ...data,
      bodyLo: sanitizeRichText(data.bodyLo),
      bodyEn: sanitizeRichText(data.bodyEn),
      status: 'draft',
      publishAt: null,
      publishedAt: null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await reindex(trx, 'post', id, postFields((await repo.findPostById(trx, id))!));
  });
  return getStaffPost(deps, id);
}

export async function updatePost(deps: Deps, actor: Actor, id: string, patch: PostPatch): Promise<StaffPost> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await loadPost(trx, id);
    checkStale(row, patch.expectedUpdatedAt);
    const { expectedUpdatedAt: _, ...set } = patch;
    if (set.slug && set.slug !== row.slug && (await repo.findPostBySlug(trx, set.slug))) throw taken('body.slug');
    await checkCover(trx, set.coverImageId);
    await repo.updatePost(trx, id, editedFields(set, actor, row.updatedAt));
    await reindex(trx, 'post', id, postFields((await repo.findPostById(trx, id))!));
  });
  return getStaffPost(deps, id);
}

/** An edit as stored: rich-text bodies sanitized, and stamped with who edited it and when. */
function editedFields<T extends { bodyLo?: string; bodyEn?: string }>(set: T, actor: Actor, previousUpdatedAt: string) {
  return {
    ...set,
    ...(set.bodyLo !== undefined ? { bodyLo: sanitizeRichText(set.bodyLo) } : {}),
    ...(set.bodyEn !== undefined ? { bodyEn: sanitizeRichText(set.bodyEn) } : {}),
    updatedBy: actor.userId,
    updatedAt: laterThan(previousUpdatedAt),
  };
}

export async function setPostState(deps: Deps, actor: Actor, id: string, action: PublishAction, body?: ScheduleRequest | null) {
  const row = await loadPost(deps.db, id);
  const state = publishState(action, body, nowIso());
  await repo.updatePost(deps.db, id, { ...state, updatedBy: actor.userId, updatedAt: laterThan(row.updatedAt) });
  return getStaffPost(deps, id);
}

export async function deletePost(deps: Deps, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    await loadPost(trx, id);
    await repo.deleteSearchTerms(trx, 'post', id);
    await repo.deletePost(trx, id);
  });
}

export async function previewPost(deps: Deps, id: string, lang: Language): Promise<ContentPreview> {
  const row = await loadPost(deps.db, id);
  const images = await imagesFor(deps.db, [row.coverImageId]);
  return previewOf(row, lang, [row.summaryLo, row.summaryEn], presentImage(images.get(row.coverImageId ?? '')));
}

/** A new updatedAt that is strictly later than the old one (two edits in one millisecond stay apart). */
function laterThan(previous: string): string {
  const now = nowIso();
  return now > previous ? now : new Date(new Date(previous).getTime() + 1).toISOString();
}

// ---- staff: notifications -----------------------------------------------------------------------

async function loadNotification(db: Executor, id: string) {
  const row = await repo.findNotificationById(db, id);
  if (!row) throw notFound();
  return row;
}

async function staffNotification(db: Executor, row: NotificationRow): Promise<StaffNotification> {
  const reads = await repo.countReads(db, [row.id]);
  return presentStaffNotification(row, nowIso(), reads.get(row.id) ?? 0);
}

export async function listStaffNotifications(deps: Deps, q: StaffListQuery) {
  const query = staffQuery(q);
  const rows = await repo.listStaffNotifications(deps.db, query);
  const reads = await repo.countReads(
    deps.db,
    rows.map((r) => r.id),
  );
  return page(
    rows,
    q.limit,
    (r) => r.updatedAt,
    (r) => presentStaffNotification(r, query.now, reads.get(r.id) ?? 0),
  );
}

export const getStaffNotification = async (deps: Deps, id: string) => staffNotification(deps.db, await loadNotification(deps.db, id));

export async function createNotification(deps: Deps, actor: Actor, input: NotificationInput): Promise<StaffNotification> {
  const data = NotificationInput.parse(input);
  const now = nowIso();
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertNotification(trx, {
      id,
      titleLo: data.titleLo,
      titleEn: data.titleEn,
      bodyLo: sanitizeRichText(data.bodyLo),
      bodyEn: sanitizeRichText(data.bodyEn),
      audienceKind: data.audience.kind,
      audienceValue: data.audience.value,
      status: 'draft',
      publishAt: null,
      publishedAt: null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await reindex(trx, 'notification', id, titleBodyFields((await repo.findNotificationById(trx, id))!));
  });
  return getStaffNotification(deps, id);
}

export async function updateNotification(deps: Deps, actor: Actor, id: string, patch: NotificationPatch): Promise<StaffNotification> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await loadNotification(trx, id);
    checkStale(row, patch.expectedUpdatedAt);
    const audience = patch.audience ? NotificationAudience.parse(patch.audience) : null;
    await repo.updateNotification(trx, id, {
      ...(patch.titleLo !== undefined ? { titleLo: patch.titleLo } : {}),
      ...(patch.titleEn !== undefined ? { titleEn: patch.titleEn } : {}),
      ...(patch.bodyLo !== undefined ? { bodyLo: sanitizeRichText(patch.bodyLo) } : {}),
      ...(patch.bodyEn !== undefined ? { bodyEn: sanitizeRichText(patch.bodyEn) } : {}),
      ...(audience ? { audienceKind: audience.kind, audienceValue: audience.value } : {}),
      updatedBy: actor.userId,
      updatedAt: laterThan(row.updatedAt),
    });
    await reindex(trx, 'notification', id, titleBodyFields((await repo.findNotificationById(trx, id))!));
  });
  return getStaffNotification(deps, id);
}

export async function setNotificationState(deps: Deps, actor: Actor, id: string, action: PublishAction, body?: ScheduleRequest | null) {
  const row = await loadNotification(deps.db, id);
  const state = publishState(action, body, nowIso());
  await repo.updateNotification(deps.db, id, { ...state, updatedBy: actor.userId, updatedAt: laterThan(row.updatedAt) });
  return getStaffNotification(deps, id);
}

export async function deleteNotification(deps: Deps, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    await loadNotification(trx, id);
    await repo.deleteSearchTerms(trx, 'notification', id);
    await repo.deleteNotification(trx, id);
  });
}

export async function previewNotification(deps: Deps, id: string, lang: Language): Promise<ContentPreview> {
  const row = await loadNotification(deps.db, id);
  return previewOf(row, lang, ['', ''], null);
}

// ---- staff: pages -------------------------------------------------------------------------------

async function loadPage(db: Executor, id: string) {
  const row = await repo.findPageById(db, id);
  if (!row) throw notFound();
  return row;
}

export async function listStaffPages(deps: Deps, q: StaffListQuery) {
  const query = staffQuery(q);
  const rows = await repo.listStaffPages(deps.db, query);
  return page(
    rows,
    q.limit,
    (r) => r.updatedAt,
    (r) => presentStaffPage(r, query.now),
  );
}

export const getStaffPage = async (deps: Deps, id: string): Promise<StaffPage> => presentStaffPage(await loadPage(deps.db, id), nowIso());

export async function createPage(deps: Deps, actor: Actor, input: PageInput): Promise<StaffPage> {
  const data = PageInput.parse(input);
  const now = nowIso();
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.findPageByKey(trx, data.key)) throw taken('body.key');
    await repo.insertPage(trx, {
      id,
      key: data.key,
      titleLo: data.titleLo,
      titleEn: data.titleEn,
      bodyLo: sanitizeRichText(data.bodyLo),
      bodyEn: sanitizeRichText(data.bodyEn),
      status: 'draft',
      publishAt: null,
      publishedAt: null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await reindex(trx, 'page', id, titleBodyFields((await repo.findPageById(trx, id))!));
  });
  return getStaffPage(deps, id);
}

export async function updatePage(deps: Deps, actor: Actor, id: string, patch: PagePatch): Promise<StaffPage> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await loadPage(trx, id);
    checkStale(row, patch.expectedUpdatedAt);
    const { expectedUpdatedAt: _, ...set } = patch;
    if (set.key && set.key !== row.key && (await repo.findPageByKey(trx, set.key))) throw taken('body.key');
    await repo.updatePage(trx, id, editedFields(set, actor, row.updatedAt));
    await reindex(trx, 'page', id, titleBodyFields((await repo.findPageById(trx, id))!));
  });
  return getStaffPage(deps, id);
}

export async function setPageState(deps: Deps, actor: Actor, id: string, action: PublishAction, body?: ScheduleRequest | null) {
  const row = await loadPage(deps.db, id);
  const state = publishState(action, body, nowIso());
  await repo.updatePage(deps.db, id, { ...state, updatedBy: actor.userId, updatedAt: laterThan(row.updatedAt) });
  return getStaffPage(deps, id);
}

export async function deletePage(deps: Deps, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    await loadPage(trx, id);
    await repo.deleteSearchTerms(trx, 'page', id);
    await repo.deletePage(trx, id);
  });
}

export async function previewPage(deps: Deps, id: string, lang: Language): Promise<ContentPreview> {
  const row = await loadPage(deps.db, id);
  return previewOf(row, lang, ['', ''], null);
}

// ---- staff: audience picker ----

export async function findAudienceCompanies(deps: Deps, q: { q: string; id?: string }) {
  return { items: await repo.findAudienceCompanies(deps.db, { text: q.q, id: q.id }) };
}

// ---- staff: images ------------------------------------------------------------------------------

export async function uploadImage(deps: Deps, actor: Actor, body: unknown): Promise<ContentImage> {
  if (!Buffer.isBuffer(body)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const img = await storeImage(deps.config.DATA_DIR, body, async (i) => {
    await repo.insertImage(deps.db, { ...i, createdBy: actor.userId, createdAt: nowIso() });
  });
  return presentImage({ ...img, createdBy: actor.userId, createdAt: '' })!;
}
