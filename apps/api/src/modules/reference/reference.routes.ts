import {
  BackofficePaths,
  CreateReferenceItemRequest,
  District,
  Items,
  Place,
  ReferenceItem,
  ReferenceItemParams,
  ReferenceList,
  ReferenceListParams,
  ReferenceListQuery,
  ReferencePaths,
  StaffReferenceItem,
  UpdateReferenceItemRequest,
} from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDistricts, listItems, listProvinces, listVillages } from './reference.repository';
import { presentItem } from './reference.presenter';
import { actorOf } from '../../lib/actor';
import { createReferenceItem, listStaffReference, setReferenceItemActive, updateReferenceItem } from './reference.service';

const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;
  const tags = ['reference'];
  const cache = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'public, max-age=300');

  app.get(
    ReferencePaths.provinces,
    { config: { audience: 'public' }, schema: { tags, summary: 'Provinces of Laos', response: { 200: Items(Place) } } },
    async (_req, reply) => {
      cache(reply);
      return { items: (await listProvinces(db)).map(({ code, nameLo, nameEn }) => ({ code, nameLo, nameEn })) };
    },
  );

  app.get(
    '/reference/provinces/:code/districts',
    {
      config: { audience: 'public' },
      schema: {
        tags,
        summary: 'Districts of a province',
        params: z.object({ code: z.string().regex(/^\d{2}$/) }),
        response: { 200: Items(District) },
      },
    },
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
    {
      config: { audience: 'public' },
      schema: { tags, summary: 'Villages of a district', params: z.object({ code: z.string().regex(/^\d{4}$/) }), response: { 200: Items(Place) } },
    },
    async (request, reply) => {
      cache(reply);
      return { items: (await listVillages(db, request.params.code)).map(({ code, nameLo, nameEn }) => ({ code, nameLo, nameEn })) };
    },
  );

  app.get(
    '/reference/:list',
    {
      config: { audience: 'public' },
      schema: {
        tags,
        summary: "A reference list's current entries",
        params: z.object({ list: ReferenceList }),
        querystring: ReferenceListQuery,
        response: { 200: Items(ReferenceItem) },
      },
    },
    async (request, reply) => {
      // Staff admins edit these lists: a browser or proxy must ask again, so the next request sees an edit.
      reply.header('cache-control', 'no-cache');
      return { items: (await listItems(db, request.params.list, request.query.categoryId)).map(presentItem) };
    },
  );

  // --- staff editing (issue 16): every row with retired ones, create, edit, retire, restore ---------
  app.get(
    BackofficePaths.referenceList,
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: 'Every entry of a reference list, retired ones too (staff)',
        params: ReferenceListParams,
        response: { 200: Items(StaffReferenceItem) },
      },
    },
    async (request) => listStaffReference(app.deps, request.params.list),
  );
  app.post(
    BackofficePaths.referenceList,
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags,
        summary: 'Add a reference entry',
        params: ReferenceListParams,
        body: CreateReferenceItemRequest,
        response: { 201: StaffReferenceItem },
      },
    },
    async (request, reply) => reply.code(201).send(await createReferenceItem(app.deps, actorOf(request), request.params.list, request.body)),
  );
  app.patch(
    BackofficePaths.referenceItem,
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags,
        summary: 'Edit a reference entry',
        params: ReferenceItemParams,
        body: UpdateReferenceItemRequest,
        response: { 200: StaffReferenceItem },
      },
    },
    async (request) => updateReferenceItem(app.deps, actorOf(request), request.params.list, request.params.id, request.body),
  );
  for (const [path, active] of [
    [BackofficePaths.referenceRetire, false],
    [BackofficePaths.referenceRestore, true],
  ] as const) {
    app.post(
      path,
      {
        config: { audience: 'staffAdmin' },
        schema: { tags, summary: 'Retire or restore a reference entry', params: ReferenceItemParams, response: { 200: StaffReferenceItem } },
      },
      async (request) => setReferenceItemActive(app.deps, actorOf(request), request.params.list, request.params.id, active),
    );
  }
};

export default referenceRoutes;
