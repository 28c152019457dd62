import {
  NoContent,
  CompanyPaths,
  Company,
  InviteRequest,
  Items,
  Member,
  RegisterRequest,
  RegisterResponse,
  TinCheck,
  TinCheckQuery,
  UpdateCompanyRequest,
  AuthPaths,
} from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyOf } from '../../plugins/access';
import { actorOf } from '../../lib/actor';
import { requestLanguage } from '../../lib/i18n';
import { getCompany, inviteMember, isTinAvailable, listMembers, registerCompany, removeMember, updateMyCompany } from './companies.service';

const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['companies'];
  const lang = (h: { 'accept-language'?: string }) => requestLanguage(h['accept-language']);

  app.post(
    AuthPaths.register,
    {
      config: { audience: 'public', rateLimit: { max: app.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Register a company, its signatories and its first user',
        body: RegisterRequest,
        response: { 201: RegisterResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await registerCompany(deps, request.body, lang(request.headers), actorOf(request))),
  );

  // Like registration: it says whether a tax ID is a customer, so a stranger may ask only a few times a minute.
  app.get(
    CompanyPaths.check,
    {
      config: { audience: 'public', rateLimit: { max: app.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Is this tax ID still free to register?', querystring: TinCheckQuery, response: { 200: TinCheck } },
    },
    async (request) => ({ available: await isTinAvailable(deps, request.query.tin) }),
  );

  app.get(
    CompanyPaths.me,
    { config: { audience: 'company' }, schema: { tags, summary: "The caller's company profile", response: { 200: Company } } },
    async (request) => getCompany(deps, companyOf(request.principal)),
  );

  app.patch(
    CompanyPaths.me,
    {
      config: { audience: 'companyAdmin' },
      schema: { tags, summary: 'Edit the profile and signatories', body: UpdateCompanyRequest, response: { 200: Company } },
    },
    async (request) => updateMyCompany(deps, companyOf(request.principal), request.body, lang(request.headers), actorOf(request)),
  );

  app.get(
    CompanyPaths.members,
    { config: { audience: 'company' }, schema: { tags, summary: "The company's users", response: { 200: Items(Member) } } },
    async (request) => ({
      items: await listMembers(deps, companyOf(request.principal)),
    }),
  );

  app.post(
    CompanyPaths.invitations,
    {
      config: { audience: 'companyAdmin' },
      schema: { tags, summary: 'Invite a colleague by e-mail', body: InviteRequest, response: { 201: Member } },
    },
    async (request, reply) =>
      reply.code(201).send(await inviteMember(deps, companyOf(request.principal), request.principal!.userId, request.body, actorOf(request))),
  );

  app.delete(
    '/companies/me/members/:id',
    {
      config: { audience: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Remove a user from the company (the account is disabled, its authorship kept)',
        params: z.object({ id: z.uuid() }),
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await removeMember(deps, companyOf(request.principal), request.principal!.userId, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};

export default companiesRoutes;
