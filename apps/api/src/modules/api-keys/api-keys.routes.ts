import { ApiKey, ApiKeyPaths, CreateApiKeyRequest, CreatedApiKey, IdParams, Items } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { requestLanguage } from '../../lib/i18n';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['staff'];
  const admin = (request: Parameters<typeof actorOf>[0]) => ({ ...actorOf(request), userId: request.principal!.userId });
  app.get(
    ApiKeyPaths.list,
    { config: { audience: 'staffAdmin' }, schema: { tags, summary: 'API keys of the service’s software', response: { 200: Items(ApiKey) } } },
    async () => ({ items: await listApiKeys(deps) }),
  );
  app.post(
    ApiKeyPaths.list,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: 'Create an API key: the answer shows the key, once', body: CreateApiKeyRequest, response: { 201: CreatedApiKey } },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(deps, requestLanguage(request.headers['accept-language']), admin(request), request.body)),
  );
  app.delete(
    ApiKeyPaths.one,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: 'Revoke an API key (at once, in every process)', params: IdParams, response: { 200: ApiKey } },
    },
    async (request) => revokeApiKey(deps, admin(request), request.params.id),
  );
};

export default apiKeysRoutes;
