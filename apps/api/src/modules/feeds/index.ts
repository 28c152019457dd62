/**
 * The public face of the feeds module (decision 197). Features floor: its entries are written by the
 * subscribers it exports (wired in modules/subscribers.ts); the filings it lists, and what its one-time
 * backfill writes, come through ports.
 */
export { backfillFeeds, feedBackfillSources, FEED_BACKFILL_JOB, type FeedBackfillSources, type PaymentFacts } from './feeds.backfill';
export { feedFilings, recordAcceptedFiling, recordAcceptedNotes, recordPayment, recordReversal, type FeedFilingFacts } from './feeds.record';
export { default as feedsRoutes } from './feeds.routes';
