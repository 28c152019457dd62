import type { FeedFilingPage, FeedPaymentPage, FeedQuery, Language } from '@bansi/shared';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { Deps } from '../../lib/deps';
import { listFeedEntries } from './feeds.repository';
import type { FeedEntriesTable } from './feeds.tables';

const SEQ = ['number'] as const;

/**
 * A page of a feed after the cursor `since` (decision 241): keyset by `seq`, the commit order. The next
 * cursor is always given — after the last entry, or the same place on an empty page — for the client to
 * keep and ask with next time.
 */
async function readFeed(deps: Deps, lang: Language, feed: FeedEntriesTable['feed'], q: FeedQuery) {
  const after = decodeCursor(deps, lang, q.since, SEQ)?.[0] ?? 0;
  const rows = await listFeedEntries(deps.db, feed, after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.length ? Number(page[page.length - 1]!.seq) : after;
  return {
    items: page.map((r) => ({ seq: Number(r.seq), ...(JSON.parse(r.item) as object) })),
    nextCursor: encodeCursor([last]),
    more: rows.length > q.limit,
  };
}

export const readFilingsFeed = (deps: Deps, lang: Language, q: FeedQuery) => readFeed(deps, lang, 'filings', q) as Promise<FeedFilingPage>;
export const readPaymentsFeed = (deps: Deps, lang: Language, q: FeedQuery) => readFeed(deps, lang, 'payments', q) as Promise<FeedPaymentPage>;
