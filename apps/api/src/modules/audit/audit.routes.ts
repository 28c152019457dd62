import { AuditPage, AuditPaths, AuditQuery } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/i18n';
import { listAudit } from './audit.service';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    AuditPaths.list,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags: ['staff'], summary: 'The audit log, newest first, with filters', querystring: AuditQuery, response: { 200: AuditPage } },
    },
    async (request) => listAudit(app.deps, requestLanguage(request.headers['accept-language']), request.query),
  );
};

export default auditRoutes;
