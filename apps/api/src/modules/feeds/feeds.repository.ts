import type { Executor } from '../../lib/deps';
import type { FeedEntriesTable } from './feeds.tables';

export async function insertFeedEntry(db: Executor, row: FeedEntriesTable) {
  await db.insertInto('feedEntries').values(row).execute();
}

/** The entries after `afterSeq`, in feed order (`limit` rows: the caller asks one more than it shows). */
export const listFeedEntries = (db: Executor, feed: FeedEntriesTable['feed'], afterSeq: number, limit: number) =>
  db.selectFrom('feedEntries').select(['seq', 'item']).where('feed', '=', feed).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();

/** What a feed already lists, by kind and subject (the backfill skips those). */
export const listFeedSubjects = (db: Executor, feed: FeedEntriesTable['feed']) =>
  db.selectFrom('feedEntries').select(['kind', 'subjectId']).where('feed', '=', feed).execute();
