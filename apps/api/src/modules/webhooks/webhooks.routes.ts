import {
  IdParams,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookPaths,
} from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { requestLanguage } from '../../lib/i18n';
import {
  createEndpoint,
  deliver,
  disableEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendDelivery,
  WEBHOOK_DELIVER_JOB,
} from './webhooks.service';

const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(WEBHOOK_DELIVER_JOB, deliver);
  const tags = ['webhooks'];
  const lang = (request: { headers: Record<string, unknown> }) => requestLanguage(request.headers['accept-language'] as string | undefined);
  app.get(
    WebhookPaths.endpoints,
    { config: { audience: 'staffAdmin' }, schema: { tags, summary: 'Outgoing-event endpoints', response: { 200: WebhookEndpointList } } },
    async () => listWebhookEndpoints(app.deps),
  );
  app.post(
    WebhookPaths.endpoints,
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags,
        summary: 'Add an endpoint (its signing secret is answered this once)',
        body: WebhookEndpointCreate,
        response: { 201: WebhookEndpointCreated },
      },
    },
    async (request, reply) => reply.code(201).send(await createEndpoint(app.deps, actorOf(request), lang(request), request.body)),
  );
  app.post(
    WebhookPaths.disableEndpoint,
    { config: { audience: 'staffAdmin' }, schema: { tags, summary: 'Turn an endpoint off', params: IdParams, response: { 200: WebhookEndpoint } } },
    async (request) => disableEndpoint(app.deps, actorOf(request), request.params.id),
  );
  app.get(
    WebhookPaths.deliveries,
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags,
        summary: 'Deliveries of outgoing events, newest first',
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryPage },
      },
    },
    async (request) => listWebhookDeliveries(app.deps, lang(request), request.query),
  );
  app.post(
    WebhookPaths.resend,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: 'Send a delivered or failed delivery again', params: IdParams, response: { 200: WebhookDelivery } },
    },
    async (request) => resendDelivery(app.deps, actorOf(request), request.params.id),
  );
};

export default webhooksRoutes;
