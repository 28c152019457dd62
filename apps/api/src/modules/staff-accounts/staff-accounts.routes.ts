import { CreateStaffAccountRequest, Items, NoContent, StaffAccount, StaffAccountPaths } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import type { UserRow } from '../../lib/accounts';
import { disableStaff, inviteStaff, listStaff } from './staff-accounts.service';

// The wire shapes live in packages/shared (contracts/staff-accounts.ts): the back office uses them too.

const present = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  pending: u.passwordHash === null,
  disabled: u.disabledAt !== null,
  createdAt: u.createdAt,
});

const staffAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['staff'];
  app.get(
    StaffAccountPaths.list,
    { config: { audience: 'staffAdmin' }, schema: { tags, summary: 'Staff accounts', response: { 200: Items(StaffAccount) } } },
    async () => ({
      items: (await listStaff(deps)).map(present),
    }),
  );
  app.post(
    StaffAccountPaths.list,
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags,
        summary: 'Add a staff member; they set their password by the mailed link',
        body: CreateStaffAccountRequest,
        response: { 201: StaffAccount },
      },
    },
    async (request, reply) => reply.code(201).send(present(await inviteStaff(deps, request.principal!.userId, request.body, actorOf(request)))),
  );
  app.delete(
    '/staff/accounts/:id',
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: 'Disable a staff account', params: z.object({ id: z.uuid() }), response: { 204: NoContent } },
    },
    async (request, reply) => {
      await disableStaff(deps, request.principal!.userId, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};

export default staffAccountsRoutes;
