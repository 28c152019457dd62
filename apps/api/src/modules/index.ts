import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { jobsRoutes } from './jobs';
import { companiesRoutes } from './companies';
import { contentRoutes } from './content';
import { libraryRoutes } from './library';
import { platformRoutes } from './platform';
import { referenceRoutes } from './reference';
import { staffAccountsRoutes } from './staff-accounts';
import { filesRoutes } from './files';
import { smeThresholdsRoutes } from './sme-thresholds';
import { submissionsRoutes } from './submissions';
import { qrRoutes } from './qr';
import { bookingsRoutes } from './bookings';
import { paymentsRoutes } from './payments';
import { notesRoutes } from './notes';
import { webhooksRoutes } from './webhooks';
import { apiKeysRoutes } from './api-keys';
import { feedsRoutes } from './feeds';

/**
 * The routes of the modules of floors 1–3 (infrastructure, core, features), each registered under the API base
 * path. The composition's own routes (back office, company exports, backup) stand beside this list, in app.ts:
 * modules of one floor do not import each other (decision 223).
 */
export const featureModules: FastifyPluginAsync[] = [
  platformRoutes,
  authRoutes,
  referenceRoutes,
  companiesRoutes,
  staffAccountsRoutes,
  libraryRoutes,
  contentRoutes,
  filesRoutes,
  smeThresholdsRoutes,
  submissionsRoutes,
  qrRoutes,
  bookingsRoutes,
  auditRoutes,
  jobsRoutes,
  paymentsRoutes,
  notesRoutes,
  webhooksRoutes,
  apiKeysRoutes,
  feedsRoutes,
];
