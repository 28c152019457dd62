import type { ContentStatus, ImageVariant, PostCategory } from '@bansi/shared';
import { PostgresAdapter, type ExpressionBuilder, type Insertable, type Selectable, type Updateable, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../lib/deps';
import type {
  ContentImageVariantsTable,
  ContentImagesTable,
  ContentNotificationsTable,
  ContentPagesTable,
  ContentPostsTable,
  SearchDocumentsTable,
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

/** What a post card shows (no bodies: the excerpt is stored plain, decision 101). */
const POST_CARD = [
  'id',
  'slug',
  'category',
  'titleLo',
  'titleEn',
  'summaryLo',
  'summaryEn',
  'excerptLo',
  'excerptEn',
  'coverImageId',
  'publishAt',
  'updatedAt',
] as const;
export type PostCardRow = Pick<PostRow, (typeof POST_CARD)[number]>;

/**
 * Published posts, newest first: a range of the index (publish_at, id), or (category, publish_at, id)
 * with a category; drafts have no publish time, so `publish_at <= now` already leaves them out.
 */
export function listLivePosts(db: Executor, q: { now: string; category?: PostCategory; cursor: Cursor | null; limit: number }) {
  return db
    .selectFrom('contentPosts')
    .select(POST_CARD)
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

/**
 * The audiences a reader belongs to, each one an equality prefix of the index
 * (audience_kind, audience_value, publish_at, id): public and all-company notifications have no value.
 */
function audiencesOf(target: AudienceTarget): Array<[ContentNotificationsTable['audienceKind'], string | null]> {
  if (target.kind === 'visitor') return [['public', null]];
  const out: Array<[ContentNotificationsTable['audienceKind'], string | null]> = [
    ['public', null],
    ['companies', null],
    ['company', target.companyId],
  ];
  if (target.categoryId) out.push(['category', target.categoryId]);
  if (target.sizeId) out.push(['size', target.sizeId]);
  if (target.provinceCode) out.push(['province', target.provinceCode]);
  return out;
}

/** One audience's live notifications, newest first: a backwards range scan of the audience index. */
function liveOfAudience(db: Executor, [kind, value]: [ContentNotificationsTable['audienceKind'], string | null], now: string, cursor: Cursor | null) {
  return db
    .selectFrom('contentNotifications')
    .where('audienceKind', '=', kind)
    .where('audienceValue', value === null ? 'is' : '=', value)
    .where('status', '!=', 'draft')
    .where('publishAt', '<=', now)
    .where((eb) => after(eb, 'publishAt', cursor))
    .orderBy('publishAt', 'desc')
    .orderBy('id', 'desc');
}

/**
 * A reader's notifications, newest first (decision 101): one short index range per audience they
 * belong to (at most limit + 1 rows each), merged, then the read state of that page only.
 */
export function listLiveNotifications(
  db: Executor,
  q: { target: AudienceTarget; userId: string | null; now: string; cursor: Cursor | null; limit: number },
) {
  const branches = audiencesOf(q.target).map((audience) =>
    db
      .selectFrom(
        liveOfAudience(db, audience, q.now, q.cursor)
          .select(['id', 'publishAt'])
          .limit(q.limit + 1)
          .as('b'),
      )
      .select(['b.id', 'b.publishAt']),
  );
  const merged = branches.slice(1).reduce((all, b) => all.unionAll(b), branches[0]!);
  // What a notification in a list shows (no bodies: the excerpt is stored plain).
  return db
    .selectFrom(merged.as('m'))
    .innerJoin('contentNotifications as n', 'n.id', 'm.id')
    .leftJoin('contentNotificationReads as r', (join) => join.onRef('r.notificationId', '=', 'n.id').on('r.userId', '=', q.userId ?? ''))
    .select(['n.id', 'n.titleLo', 'n.titleEn', 'n.excerptLo', 'n.excerptEn', 'n.audienceKind', 'n.link', 'n.publishAt', 'n.updatedAt'])
    .select('r.readAt')
    .orderBy('n.publishAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

export const findLiveNotification = (db: Executor, id: string, target: AudienceTarget, userId: string | null, now: string) =>
  liveNotificationsFor(db, target, userId, now).where('contentNotifications.id', '=', id).executeTakeFirst();

export const findLiveNotificationsByIds = (db: Executor, ids: string[], target: AudienceTarget, now: string) =>
  ids.length === 0 ? Promise.resolve([]) : liveNotificationsFor(db, target, null, now).where('contentNotifications.id', 'in', ids).execute();

/** The unread count stops here: the badge shows "99+" (decision 101). */
export const UNREAD_CAP = 99;

/**
 * How many live notifications addressed to the reader they have not opened, up to UNREAD_CAP + 1:
 * per audience, an index range probed against the reads' primary key that stops at the cap.
 */
export async function countUnread(db: Executor, target: AudienceTarget, userId: string, now: string): Promise<number> {
  const branches = audiencesOf(target).map((audience) =>
    db
      .selectFrom(
        liveOfAudience(db, audience, now, null)
          .select('contentNotifications.id')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('contentNotificationReads as r')
                  .select(sql`1`.as('one'))
                  .whereRef('r.notificationId', '=', 'contentNotifications.id')
                  .where('r.userId', '=', userId),
              ),
            ),
          )
          .limit(UNREAD_CAP + 1)
          .as('b'),
      )
      .select('b.id'),
  );
  const merged = branches.slice(1).reduce((all, b) => all.unionAll(b), branches[0]!);
  const row = await db
    .selectFrom(merged.as('m'))
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .executeTakeFirstOrThrow();
  return Math.min(Number(row.unread), UNREAD_CAP + 1);
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

// ---- search (decision 100) ---------------------------------------------------------------------

type DocKind = SearchDocumentsTable['docKind'];
export type SearchDocumentRow = Omit<SearchDocumentsTable, 'id'>;

const onPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Replaces the search row of one document (a new id: the most recently written come first among candidates). */
export async function replaceSearchDocument(db: Executor, doc: SearchDocumentRow) {
  await deleteSearchDocument(db, doc.docKind, doc.docId);
  const { id } = await db.insertInto('searchDocuments').values(doc).returning('id').executeTakeFirstOrThrow();
  if (!onPostgres(db))
    await db
      .insertInto('searchIndex')
      .values({ rowid: Number(id), matchAll: doc.matchAll, audience: audienceToken(doc.audienceKind, doc.audienceValue) })
      .execute();
}

export async function deleteSearchDocument(db: Executor, kind: DocKind, docId: string) {
  const old = await db.selectFrom('searchDocuments').select('id').where('docKind', '=', kind).where('docId', '=', docId).executeTakeFirst();
  if (!old) return;
  if (!onPostgres(db)) await db.deleteFrom('searchIndex').where('rowid', '=', Number(old.id)).execute();
  await db.deleteFrom('searchDocuments').where('id', '=', old.id).execute();
}

/** The plain-text excerpts a list shows, stored with the body. */
export const setExcerpts = (db: Executor, kind: 'post' | 'notification', id: string, excerptLo: string, excerptEn: string) =>
  db
    .updateTable(kind === 'post' ? 'contentPosts' : 'contentNotifications')
    .set({ excerptLo, excerptEn })
    .where('id', '=', id)
    .execute();

/**
 * The substring index is read newest-written first, at most this many matches (decision 100): the
 * visible ones among them are ranked. Bounds the work of a common word (a few milliseconds), while
 * every match of a rarer word is ranked.
 */
export const SEARCH_WINDOW = 2_000;

/** `pattern` occurs in `column`: instr/strpos, a plain substring test (no LIKE case folding to pay for). */
function containsText(db: Executor, column: string, pattern: string) {
  return onPostgres(db) ? sql<boolean>`strpos(${sql.ref(column)}, ${pattern}) > 0` : sql<boolean>`instr(${sql.ref(column)}, ${pattern}) > 0`;
}

/**
 * SQLite: a document's audience as a second column of the FTS5 index, so the index itself keeps to
 * what the reader may see (most notifications address one company: filtering after the index would
 * walk past thousands of other companies' rows). Delimited by U+0001, which no query pattern holds,
 * and sharing no trigram between kinds ("\u0001P\u0001" is one trigram).
 */
const AUDIENCE_MARK: Record<string, string> = { public: 'P', companies: 'A', company: 'c:', category: 'k:', size: 's:', province: 'p:' };
export const audienceToken = (kind: string, value: string | null) => `\u0001${AUDIENCE_MARK[kind] ?? `${kind}:`}${value ?? ''}\u0001`;

/** The reader's audiences as FTS5 audience tokens (a visitor: public only). */
function audienceMatch(target: AudienceTarget) {
  const of = (kind: string, value: string | null) => phrase(audienceToken(kind, value));
  if (target.kind === 'visitor') return `{audience} : ${of('public', null)}`;
  const tokens = [of('public', null), of('companies', null), of('company', target.companyId)];
  if (target.categoryId) tokens.push(of('category', target.categoryId));
  if (target.sizeId) tokens.push(of('size', target.sizeId));
  if (target.provinceCode) tokens.push(of('province', target.provinceCode));
  return `{audience} : (${tokens.join(' OR ')})`;
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled. */
const phrase = (pattern: string) => `"${pattern.replace(/"/g, '""')}"`;

/**
 * The visible documents that contain every pattern (`mode: 'all'`) or any of them, ranked in SQL:
 * per pattern the best field (title 3, summary 2, elsewhere 1), summed; ties newest first. The
 * substring index finds the candidates (FTS5 trigram MATCH on SQLite, LIKE over a pg_trgm GIN index
 * on PostgreSQL), newest written first, at most SEARCH_WINDOW; `offset`/`limit` page the ranking.
 */
export function searchDocuments(
  db: Executor,
  q: { patterns: string[]; mode: 'all' | 'any'; target: AudienceTarget; now: string; offset: number; limit: number },
) {
  // The newest SEARCH_WINDOW rows that contain the patterns and address this reader, from the index.
  let window;
  if (onPostgres(db)) {
    const like = q.patterns.map((p) => sql<boolean>`${sql.ref('d.matchAll')} like ${`%${likeEscape(p)}%`} escape '\\'`);
    window = db
      .selectFrom('searchDocuments as d')
      .select('d.id as hit')
      .where((eb) => (q.mode === 'all' ? eb.and(like) : eb.or(like)))
      .where((eb) => audienceOf(eb, q.target))
      .orderBy('d.id', 'desc')
      .limit(SEARCH_WINDOW);
  } else {
    const words = q.patterns.map(phrase).join(q.mode === 'all' ? ' AND ' : ' OR ');
    window = db
      .selectFrom('searchIndex')
      .select('rowid as hit')
      .where(sql<boolean>`search_index match ${`{match_all} : (${words}) AND ${audienceMatch(q.target)}`}`)
      .orderBy('rowid', 'desc')
      .limit(SEARCH_WINDOW);
  }
  // Per pattern: 3 in a title, 2 in a summary, else 1 (in mode 'any', 1 only if it is there at all).
  const score = sql.join(
    q.patterns.map(
      (p) =>
        sql`(case when ${containsText(db, 'd.matchTitle', p)} then 3 when ${containsText(db, 'd.matchSummary', p)} then 2 when ${
          q.mode === 'all' ? sql`1 = 1` : containsText(db, 'd.matchAll', p)
        } then 1 else 0 end)`,
    ),
    sql` + `,
  );
  // Ranked over the window's published rows (the window kept to the reader's audiences); only the
  // page's rows are read in full (for snippets).
  const ranked = db
    .selectFrom(window.as('w'))
    .innerJoin('searchDocuments as d', 'd.id', 'w.hit')
    .select(['d.id', 'd.shownAt'])
    .select(sql<number>`${score}`.as('score'))
    .where('d.status', '!=', 'draft')
    .where('d.publishAt', '<=', q.now)
    .orderBy('score', 'desc')
    .orderBy('d.shownAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(q.limit + 1)
    .offset(q.offset);
  return db
    .selectFrom(ranked.as('r'))
    .innerJoin('searchDocuments as d', 'd.id', 'r.id')
    .select(['d.docKind', 'd.docId', 'd.ref', 'd.shownAt', 'd.titleLo', 'd.titleEn', 'd.textLo', 'd.textEn', 'r.score'])
    .orderBy('r.score', 'desc')
    .orderBy('r.shownAt', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/** `audienceKind`/`audienceValue` address this reader (search rows carry a notification's audience; posts and pages are public). */
type SearchEb = ExpressionBuilder<Database & { d: SearchDocumentsTable }, 'd'>;
function audienceOf(eb: SearchEb, target: AudienceTarget) {
  if (target.kind === 'visitor') return eb('d.audienceKind', '=', 'public');
  const one = (kind: 'category' | 'size' | 'province' | 'company', value: string | null) =>
    value === null ? sql<boolean>`1 = 0` : eb.and([eb('d.audienceKind', '=', kind), eb('d.audienceValue', '=', value)]);
  return eb.or([
    eb('d.audienceKind', 'in', ['public', 'companies']),
    one('company', target.companyId),
    one('category', target.categoryId),
    one('size', target.sizeId),
    one('province', target.provinceCode),
  ]);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
