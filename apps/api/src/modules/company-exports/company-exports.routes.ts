import { CompanyExport, CompanyExportList, CompanyExportPaths, IdParams } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { companyOf } from '../../plugins/access';
import {
  buildExport,
  downloadExport,
  EXPORT_BUILD_JOB,
  EXPORT_CLEANUP_JOB,
  listExports,
  removeExpiredExports,
  requestExport,
} from './company-exports.service';

const companyExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.jobs.register(EXPORT_BUILD_JOB, (payload, { deps: jobDeps, lastAttempt }) => buildExport(jobDeps, String(payload.exportId), lastAttempt));
  app.jobs.register(EXPORT_CLEANUP_JOB, (_payload, { deps: jobDeps }) => removeExpiredExports(jobDeps), { every: 3_600_000 });

  app.post(
    CompanyExportPaths.exports,
    {
      config: { audience: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: 'Ask for a zip of all the company’s records (prepared by a job, then mailed)',
        response: { 202: CompanyExport },
      },
    },
    async (request, reply) => reply.code(202).send(await requestExport(deps, actorOf(request), request.principal!, companyOf(request.principal))),
  );
  app.get(
    CompanyExportPaths.exports,
    {
      config: { audience: 'companyAdmin' },
      schema: { tags: ['companies'], summary: 'The company’s exports that are not expired', response: { 200: CompanyExportList } },
    },
    async (request) => listExports(deps, companyOf(request.principal)),
  );
  app.get(
    CompanyExportPaths.download,
    {
      // The company's users and staff admins; anyone else is answered 404 by the service.
      config: { audience: 'account' },
      schema: { tags: ['companies'], summary: 'Download an export (zip) until it expires', params: IdParams },
    },
    async (request, reply) => downloadExport(deps, actorOf(request), request, reply, request.params.id),
  );
  app.post(
    CompanyExportPaths.staffExports,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags: ['staff'], summary: 'Make the export of a company (audited)', params: IdParams, response: { 202: CompanyExport } },
    },
    async (request, reply) => reply.code(202).send(await requestExport(deps, actorOf(request), request.principal!, request.params.id)),
  );
  app.get(
    CompanyExportPaths.staffExports,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags: ['staff'], summary: 'A company’s exports that are not expired', params: IdParams, response: { 200: CompanyExportList } },
    },
    async (request) => listExports(deps, request.params.id),
  );
};

export default companyExportsRoutes;
