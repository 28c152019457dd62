import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../../db/schema';
import { audienceToken, optimizeSearchIndex } from './content.repository';
import type { SearchDocumentsTable } from './content.tables';
import { onPostgres } from '../../db/dialect';

// Search at the size of the country, second step (issue 17, decision 100): SQLite's FTS5 index gets
// one-trigram audience tokens; PostgreSQL's planner gets the statistics to see which notification
// audiences are large (decision 101).

const PAGE = 2_000;

/** The tokens 202611241400_content_search wrote: kind and value as text (`\u0001c:<uuid>\u0001`), ~38 trigrams each. */
const LONG_MARK: Record<string, string> = { public: 'P', companies: 'A', company: 'c:', category: 'k:', size: 's:', province: 'p:' };
const longToken = (kind: string, value: string | null) => `\u0001${LONG_MARK[kind] ?? `${kind}:`}${value ?? ''}\u0001`;

/** Rebuilds the FTS5 index from `search_documents` (an FTS5 table's columns cannot be altered). */
async function rebuildSqliteIndex(db: Kysely<Database>, token: (kind: SearchDocumentsTable['audienceKind'], value: string | null) => string) {
  await sql`drop table search_index`.execute(db);
  await sql`create virtual table search_index using fts5(match_all, audience, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('searchDocuments')
      .select(['id', 'matchAll', 'audienceKind', 'audienceValue'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    for (let i = 0; i < rows.length; i += 400) {
      await db
        .insertInto('searchIndex')
        .values(rows.slice(i, i + 400).map((r) => ({ rowid: Number(r.id), matchAll: r.matchAll, audience: token(r.audienceKind, r.audienceValue) })))
        .execute();
    }
    after = Number(rows.at(-1)!.id);
  }
  await optimizeSearchIndex(db);
}

export const contentSearchAudienceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (onPostgres(db)) {
      // A reader's notification list and unread count take one index range per audience (decision 101).
      // The planner misjudged the large ones: most audience values (one company) have a row or two, so
      // the 100 most common values ANALYZE keeps missed a province with 700 notifications, and it
      // multiplied P(kind) by P(value) although a value belongs to one kind (a province code is never a
      // company's). It then expected 87 rows instead of 694, took a bitmap scan and sorted them all
      // instead of walking the index backwards for the newest 21 (unread count 11 ms → 4 ms, bench data).
      await sql`alter table content_notifications alter column audience_value set statistics 1000`.execute(db);
      await sql`create statistics content_notifications_audience (dependencies) on audience_kind, audience_value from content_notifications`.execute(
        db,
      );
      return;
    }
    await rebuildSqliteIndex(db as unknown as Kysely<Database>, audienceToken);
  },
  async down(db: Kysely<unknown>) {
    if (onPostgres(db)) {
      await sql`drop statistics content_notifications_audience`.execute(db);
      await sql`alter table content_notifications alter column audience_value set statistics -1`.execute(db);
      return;
    }
    await rebuildSqliteIndex(db as unknown as Kysely<Database>, longToken);
  },
};
