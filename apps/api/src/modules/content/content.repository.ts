import type { ContentStatus, ImageVariant, PostCategory } from '@bansi/shared';
import { createHash } from 'node:crypto';
import { type ExpressionBuilder, type Insertable, type RawBuilder, type Selectable, type Updateable, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../lib/deps';
import { likeEscape } from '../../lib/like';
import type {
  ContentImageVariantsTable,
  ContentImagesTable,
  ContentNotificationsTable,
  ContentPagesTable,
  ContentPostsTable,
  SearchDocumentsTable,
} from './content.tables';
import type { AudienceTarget } from './content.policy';
import { afterKeyset } from '../../db/keyset';
import { compiledOnce, preparedQuery } from '../../db/prepared';
import { onPostgres } from '../../db/dialect';

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
function after(column: 'publishAt' | 'updatedAt', cursor: Cursor | null) {
  if (!cursor) return sql<boolean>`1 = 1`;
  return afterKeyset([column, 'id'], 'desc', [cursor.key, cursor.id]);
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
    .where(after('updatedAt', q.cursor))
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
export const listLivePosts = (db: Executor, q: { now: string; category?: PostCategory; cursor: Cursor | null; limit: number }) =>
  livePostPage(db, { ...q, limit: q.limit + 1 });

/** `limit` rows of the live posts (callers ask for one more than a page, to know whether there is a next). */
const livePostPage = preparedQuery((db, q: { now: string; category?: PostCategory; cursor: Cursor | null; limit: number }) =>
  db
    .selectFrom('contentPosts')
    .select(POST_CARD)
    .where((eb) => isLive(eb, q.now))
    .$if(q.category !== undefined, (qb) => qb.where('category', '=', q.category!))
    .where(after('publishAt', q.cursor))
    .orderBy('publishAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit),
);

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
    .where(after('updatedAt', q.cursor))
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
type Audience = [ContentNotificationsTable['audienceKind'], string | null];

function audiencesOf(target: AudienceTarget): Audience[] {
  if (target.kind === 'visitor') return [['public', null]];
  const out: Audience[] = [
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
function liveOfAudience(db: Executor, [kind, value]: Audience, now: string, cursor: Cursor | null) {
  return db
    .selectFrom('contentNotifications')
    .where('audienceKind', '=', kind)
    .where('audienceValue', value === null ? 'is' : '=', value)
    .where('status', '!=', 'draft')
    .where('publishAt', '<=', now)
    .where(after('publishAt', cursor))
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
  return liveNotificationPage(db, { audiences: audiencesOf(q.target), userId: q.userId, now: q.now, cursor: q.cursor, limit: q.limit + 1 });
}

// Built once per shape (db/prepared.ts): the audiences are passed as values (their count and which
// have no value decide the SQL), never the target, whose kind the builder would compare in JS.
const liveNotificationPage = preparedQuery(
  (db, q: { audiences: Audience[]; userId: string | null; now: string; cursor: Cursor | null; limit: number }) => {
    const branches = q.audiences.map((audience) =>
      db.selectFrom(liveOfAudience(db, audience, q.now, q.cursor).select(['id', 'publishAt']).limit(q.limit).as('b')).select(['b.id', 'b.publishAt']),
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
      .limit(q.limit);
  },
);

export const findLiveNotification = (db: Executor, id: string, target: AudienceTarget, userId: string | null, now: string) =>
  liveNotificationsFor(db, target, userId, now).where('contentNotifications.id', '=', id).executeTakeFirst();

export const findLiveNotificationsByIds = (db: Executor, ids: string[], target: AudienceTarget, now: string) =>
  ids.length === 0 ? Promise.resolve([]) : liveNotificationsFor(db, target, null, now).where('contentNotifications.id', 'in', ids).execute();

/** The unread count stops here: the badge shows "99+" (decision 101). */
export const UNREAD_CAP = 99;

/**
 * How many live notifications addressed to the reader they have not opened, up to UNREAD_CAP + 1:
 * per audience, an index range probed against the reads' primary key that stops at the cap, and
 * the union of them stopping at the cap too.
 */
export async function countUnread(db: Executor, target: AudienceTarget, userId: string, now: string): Promise<number> {
  const [row] = await unreadCount(db, { audiences: audiencesOf(target), userId, now });
  return Math.min(Number(row!.unread), UNREAD_CAP + 1);
}

const unreadCount = preparedQuery((db, q: { audiences: Audience[]; userId: string; now: string }) => {
  const branches = q.audiences.map((audience) =>
    db
      .selectFrom(
        liveOfAudience(db, audience, q.now, null)
          .select('contentNotifications.id')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('contentNotificationReads as r')
                  .select(sql`1`.as('one'))
                  .whereRef('r.notificationId', '=', 'contentNotifications.id')
                  .where('r.userId', '=', q.userId),
              ),
            ),
          )
          .limit(UNREAD_CAP + 1)
          .as('b'),
      )
      .select('b.id'),
  );
  const merged = branches.slice(1).reduce((all, b) => all.unionAll(b), branches[0]!);
  // The cap once more over the union: the database stops at the cap's row, so a reader with 100 unread
  // in the first audience has the rest never read (each branch counted up to the cap: 3.1 ms for 500 rows
  // on the bench's PostgreSQL data).
  const capped = db
    .selectFrom(merged.as('m'))
    .select('m.id')
    .limit(UNREAD_CAP + 1);
  return db.selectFrom(capped.as('c')).select((eb) => eb.fn.countAll<number>().as('unread'));
});

export async function markRead(db: Executor, notificationId: string, userId: string, now: string) {
  await db
    .insertInto('contentNotificationReads')
    .values({ notificationId, userId, readAt: now })
    .onConflict((oc) => oc.columns(['notificationId', 'userId']).doNothing())
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
    .where(after('updatedAt', q.cursor))
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

/** Rows per multi-row INSERT (16 columns: well under both databases' limits on bound parameters). */
const INSERT_BATCH = 400;

/**
 * Writes the search rows of documents that have none (a new id each: the most recently written come
 * first among candidates), and on SQLite their entries of the FTS5 index; in batches.
 */
export async function insertSearchDocuments(db: Executor, docs: SearchDocumentRow[]) {
  for (let i = 0; i < docs.length; i += INSERT_BATCH) {
    const batch = docs.slice(i, i + INSERT_BATCH);
    const written = await db.insertInto('searchDocuments').values(batch).returning(['id', 'docKind', 'docId']).execute();
    if (onPostgres(db)) continue;
    // RETURNING's row order is not promised (SQLite documents it as arbitrary): match by document.
    const idOf = new Map(written.map((w) => [`${w.docKind}:${w.docId}`, Number(w.id)]));
    await db
      .insertInto('searchIndex')
      .values(
        batch.map((d) => ({
          rowid: idOf.get(`${d.docKind}:${d.docId}`)!,
          matchAll: d.matchAll,
          audience: audienceToken(d.audienceKind, d.audienceValue),
        })),
      )
      .execute();
  }
}

/**
 * SQLite, after a bulk load (a rebuild, a seed): merges the FTS5 index into one segment. Writes of one
 * document at a time are merged as they go (FTS5's automerge); many documents written in a few
 * transactions leave dozens of segments, each read by every query (bench data: a rare word 6.1 ms
 * before, 0.8 ms after; 7 s for 100,000 documents).
 */
export async function optimizeSearchIndex(db: Executor) {
  if (!onPostgres(db)) await sql`insert into search_index (search_index) values ('optimize')`.execute(db);
}

/** Replaces the search row of one document. */
export async function replaceSearchDocument(db: Executor, doc: SearchDocumentRow) {
  await deleteSearchDocument(db, doc.docKind, doc.docId);
  await insertSearchDocuments(db, [doc]);
}

export async function deleteSearchDocument(db: Executor, kind: DocKind, docId: string) {
  const old = await db.selectFrom('searchDocuments').select('id').where('docKind', '=', kind).where('docId', '=', docId).executeTakeFirst();
  if (!old) return;
  if (!onPostgres(db)) await db.deleteFrom('searchIndex').where('rowid', '=', Number(old.id)).execute();
  await db.deleteFrom('searchDocuments').where('id', '=', old.id).execute();
}

/** The plain-text excerpts lists show, stored with the body; many documents per statement. */
export async function setExcerpts(db: Executor, kind: 'post' | 'notification', rows: Array<{ id: string; excerptLo: string; excerptEn: string }>) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    // A VALUES list names its columns column1… on both databases (SQLite takes no alias list).
    const values = sql.join(rows.slice(i, i + INSERT_BATCH).map((r) => sql`(${r.id}, ${r.excerptLo}, ${r.excerptEn})`));
    const table = kind === 'post' ? 'content_posts' : 'content_notifications';
    await sql`update ${sql.table(table)} set excerpt_lo = v.column2, excerpt_en = v.column3
      from (values ${values}) as v where ${sql.ref(`${table}.id`)} = v.column1`.execute(db);
  }
}

/**
 * The substring index is read newest-written first, this many matches at a time (decision 100): the
 * visible ones among them are ranked, and "more results" goes on to the next, older window once a window's
 * ranking is read. Bounds the work of a common word, while every match of a rarer word is ranked at once.
 */
export const SEARCH_WINDOW = 500;

/**
 * PostgreSQL (decision 100): a GIN index answers "which rows contain p" but not in id order, so the
 * newest matches of a common word would cost a recheck of every match. Candidates are first looked
 * for among the newest RECENT_ROWS rows (a backwards walk of the primary key, a substring test per
 * row, stopping at SEARCH_WINDOW matches); only when fewer than RECENT_ENOUGH are there, a rarer
 * word, does the trigram index look through the older rows (every one of its few matches).
 */
export const RECENT_ROWS = 2_000;
export const RECENT_ENOUGH = 100;

/** The file of a SQLite database ('' in memory), null on PostgreSQL: the search worker opens it too. */
export async function sqliteFile(db: Executor): Promise<string | null> {
  if (onPostgres(db)) return null;
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return rows.find((r) => r.name === 'main')?.file ?? '';
}

/** `pattern` occurs in `column`: instr/strpos, a plain substring test (no LIKE case folding to pay for). */
function containsText(db: Executor, column: string, pattern: string) {
  return onPostgres(db) ? sql<boolean>`strpos(${sql.ref(column)}, ${pattern}) > 0` : sql<boolean>`instr(${sql.ref(column)}, ${pattern}) > 0`;
}

/**
 * SQLite: a document's audience as the second column of the FTS5 index, so the index itself keeps
 * to what the reader may see (most notifications address one company: filtering after the index
 * would walk past thousands of other companies' rows). Each audience is exactly three characters,
 * one trigram, so a reader's six audiences are six doclists: a kind letter (case-insensitively
 * distinct: the tokenizer folds case) and, for a value, two private-use characters from its hash
 * (U+E000 + 6,400 values each; public and all companies have U+0001 twice). Tokens written as
 * text plus a UUID were phrases of ~38 trigrams each, and a company user's OR of them cost
 * 3–25 ms per search (decision 100). Two values of a kind may share a token (about one pair in 41
 * million): the ranking checks the audience columns exactly, so that costs a candidate, never a leak.
 */
const AUDIENCE_MARK: Record<SearchDocumentsTable['audienceKind'], string> = {
  public: 'P',
  companies: 'A',
  company: 'C',
  category: 'K',
  size: 'S',
  province: 'R',
};
const hashChar = (n: number) => String.fromCharCode(0xe000 + (n % 6400));
export function audienceToken(kind: SearchDocumentsTable['audienceKind'], value: string | null) {
  const mark = AUDIENCE_MARK[kind];
  if (value === null) return `${mark}\u0001\u0001`;
  const h = createHash('sha256').update(value).digest();
  return `${mark}${hashChar(h.readUInt16BE(0))}${hashChar(h.readUInt16BE(2))}`;
}

/** The reader's audiences as FTS5 audience tokens (a visitor: public only). */
function audienceMatch(audiences: Audience[]) {
  const tokens = audiences.map(([kind, value]) => phrase(audienceToken(kind, value)));
  return `{audience} : (${tokens.join(' OR ')})`;
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled. */
const phrase = (pattern: string) => `"${pattern.replace(/"/g, '""')}"`;

export interface SearchQuery {
  patterns: string[];
  mode: 'all' | 'any';
  target: AudienceTarget;
  now: string;
  offset: number;
  limit: number;
  /** the window: matches whose index row is below this one (0 or absent: the newest matches) */
  before?: number;
  /** for tests: the window's size (SEARCH_WINDOW) and PostgreSQL's older-rows branch */
  window?: number;
  recentRows?: number;
}

/**
 * The visible documents that contain every pattern (`mode: 'all'`) or any of them, ranked in SQL:
 * per pattern the best field (title 3, summary 2, elsewhere 1), summed; ties newest first. The
 * substring index finds the candidates, newest written first, at most SEARCH_WINDOW (SQLite: FTS5
 * trigram MATCH, which walks its doclists in rowid order; PostgreSQL: see RECENT_ROWS);
 * `offset`/`limit` page the ranking.
 */
export const searchDocuments = async (db: Executor, q: SearchQuery) => (await db.executeQuery(searchDocumentsQuery(db, q))).rows;
export type SearchResultRow = Awaited<ReturnType<typeof searchDocuments>>[number];

/**
 * The compiled query of `searchDocuments`, unexecuted (SQLite runs it in the search worker,
 * content.search-pool.ts). Compiled once per shape (`compiledOnce`: the number of patterns, the mode,
 * which audiences; the values are parameters) and a named statement on PostgreSQL: its windows are
 * written so that a generic plan takes the same paths as a custom one (measured in decision 110).
 */
export function searchDocumentsQuery(db: Executor, q: SearchQuery) {
  const audiences = audiencesOf(q.target);
  const postgres = onPostgres(db);
  return compiledSearch(db, {
    patterns: q.patterns,
    mode: q.mode,
    audiences,
    // The index's own query language, built here: the builder may not compute with the values.
    match: postgres ? '' : `{match_all} : (${q.patterns.map(phrase).join(q.mode === 'all' ? ' AND ' : ' OR ')}) AND ${audienceMatch(audiences)}`,
    likes: postgres ? q.patterns.map((p) => `%${likeEscape(p)}%`) : [],
    recentRows: q.recentRows ?? RECENT_ROWS,
    window: q.window ?? SEARCH_WINDOW,
    before: q.before ?? 0,
    now: q.now,
    fetch: q.limit + 1,
    offset: q.offset,
  });
}

interface SearchParams {
  patterns: string[];
  mode: 'all' | 'any';
  audiences: Audience[];
  /** SQLite: the FTS5 MATCH expression of the patterns and the audiences */
  match: string;
  /** PostgreSQL: the LIKE patterns of the patterns */
  likes: string[];
  recentRows: number;
  window: number;
  before: number;
  now: string;
  fetch: number;
  offset: number;
}

const compiledSearch = compiledOnce(
  (db: Executor, q: SearchParams) => {
    const window = onPostgres(db) ? postgresWindow(db, q) : sqliteWindow(db, q);
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
    // Ranked over the window's visible rows (published, and addressed to the reader: exactly, whatever
    // the index kept); only the page's rows are read in full (for snippets). Each row also says how many
    // matches the window held and its oldest, where the next window starts.
    return db
      .with('w', () => window)
      .with('r', (qc) =>
        qc
          .selectFrom('w')
          .innerJoin('searchDocuments as d', 'd.id', 'w.hit')
          .select(['d.id', 'd.shownAt'])
          .select(sql<number>`${score}`.as('score'))
          .where('d.status', '!=', 'draft')
          .where('d.publishAt', '<=', q.now)
          .where((eb) => audienceOf(eb, q.audiences))
          .orderBy('score', 'desc')
          .orderBy('d.shownAt', 'desc')
          .orderBy('d.id', 'desc')
          .limit(q.fetch)
          .offset(q.offset),
      )
      .selectFrom('r')
      .innerJoin('searchDocuments as d', 'd.id', 'r.id')
      .select(['d.docKind', 'd.docId', 'd.ref', 'd.shownAt', 'd.titleLo', 'd.titleEn', 'd.textLo', 'd.textEn', 'r.score'])
      .select(sql<number>`(select count(*) from w)`.as('windowCount'))
      .select(sql<number>`(select min(hit) from w)`.as('windowLow'))
      .orderBy('r.score', 'desc')
      .orderBy('r.shownAt', 'desc')
      .orderBy('r.id', 'desc');
  },
  { shapeKeys: ['mode', 'recentRows', 'window'], named: true },
);

/** SQLite: the newest `window` index entries (below `before`) that contain the patterns and carry one of the reader's audience tokens. */
function sqliteWindow(db: Executor, q: SearchParams) {
  return db
    .selectFrom('searchIndex')
    .select('rowid as hit')
    .where(sql<boolean>`search_index match ${q.match}`)
    .$if(!!q.before, (w) => w.where(sql<boolean>`rowid < ${q.before}`))
    .orderBy('rowid', 'desc')
    .limit(sql.lit(q.window));
}

/**
 * PostgreSQL: the newest `window` matches among the newest `recentRows` rows (below `before`); when fewer
 * than RECENT_ENOUGH, every match among the older rows too. The recent branch tests with strpos, which no
 * index answers, so whatever the planner estimates (or a generic plan of a prepared statement) it walks
 * the primary key backwards from the top and stops at the window; the older branch uses LIKE, which
 * the trigram index answers, without ORDER BY/LIMIT of its own so that a backwards walk of all rows is
 * never the cheaper-looking plan. A one-time filter on the recent branch's count decides whether the
 * older branch runs at all.
 */
function postgresWindow(db: Executor, q: SearchParams) {
  const join = (tests: RawBuilder<boolean>[]) => sql.join(tests, q.mode === 'all' ? sql` and ` : sql` or `);
  const strpos = join(q.patterns.map((p) => sql<boolean>`strpos(d.match_all, ${p}) > 0`));
  const like = join(q.likes.map((p) => sql<boolean>`d.match_all like ${p} escape '\\'`));
  const top = q.before ? sql`${q.before}::bigint - 1` : sql`(select coalesce(max(id), 0) from search_documents)`;
  const since = sql`${top} - ${sql.lit(q.recentRows)}`;
  return db
    .with('recent', (w) =>
      w
        .selectFrom('searchDocuments as d')
        .select('d.id as hit')
        .where(sql<boolean>`d.id > ${since}`)
        .$if(!!q.before, (r) => r.where(sql<boolean>`d.id < ${q.before}`))
        .where(sql<boolean>`(${strpos})`)
        .where((eb) => audienceOf(eb, q.audiences))
        .orderBy('d.id', 'desc')
        .limit(sql.lit(q.window)),
    )
    .with('older', (w) =>
      w
        .selectFrom('searchDocuments as d')
        .select('d.id as hit')
        .where(sql<boolean>`(select count(*) from recent) < ${sql.lit(RECENT_ENOUGH)}`)
        // `+ 0`: not a range of the primary key, so the trigram index is this branch's one way in.
        .where(sql<boolean>`d.id + 0 <= ${since}`)
        .where(sql<boolean>`(${like})`)
        .where((eb) => audienceOf(eb, q.audiences)),
    )
    .selectFrom((eb) => eb.selectFrom('recent').select('hit').unionAll(eb.selectFrom('older').select('hit')).as('c'))
    .select('c.hit')
    .orderBy('c.hit', 'desc')
    .limit(sql.lit(q.window));
}

/**
 * `audienceKind`/`audienceValue` address this reader: the audiences of the notification lists
 * (search rows carry a notification's audience; posts and pages are public).
 */
type SearchEb = ExpressionBuilder<Database & { d: SearchDocumentsTable }, 'd'>;
function audienceOf(eb: SearchEb, audiences: Audience[]) {
  return eb.or(
    audiences.map(([kind, value]) =>
      value === null ? eb('d.audienceKind', '=', kind) : eb.and([eb('d.audienceKind', '=', kind), eb('d.audienceValue', '=', value)]),
    ),
  );
}

/** Posts by id, as the audit log names them. */
export const listPostTitles = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('contentPosts').select(['id', 'titleLo', 'titleEn']).where('id', 'in', ids).execute();

/** Notifications by id, as the audit log names them. */
export const listNotificationTitles = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('contentNotifications').select(['id', 'titleLo', 'titleEn']).where('id', 'in', ids).execute();
