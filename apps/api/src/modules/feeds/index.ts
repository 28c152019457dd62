/**
 * The public face of the feeds module (decision 197). Features floor: its entries are written by the
 * subscribers it exports (wired in modules/subscribers.ts); the filings it lists come through a port.
 */
export { feedFilings, recordAcceptedFiling, recordAcceptedNotes, recordPayment, recordReversal, type FeedFilingFacts } from './feeds.record';
export { default as feedsRoutes } from './feeds.routes';
