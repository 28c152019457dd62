import { ApiIndex, Health, Problem } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version';
import { pingDb } from '../../db/index';
import { AppError } from '../../lib/errors';

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  app.get(
    '',
    {
      config: { audience: 'public' },
      schema: { tags: ['platform'], summary: 'What this API is and what it serves', response: { 200: ApiIndex } },
    },
    async () => ({
      name: 'accounting-document-system',
      version: APP_VERSION,
      year: config.CURRENT_YEAR,
      bookYear: config.BOOK_YEAR,
      provider: {
        nameLo: config.PROVIDER_NAME_LO,
        nameEn: config.PROVIDER_NAME_EN,
        descriptionLo: config.PROVIDER_DESCRIPTION_LO,
        descriptionEn: config.PROVIDER_DESCRIPTION_EN,
        phones: config.PROVIDER_PHONES,
        email: config.PROVIDER_EMAIL,
        hours: { from: config.PROVIDER_HOURS_FROM, to: config.PROVIDER_HOURS_TO },
        copyrightYear: config.COPYRIGHT_YEAR,
        copyrightHolder: config.COPYRIGHT_HOLDER,
      },
      links: { docs: '/api/docs', openapi: '/api/docs/json', health: '/healthz', ready: '/readyz' },
    }),
  );
};

export default platformRoutes;

/** Liveness and readiness live at the root, outside the API base, as load balancers expect. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { config: { audience: 'public' }, schema: { tags: ['platform'], summary: 'Liveness: the process answers', response: { 200: Health } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/readyz',
    {
      config: { audience: 'public' },
      schema: { tags: ['platform'], summary: 'Ready when the database answers', response: { 200: Health, 503: Problem } },
    },
    async (request) => {
      try {
        await pingDb(app.db);
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
        throw new AppError(503, 'NOT_READY');
      }
      return { status: 'ok' as const };
    },
  );
};
