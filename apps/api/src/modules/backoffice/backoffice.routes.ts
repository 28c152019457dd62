import {
  BackofficePaths,
  IdParams,
  ReviewPaths,
  ReviewQueuePage,
  ReviewQueueQuery,
  StaffCompaniesQuery,
  StaffCompanyDetail,
  StaffCompanyPage,
  StaffOverview,
  SubmissionReport,
  SubmissionReportQuery,
} from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentLanguage, requestLanguage } from '../../lib/i18n';
import { getOverview } from './backoffice.overview';
import { reviewQueue } from './backoffice.review-queue';
import { REMINDER_SCAN_JOB, REMINDER_SEND_JOB, scanReminders, sendReminder } from './backoffice.reminders';
import { findCompanies, getCompanyDetail, submissionReport, submissionReportCsv } from './backoffice.service';

const HOUR = 3_600_000;

const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['backoffice'];

  app.get(
    BackofficePaths.overview,
    {
      config: { audience: 'staff' },
      schema: { tags, summary: "The back office's overview: counts per state, queues, overdue", response: { 200: StaffOverview } },
    },
    async () => getOverview(app.deps),
  );

  app.get(
    ReviewPaths.staffQueue,
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: 'Everything waiting for review — filings, notes, payment slips — in one queue, oldest submitted first',
        querystring: ReviewQueueQuery,
        response: { 200: ReviewQueuePage },
      },
    },
    async (request) => reviewQueue(app.deps, request.query, requestLanguage(request.headers['accept-language'])),
  );

  app.get(
    BackofficePaths.companies,
    {
      config: { audience: 'staff', scope: 'companies:read' },
      schema: { tags, summary: 'Companies, filtered and paged', querystring: StaffCompaniesQuery, response: { 200: StaffCompanyPage } },
    },
    async (request) => findCompanies(app.deps, request.query, requestLanguage(request.headers['accept-language'])),
  );

  app.get(
    BackofficePaths.company,
    {
      config: { audience: 'staff', scope: 'companies:read' },
      schema: { tags, summary: 'One company with its people and filings', params: IdParams, response: { 200: StaffCompanyDetail } },
    },
    async (request) => getCompanyDetail(app.deps, request.params.id),
  );

  app.get(
    BackofficePaths.report,
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: 'Submissions of a book year, by state, province, size and sector',
        querystring: SubmissionReportQuery,
        response: { 200: SubmissionReport },
      },
    },
    async (request) => submissionReport(app.deps, request.query.bookYear),
  );

  app.get(
    BackofficePaths.reportCsv,
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: "The same report as CSV, in the caller's language",
        querystring: SubmissionReportQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const lng = documentLanguage(request);
      const csv = await submissionReportCsv(app.deps, request.query.bookYear, lng);
      reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="submissions-${request.query.bookYear}.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
  );

  // Reminders (DESIGN §8.5): an hourly scan (idempotent, so the hour does not matter) queues one
  // send job per company, year and reminder day; the unique key and the delivery row make it once.
  app.jobs.register(REMINDER_SCAN_JOB, async (_payload, { deps }) => void (await scanReminders(deps, new Date())), { every: HOUR });
  app.jobs.register(REMINDER_SEND_JOB, async (payload, { deps }) => {
    const target = z.object({ companyId: z.uuid(), bookYear: z.number().int(), daysBefore: z.number().int() }).parse(payload);
    await sendReminder(deps, target);
  });
};

export default backofficeRoutes;
