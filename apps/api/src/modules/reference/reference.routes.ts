import { District, Items, Place, ReferenceItem, ReferenceList, ReferenceListQuery, ReferencePaths } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDistricts, listItems, listProvinces, listVillages } from './reference.repository';
import { presentItem } from './reference.presenter';

const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;
  const tags = ['reference'];
  const cache = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'public, max-age=300');

  app.get(ReferencePaths.provinces, { config: { audience: 'public' }, schema: { tags, response: { 200: Items(Place) } } }, async (_req, reply) => {
    cache(reply);
    return { items: (await listProvinces(db)).map(({ code, nameLo, nameEn }) => ({ code, nameLo, nameEn })) };
  });

  app.get(
    '/reference/provinces/:code/districts',
    { config: { audience: 'public' }, schema: { tags, params: z.object({ code: z.string().regex(/^\d{2}$/) }), response: { 200: Items(District) } } },
    async (request, reply) => {
      cache(reply);
      const rows = await listDistricts(db, request.params.code);
      return {
        items: rows.map((d) => ({
          code: d.code,
          nameLo: d.nameLo,
          nameEn: d.nameEn,
          provinceCode: d.provinceCode,
          hasVillages: Boolean(d.hasVillages),
        })),
      };
    },
  );

  app.get(
    '/reference/districts/:code/villages',
    { config: { audience: 'public' }, schema: { tags, params: z.object({ code: z.string().regex(/^\d{4}$/) }), response: { 200: Items(Place) } } },
    async (request, reply) => {
      cache(reply);
      return { items: (await listVillages(db, request.params.code)).map(({ code, nameLo, nameEn }) => ({ code, nameLo, nameEn })) };
    },
  );

  app.get(
    '/reference/:list',
    {
      config: { audience: 'public' },
      schema: { tags, params: z.object({ list: ReferenceList }), querystring: ReferenceListQuery, response: { 200: Items(ReferenceItem) } },
    },
    async (request, reply) => {
      cache(reply);
      return { items: (await listItems(db, request.params.list, request.query.categoryId)).map(presentItem) };
    },
  );
};

export default referenceRoutes;
