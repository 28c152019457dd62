import type { FastifyPluginAsync } from 'fastify';
// What lower modules read from higher ones, and the reactions of features to each other's events:
// wired with the routes, before any request runs.
import './providers';
import './subscribers';
import auditRoutes from './audit/audit.routes';
import authRoutes from './auth/auth.routes';
import jobsRoutes from './jobs/jobs.routes';
import companiesRoutes from './companies/companies.routes';
import contentRoutes from './content/content.routes';
import libraryRoutes from './library/library.routes';
import platformRoutes from './platform/platform.routes';
import referenceRoutes from './reference/reference.routes';
import staffAccountsRoutes from './staff-accounts/staff-accounts.routes';
import filesRoutes from './files/files.routes';
import smeThresholdsRoutes from './sme-thresholds/sme-thresholds.routes';
import submissionsRoutes from './submissions/submissions.routes';
import qrRoutes from './qr/qr.routes';
import backofficeRoutes from './backoffice/backoffice.routes';
import bookingsRoutes from './bookings/bookings.routes';
import paymentsRoutes from './payments/payments.routes';
import notesRoutes from './notes/notes.routes';

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
];
