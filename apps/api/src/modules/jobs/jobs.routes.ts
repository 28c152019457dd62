import { AuditPaths, IdParams, Job, JobPage, JobQuery } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { requestLanguage } from '../../lib/i18n';
import { listJobs, retryJob } from './jobs.service';

const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff'];
  app.get(
    AuditPaths.jobs,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: 'Background jobs (e.g. ?status=failed)', querystring: JobQuery, response: { 200: JobPage } },
    },
    async (request) => listJobs(app.deps, requestLanguage(request.headers['accept-language']), request.query),
  );
  app.post(
    AuditPaths.retryJob,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: 'Send a failed job back to the queue', params: IdParams, response: { 200: Job } },
    },
    async (request) => retryJob(app.deps, actorOf(request), request.params.id),
  );
};

export default jobsRoutes;
