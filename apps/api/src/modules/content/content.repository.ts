import type { ContentStatus, ImageVariant, PostCategory } from '@bansi/shared';
import type { QueryTerm } from '@bansi/shared/domain/search-text';
import { type ExpressionBuilder, type Insertable, type Selectable, type Updateable, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../lib/deps';
import type {
  ContentImageVariantsTable,
  ContentImagesTable,
  ContentNotificationsTable,
  ContentPagesTable,
  ContentPostsTable,
  SearchTermsTable,
} from './content.tables';
import type { AudienceTarget } from './content.policy';

export type PostRow = Selectable<ContentPostsTable>;
export type NotificationRow = Selectable<ContentNotificationsTable>;
export type PageRow = Selectable<ContentPagesTable>;
export type ImageRow = Selectable<ContentImagesTable>;

/** A keyset position in a list ordered by (`key` desc, id desc). */
export interface Cursor {
  key: string;
  id: string;
}

type ContentTable = 'contentPosts' | 'contentNotifications' | 'contentPages';

// ---- visibility (evaluated at read time: a scheduled item appears by itself) --------------------

// The helpers below are shared by the three content tables, which have these columns in common;
// they name columns unqualified so the same SQL fits each table (and the reads join has none of them).
type Common = ExpressionBuilder<Database, 'contentPosts'>;
const common = <T extends ContentTable>(eb: ExpressionBuilder<Database, T>) => eb as unknown as Common;

/** Published, or scheduled for a moment that has passed. */
function isLive<T extends ContentTable>(eb: ExpressionBuilder<Database, T>, now: string) {
  const e = common(eb);
  return e.and([e('status', '!=', 'draft'), e('publishAt', '<=', now)]);
}

/** Staff list filter by what a reader sees now. */
function hasEffectiveStatus<T extends ContentTable>(eb: ExpressionBuilder<Database, T>, status: ContentStatus, now: string) {
  const e = common(eb);
  if (status === 'draft') return e('status', '=', 'draft');
  if (status === 'published') return isLive(e, now);
  return e.and([e('status', '=', 'scheduled'), e('publishAt', '>', now)]);
}

/** Rows after `cursor` in (column desc, id desc) order. */
function after<T extends ContentTable>(eb: ExpressionBuilder<Database, T>, column: 'publishAt' | 'updatedAt', cursor: Cursor | null) {
  const e = common(eb);
  if (!cursor) return sql<boolean>`1 = 1`;
  return e.or([e(column, '<', cursor.key), e.and([e(column, '=', cursor.key), e('id', '<', cursor.id)])]);
}

// ---- posts --------------------------------------------------------------------------------------

export const insertPost = (db: Executor, row: Insertable<ContentPostsTable>) => db.insertInto('contentPosts').values(row).execute();

export const updatePost = (db: Executor, id: string, set: Updateable<ContentPostsTable>) =>
  db.updateTable('contentPosts').set(set).where('id', '=', id).execute();

export const deletePost = (db: Executor, id: string) => db.deleteFrom('contentPosts').where('id', '=', id).execute();

export const findPostById = (db: Executor, id: string) => db.selectFrom('contentPosts').selectAll().where('id', '=', id).executeTakeFirst();

export const findPostBySlug = (db: Executor, slug: string) => db.selectFrom('contentPosts').selectAll().where('slug', '=', slug).executeTakeFirst();

export function listStaffPosts(db: Executor, q: { status?: ContentStatus; now: string; cursor: Cursor | null; limit: number }) {
  return db
    .selectFrom('contentPosts')
    .selectAll()
    .$if(!!q.status, (qb) => qb.where((eb) => hasEffectiveStatus(eb, q.status!, q.now)))
    .where((eb) => after(eb, 'updatedAt', q.cursor))
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

export function listLivePosts(db: Executor, q: { now: string; category?: PostCategory; cursor: Cursor | null; limit: number }) {
  return db
    .selectFrom('contentPosts')
    .selectAll()
    .where((eb) => isLive(eb, q.now))
    .$if(!!q.category, (qb) => qb.where('category', '=', q.category!))
    .where((eb) => after(eb, 'publishAt', q.cursor))
    .orderBy('publishAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

export const findLivePostBySlug = (db: Executor, slug: string, now: string) =>
  db
    .selectFrom('contentPosts')
    .selectAll()
    .where('slug', '=', slug)
    .where((eb) => isLive(eb, now))
    .executeTakeFirst();

export const findLivePostsByIds = (db: Executor, ids: string[], now: string) =>
  ids.length === 0
    ? Promise.resolve([] as PostRow[])
    : db
        .selectFrom('contentPosts')
        .selectAll()
        .where('id', 'in', ids)
        .where((eb) => isLive(eb, now))
        .execute();

// ---- notifications ------------------------------------------------------------------------------

export const insertNotification = (db: Executor, row: Insertable<ContentNotificationsTable>) =>
  db.insertInto('contentNotifications').values(row).execute();

export const updateNotification = (db: Executor, id: string, set: Updateable<ContentNotificationsTable>) =>
  db.updateTable('contentNotifications').set(set).where('id', '=', id).execute();

export const deleteNotification = (db: Executor, id: string) => db.deleteFrom('contentNotifications').where('id', '=', id).execute();

export const findNotificationById = (db: Executor, id: string) =>
  db.selectFrom('contentNotifications').selectAll().where('id', '=', id).executeTakeFirst();

export const anyNotification = async (db: Executor) => !!(await db.selectFrom('contentNotifications').select('id').limit(1).executeTakeFirst());

export function listStaffNotifications(db: Executor, q: { status?: ContentStatus; now: string; cursor: Cursor | null; limit: number }) {
  return db
    .selectFrom('contentNotifications')
    .selectAll()
    .$if(!!q.status, (qb) => qb.where((eb) => hasEffectiveStatus(eb, q.status!, q.now)))
    .where((eb) => after(eb, 'updatedAt', q.cursor))
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

/** How many users opened each notification. */
export async function countReads(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('contentNotificationReads')
    .select(['notificationId', (eb) => eb.fn.countAll<number>().as('reads')])
    .where('notificationId', 'in', ids)
    .groupBy('notificationId')
    .execute();
  return new Map(rows.map((r) => [r.notificationId, Number(r.reads)]));
}

/** Who a notification reaches: the public, every company, a kind of company, or one company. */
function addressedTo(eb: ExpressionBuilder<Database, 'contentNotifications'>, target: AudienceTarget) {
  if (target.kind === 'visitor') return eb('contentNotifications.audienceKind', '=', 'public');
  const one = (kind: 'category' | 'size' | 'province' | 'company', value: string | null) =>
    value === null
      ? sql<boolean>`1 = 0`
      : eb.and([eb('contentNotifications.audienceKind', '=', kind), eb('contentNotifications.audienceValue', '=', value)]);
  return eb.or([
    eb('contentNotifications.audienceKind', 'in', ['public', 'companies']),
    one('company', target.companyId),
    one('category', target.categoryId),
    one('size', target.sizeId),
    one('province', target.provinceCode),
  ]);
}

function liveNotificationsFor(db: Executor, target: AudienceTarget, userId: string | null, now: string) {
  return db
    .selectFrom('contentNotifications')
    .leftJoin('contentNotificationReads as r', (join) =>
      join.onRef('r.notificationId', '=', 'contentNotifications.id').on('r.userId', '=', userId ?? ''),
    )
    .selectAll('contentNotifications')
    .select('r.readAt')
    .where((eb) => isLive(eb as never, now))
    .where((eb) => addressedTo(eb as never, target));
}

export function listLiveNotifications(
  db: Executor,
  q: { target: AudienceTarget; userId: string | null; now: string; cursor: Cursor | null; limit: number },
) {
  return liveNotificationsFor(db, q.target, q.userId, q.now)
    .where((eb) => after(eb as never, 'publishAt', q.cursor))
    .orderBy('contentNotifications.publishAt', 'desc')
    .orderBy('contentNotifications.id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

export const findLiveNotification = (db: Executor, id: string, target: AudienceTarget, userId: string | null, now: string) =>
  liveNotificationsFor(db, target, userId, now).where('contentNotifications.id', '=', id).executeTakeFirst();

export const findLiveNotificationsByIds = (db: Executor, ids: string[], target: AudienceTarget, now: string) =>
  ids.length === 0 ? Promise.resolve([]) : liveNotificationsFor(db, target, null, now).where('contentNotifications.id', 'in', ids).execute();

export async function countUnread(db: Executor, target: AudienceTarget, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('contentNotifications')
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .where((eb) => isLive(eb, now))
    .where((eb) => addressedTo(eb, target))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('contentNotificationReads as r')
            .select(sql`1`.as('one'))
            .whereRef('r.notificationId', '=', 'contentNotifications.id')
            .where('r.userId', '=', userId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

export async function markRead(db: Executor, notificationId: string, userId: string, now: string) {
  await db
    .insertInto('contentNotificationReads')
    .values({ notificationId, userId, readAt: now })
    .onConflict((oc) => oc.columns(['notificationId', 'userId']).doNothing())
    .execute();
}

/** What targeting needs to know about a company (DESIGN §4: category, size, province). */
export const findCompanyTarget = (db: Executor, companyId: string) =>
  db.selectFrom('companies').select(['id', 'categoryId', 'sizeId', 'provinceCode']).where('id', '=', companyId).executeTakeFirst();

/** Up to 20 companies whose name or tax ID contains `q` (or the one with `id`), for the audience picker. */
export function findAudienceCompanies(db: Executor, q: { text: string; id?: string }) {
  const like = `%${likeEscape(q.text.toLowerCase())}%`;
  return db
    .selectFrom('companies')
    .select(['id', 'nameLo', 'nameEn', 'tin'])
    .$if(!!q.id, (qb) => qb.where('id', '=', q.id!))
    .$if(!q.id && q.text !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref('nameEn')}) like ${like} escape '\\'`,
          sql<boolean>`${eb.ref('nameLo')} like ${like} escape '\\'`,
          sql<boolean>`${eb.ref('tin')} like ${like} escape '\\'`,
        ]),
      ),
    )
    .orderBy('nameEn')
    .limit(20)
    .execute();
}

// ---- pages --------------------------------------------------------------------------------------

export const insertPage = (db: Executor, row: Insertable<ContentPagesTable>) => db.insertInto('contentPages').values(row).execute();

export const updatePage = (db: Executor, id: string, set: Updateable<ContentPagesTable>) =>
  db.updateTable('contentPages').set(set).where('id', '=', id).execute();

export const deletePage = (db: Executor, id: string) => db.deleteFrom('contentPages').where('id', '=', id).execute();

export const findPageById = (db: Executor, id: string) => db.selectFrom('contentPages').selectAll().where('id', '=', id).executeTakeFirst();

export const findPageByKey = (db: Executor, key: string) => db.selectFrom('contentPages').selectAll().where('key', '=', key).executeTakeFirst();

export const findLivePageByKey = (db: Executor, key: string, now: string) =>
  db
    .selectFrom('contentPages')
    .selectAll()
    .where('key', '=', key)
    .where((eb) => isLive(eb, now))
    .executeTakeFirst();

export const findLivePagesByIds = (db: Executor, ids: string[], now: string) =>
  ids.length === 0
    ? Promise.resolve([] as PageRow[])
    : db
        .selectFrom('contentPages')
        .selectAll()
        .where('id', 'in', ids)
        .where((eb) => isLive(eb, now))
        .execute();

export function listStaffPages(db: Executor, q: { status?: ContentStatus; now: string; cursor: Cursor | null; limit: number }) {
  return db
    .selectFrom('contentPages')
    .selectAll()
    .$if(!!q.status, (qb) => qb.where((eb) => hasEffectiveStatus(eb, q.status!, q.now)))
    .where((eb) => after(eb, 'updatedAt', q.cursor))
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

// ---- images -------------------------------------------------------------------------------------

export const insertImage = (db: Executor, row: Insertable<ContentImagesTable>) => db.insertInto('contentImages').values(row).execute();

export const findImagesByIds = (db: Executor, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([] as ImageRow[]) : db.selectFrom('contentImages').selectAll().where('id', 'in', ids).execute();

export const findImageById = (db: Executor, id: string) => db.selectFrom('contentImages').selectAll().where('id', '=', id).executeTakeFirst();

export const insertImageVariants = (db: Executor, rows: ContentImageVariantsTable[]) => db.insertInto('contentImageVariants').values(rows).execute();

export const findImageVariant = (db: Executor, imageId: string, variant: ImageVariant) =>
  db.selectFrom('contentImageVariants').selectAll().where('imageId', '=', imageId).where('variant', '=', variant).executeTakeFirst();

/** Cover images stored before their variants were kept in the FileStore (no variant rows). */
export const listImagesWithoutVariants = (db: Executor) =>
  db
    .selectFrom('contentImages')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('contentImageVariants').select('imageId').whereRef('imageId', '=', 'contentImages.id'))),
    )
    .execute();

/** Which of these storage keys a cover-image variant names (clean-up of the FileStore keeps them). */
export async function existingImageKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('contentImageVariants').select('storageKey').where('storageKey', 'in', keys).execute();
  return new Set(rows.map((r) => r.storageKey));
}

// ---- search terms -------------------------------------------------------------------------------

type DocKind = SearchTermsTable['docKind'];

export async function replaceSearchTerms(db: Executor, kind: DocKind, id: string, rows: Omit<SearchTermsTable, 'docKind' | 'docId'>[]) {
  await db.deleteFrom('searchTerms').where('docKind', '=', kind).where('docId', '=', id).execute();
  // PostgreSQL takes at most 65,535 parameters per statement; 6 per row.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('searchTerms')
      .values(rows.slice(i, i + 1000).map((r) => ({ ...r, docKind: kind, docId: id })))
      .execute();
  }
}

export const deleteSearchTerms = (db: Executor, kind: DocKind, id: string) =>
  db.deleteFrom('searchTerms').where('docKind', '=', kind).where('docId', '=', id).execute();

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every indexed term that may answer one of the query's terms: equal, starting with it (the last
 * word) or containing it (Lao). The same SQL on SQLite and PostgreSQL; ranking happens in code.
 */
export function findTermHits(db: Executor, query: QueryTerm[]) {
  return db
    .selectFrom('searchTerms')
    .select(['docKind', 'docId', 'lang', 'fieldWeight', 'term', 'hits'])
    .where((eb) =>
      eb.or(
        query.flatMap((q) => {
          if (q.contains) return [sql<boolean>`${eb.ref('term')} like ${`%${likeEscape(q.term)}%`} escape '\\'`];
          if (q.prefix) return [sql<boolean>`${eb.ref('term')} like ${`${likeEscape(q.term)}%`} escape '\\'`];
          return [sql<boolean>`${eb.ref('term')} = ${q.term}`];
        }),
      ),
    )
    .limit(20_000)
    .execute();
}
