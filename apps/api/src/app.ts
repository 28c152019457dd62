import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { API_BASE } from '@bansi/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/index';
import { createFileStore } from './lib/create-file-store';
import { compiledSerializerCompiler } from './lib/serializer';
import type { Deps } from './lib/deps';
import type { FileStore } from './lib/file-store';
import { createTranslator, loadCatalogs, type Translate } from './lib/i18n';
// What modules take from modules they may not import, and the features' reactions to each other's events: wired
// once, before any request runs (decisions 195, 220).
import './modules/providers';
import './modules/subscribers';
import { featureModules } from './modules/index';
import { backofficeRoutes } from './modules/backoffice';
import { companyExportsRoutes } from './modules/company-exports';
import { backupRoutes } from './modules/backup';
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
import openapi from './plugins/openapi';
import firstPaint from './plugins/first-paint';
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
  await app.register(openapi);
  await app.register(session);
  await app.register(apiKeyAuth);
  await app.register(csrf);
  await app.register(access);
  await app.register(assets, { catalogs });
  // Before the features: they name the screens whose first paint they draw (app.firstPaint.register).
  await app.register(firstPaint);
  // Before the features: their route plugins register job handlers (app.jobs.register).
  await app.register(jobsWorker, { start: options.startWorkers ?? true });

  // The modules' routes, then the composition's: the back office, a company's export, the backup.
  for (const feature of [...featureModules, backofficeRoutes, companyExportsRoutes, backupRoutes]) {
    await app.register(feature, { prefix: API_BASE });
  }

  await app.register(healthRoutes);
  await app.register(devMailRoutes);
  await app.register(mailWorker);
  await app.register(webApp, { serveWeb: options.serveWeb ?? true, catalogs });
  return app;
}
