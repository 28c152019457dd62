import { FeedFilingPage, FeedPaths, FeedPaymentPage, FeedQuery } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/i18n';
import { enqueueJob } from '../jobs';
import { backfillFeeds, FEED_BACKFILL_JOB } from './feeds.backfill';
import { readFilingsFeed, readPaymentsFeed } from './feeds.service';

/**
 * The pull feeds of the service's own software (issue 32; docs/api-clients.md): called with an API key
 * holding the scope, or by staff signed in (to look at them).
 */
const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The backfill of what came before the feeds (decision 242): queued at start under its unique key, so it is
  // queued once however many processes start, and does nothing when the feeds already list everything.
  app.jobs.register(FEED_BACKFILL_JOB, async (_payload, { deps }) => void (await backfillFeeds(deps)));
  app.addHook('onReady', () => enqueueJob(app.deps.db, FEED_BACKFILL_JOB, {}, { uniqueKey: FEED_BACKFILL_JOB }));
  const tags = ['feeds'];
  const lang = (h: string | undefined) => requestLanguage(h);
  app.get(
    FeedPaths.filings,
    {
      config: { audience: 'staff', scope: 'filings:read' },
      schema: {
        tags,
        summary: 'Accepted filings and notes, in commit order (?since=<cursor>)',
        querystring: FeedQuery,
        response: { 200: FeedFilingPage },
      },
    },
    async (request) => readFilingsFeed(app.deps, lang(request.headers['accept-language']), request.query),
  );
  app.get(
    FeedPaths.payments,
    {
      config: { audience: 'staff', scope: 'payments:read' },
      schema: {
        tags,
        summary: 'Payments and reversals, in commit order (?since=<cursor>)',
        querystring: FeedQuery,
        response: { 200: FeedPaymentPage },
      },
    },
    async (request) => readPaymentsFeed(app.deps, lang(request.headers['accept-language']), request.query),
  );
};

export default feedsRoutes;
