import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@bansi/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/index';
import { createFileStore } from './lib/create-file-store';
import { compiledSerializerCompiler } from './lib/serializer';
import type { Deps } from './lib/deps';
import type { FileStore } from './lib/file-store';
import { createTranslator, loadCatalogs, type Translate } from './lib/i18n';
import { featureModules } from './modules/index';
import { healthRoutes } from './modules/platform/platform.routes';
import access from './plugins/access';
import csrf from './plugins/csrf';
import session from './plugins/session';
import assets from './plugins/assets';
import problems, { frameworkProblem } from './plugins/problems';
import hardening from './plugins/hardening';
import slowRequests from './plugins/slow-requests';
import metrics from './plugins/metrics';
import securityHeaders from './plugins/security-headers';
import { redactingLogger } from './lib/log-redact';
import jobsWorker from './plugins/jobs-worker';
import mailWorker from './plugins/mail-worker';
import webApp from './plugins/web-app';
import { devMailRoutes } from './modules/mail/mail.routes';
import { databaseRateLimitStore } from './modules/security/rate-limit.store';
import { apiKeyAuth } from './modules/api-keys';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    t: Translate;
    /** What services need (database, configuration, translator). */
    deps: Deps;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests that do not need it). */
  serveWeb?: boolean;
  /** Run the job worker (mail, scheduled publishing …) on a timer (tests run due jobs themselves). */
  startWorkers?: boolean;
  /** The file store; made from the configuration when not given (server.ts shares it with the seeds). */
  store?: FileStore;
}

import { APP_VERSION } from './version';

export { APP_VERSION };

/** Builds the whole HTTP application; server.ts listens with it and tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app: FastifyInstance = Fastify({
    logger: redactingLogger(options.logger ?? { level: config.LOG_LEVEL }),
    // Fastify's own refusals (bad URL encoding, over-long parameters) leave as problem documents too.
    frameworkErrors: frameworkProblem(() => app),
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));
  app.decorate('config', config);
  app.decorate('db', db);
  const catalogs = loadCatalogs();
  app.decorate('t', createTranslator(catalogs));
  app.decorate('deps', { db: db.kysely, config, t: app.t, store: options.store ?? createFileStore(config) } satisfies Deps);

  // Callback hooks, not async ones, where nothing is awaited (here and in the plugins run on every
  // request): an async hook costs a promise and a microtask turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(slowRequests);
  await app.register(metrics);
  await app.register(problems);
  await app.register(hardening);
  await app.register(securityHeaders);
  await app.register(cookie);
  // Limits are declared per route (login, registration, password reset, search); none is global. The
  // counters live in the database, shared by every API process (docs/decisions/106; on SQLite in a
  // file of their own, 114).
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db.counters),
    errorResponseBuilder: (_request, context) => {
      const error = new Error('rate limited') as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bansi accounting-document-system API', version: APP_VERSION },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
  await app.register(session);
  await app.register(apiKeyAuth);
  await app.register(csrf);
  await app.register(access);
  await app.register(assets, { catalogs });
  // Before the features: their route plugins register job handlers (app.jobs.register).
  await app.register(jobsWorker, { start: options.startWorkers ?? true });

  for (const feature of featureModules) {
    await app.register(feature, { prefix: API_BASE });
  }

  await app.register(healthRoutes);
  await app.register(devMailRoutes);
  await app.register(mailWorker);
  await app.register(webApp, { serveWeb: options.serveWeb ?? true });
  return app;
}
