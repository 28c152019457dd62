import type { FastifyPluginAsync } from 'fastify';
// What lower modules read from higher ones, and the reactions of features to each other's events:
// wired with the routes, before any request runs.
import './providers';
import './subscribers';
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
import { backofficeRoutes } from './backoffice';
import { bookingsRoutes } from './bookings';
import { paymentsRoutes } from './payments';
import { notesRoutes } from './notes';
import { companyExportsRoutes } from './company-exports';
import { backupRoutes } from './backup';
import { apiKeysRoutes } from './api-keys';
import { feedsRoutes } from './feeds';

/** Every feature's routes, each registered under the API base path. */
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
  backofficeRoutes,
  bookingsRoutes,
  auditRoutes,
  jobsRoutes,
  paymentsRoutes,
  notesRoutes,
  companyExportsRoutes,
  backupRoutes,
  apiKeysRoutes,
  feedsRoutes,
];
