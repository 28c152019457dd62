import { SmeThresholdCell, SmeThresholdCellRecord, SmeThresholdList, SmeThresholdPaths } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { addThresholdCell, listThresholds } from './sme-thresholds.service';

const smeThresholdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reference'];
  // Staff admins add cells: served no-cache so the next request (a submission form, the staff grid) sees them.
  app.get(
    SmeThresholdPaths.list,
    { config: { audience: 'public' }, schema: { tags, summary: 'The SME size thresholds in force', response: { 200: SmeThresholdList } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return listThresholds(app.deps);
    },
  );
  app.post(
    SmeThresholdPaths.staffCreate,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: 'Add an SME threshold cell', body: SmeThresholdCell, response: { 201: SmeThresholdCellRecord } },
    },
    async (request, reply) => reply.code(201).send(await addThresholdCell(app.deps, request.principal!, request.body, actorOf(request))),
  );
};

export default smeThresholdsRoutes;
