/**
 * The pull feeds' entries (issue 32, decision 241): one row per accepted filing or notes (`filings`) and per
 * payment or reversal (`payments`), written in the transaction that accepted or paid. `seq` is the entry's
 * place in its feed, taken from a counter whose row stays locked until that transaction commits: the
 * numbers follow the commit order, so a reader that has seen `seq` n has seen every entry below it.
 */
export interface FeedEntriesTable {
  feed: 'filings' | 'payments';
  seq: number;
  kind: string;
  subjectId: string;
  companyId: string;
  /** JSON: the entry as the feed shows it (FeedFiling or FeedPayment without `seq`), composed when it happened */
  item: string;
  recordedAt: string;
}

export interface FeedsTables {
  feedEntries: FeedEntriesTable;
}
