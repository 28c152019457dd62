import { AuditCsvQuery, AuditPage, AuditPaths, AuditQuery } from '@bansi/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentLanguage, requestLanguage } from '../../lib/i18n';
import { auditCsv, listAudit } from './audit.service';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    AuditPaths.list,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags: ['staff'], summary: 'The audit log, newest first, with filters', querystring: AuditQuery, response: { 200: AuditPage } },
    },
    async (request) => listAudit(app.deps, requestLanguage(request.headers['accept-language']), request.query),
  );
  app.get(
    AuditPaths.csv,
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags: ['staff'],
        summary: "The filtered audit log as CSV, in the reader's language",
        querystring: AuditCsvQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const csv = await auditCsv(app.deps, documentLanguage(request), request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store');
      return csv;
    },
  );
};

export default auditRoutes;
