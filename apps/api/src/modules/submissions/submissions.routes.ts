import {
  AcceptSubmissionRequest,
  AnswerCommentRequest,
  CreateSubmissionRequest,
  DocumentPage,
  DocumentsQuery,
  FileContentQuery,
  IdParams,
  ReturnSubmissionRequest,
  StaffCommentRequest,
  StaffQueuePage,
  StaffQueueQuery,
  SetFilingSizeRequest,
  StaffSubmissionDetail,
  StartReviewRequest,
  SubmissionCheckQuery,
  SubmissionComment,
  SubmissionDetail,
  SubmissionEventPage,
  SubmissionEventsQuery,
  SubmissionExistence,
  SubmissionFiles,
  SubmissionListQuery,
  SubmissionPage,
  SubmissionPaths,
  SubmitSubmissionRequest,
  UpdateSubmissionRequest,
} from '@bansi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/i18n';
import { companyOf } from '../../plugins/access';
import { replyWithStoredFile } from '../files';
import {
  acceptSubmission,
  addStaffComment,
  answerComment,
  checkSubmission,
  createSubmission,
  getReceiptFile,
  getStaffSubmission,
  getSubmission,
  getSubmissionFiles,
  listDocuments,
  listSubmissionEvents,
  listSubmissions,
  returnSubmission,
  staffQueue,
  setFilingSize,
  startReview,
  submitSubmission,
  updateSubmission,
  type SubmissionDeps,
} from './submissions.service';
import './submissions.qr';
import { actorOf } from '../../lib/actor';

/** The annual submission (issue 6): company side, staff review, receipt check. */
const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SubmissionDeps = app.deps;
  const tags = ['submissions'];
  const staffTags = ['staff: submissions'];
  const lang = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);
  const company = { audience: 'company' as const };
  const staff = { audience: 'staff' as const };

  // --- company ---
  app.get(
    SubmissionPaths.list,
    {
      config: company,
      schema: {
        tags,
        summary: "The company's submissions, newest book year first",
        querystring: SubmissionListQuery,
        response: { 200: SubmissionPage },
      },
    },
    async (request) => listSubmissions(deps, companyOf(request.principal), request.query, lang(request)),
  );

  app.post(
    SubmissionPaths.list,
    {
      config: company,
      schema: {
        tags,
        summary: 'Open the submission of a book year: 200 with the existing one, 201 with a new draft',
        body: CreateSubmissionRequest,
        response: { 200: SubmissionDetail, 201: SubmissionDetail },
      },
    },
    async (request, reply) => {
      const { created, detail } = await createSubmission(deps, request.principal!, actorOf(request), request.body.bookYear, lang(request));
      return reply.code(created ? 201 : 200).send(detail);
    },
  );

  app.get(
    SubmissionPaths.check,
    {
      config: company,
      schema: {
        tags,
        summary: 'First-create and submitted check for a book year',
        querystring: SubmissionCheckQuery,
        response: { 200: SubmissionExistence },
      },
    },
    async (request) => checkSubmission(deps, companyOf(request.principal), request.query.bookYear),
  );

  app.get(
    SubmissionPaths.one(':id'),
    { config: company, schema: { tags, summary: "One of the company's submissions", params: IdParams, response: { 200: SubmissionDetail } } },
    async (request) => getSubmission(deps, request.principal!, request.params.id),
  );

  app.patch(
    SubmissionPaths.one(':id'),
    {
      config: company,
      schema: {
        tags,
        summary: 'Enterprise data and signatories (draft or returned; `version` must be current)',
        params: IdParams,
        body: UpdateSubmissionRequest,
        response: { 200: SubmissionDetail },
      },
    },
    async (request) => updateSubmission(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request)),
  );

  app.post(
    SubmissionPaths.submit(':id'),
    {
      config: company,
      schema: {
        tags,
        summary: 'Submit after the checks (422 CHECKS_FAILED / CHECKS_WARNINGS with the checks as errors[])',
        params: IdParams,
        body: SubmitSubmissionRequest,
        response: { 200: SubmissionDetail },
      },
    },
    async (request) => submitSubmission(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request)),
  );

  app.get(
    SubmissionPaths.events(':id'),
    {
      config: company,
      schema: {
        tags,
        summary: 'The timeline, newest first',
        params: IdParams,
        querystring: SubmissionEventsQuery,
        response: { 200: SubmissionEventPage },
      },
    },
    async (request) => listSubmissionEvents(deps, request.principal!, request.params.id, request.query, lang(request)),
  );

  app.get(
    SubmissionPaths.files(':id'),
    {
      config: company,
      schema: {
        tags,
        summary: 'The checklist with its files, other files and replaced versions',
        params: IdParams,
        response: { 200: SubmissionFiles },
      },
    },
    async (request) => getSubmissionFiles(deps, request.principal!, request.params.id),
  );

  app.post(
    SubmissionPaths.answers(':id'),
    {
      config: company,
      schema: {
        tags,
        summary: 'Answer a comment of the service without resubmitting (submitted, in review, returned or resubmitted; else 409 SUBMISSION_CLOSED)',
        params: IdParams,
        body: AnswerCommentRequest,
        response: { 201: SubmissionComment },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await answerComment(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request))),
  );

  const receipt = async (request: FastifyRequest<{ Params: { id: string }; Querystring: { download?: '0' | '1' } }>, reply: FastifyReply) => {
    const row = await getReceiptFile(deps, request.principal!, request.params.id);
    return replyWithStoredFile(request, reply, deps, row, { disposition: request.query.download === '1' ? 'attachment' : 'inline' });
  };
  const receiptSchema = {
    tags,
    summary: 'The acknowledgement receipt (PDF)',
    params: IdParams,
    querystring: FileContentQuery,
    description: 'The acknowledgement receipt (PDF) of an accepted submission; 404 before. Range, ETag, Content-Disposition.',
  };
  app.route({ method: ['GET', 'HEAD'], url: SubmissionPaths.receipt(':id'), schema: receiptSchema, config: company, handler: receipt });

  app.get(
    SubmissionPaths.documents,
    {
      config: company,
      schema: { tags, summary: 'Every document of the company, newest first', querystring: DocumentsQuery, response: { 200: DocumentPage } },
    },
    async (request) => listDocuments(deps, companyOf(request.principal), request.query, lang(request)),
  );

  // --- staff ---
  app.get(
    SubmissionPaths.staffList,
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'The review queue, oldest submission first',
        querystring: StaffQueueQuery,
        response: { 200: StaffQueuePage },
      },
    },
    async (request) => staffQueue(deps, request.query, lang(request)),
  );

  app.get(
    SubmissionPaths.staffOne(':id'),
    { config: staff, schema: { tags: staffTags, summary: 'One submission (staff)', params: IdParams, response: { 200: StaffSubmissionDetail } } },
    async (request) => getStaffSubmission(deps, request.principal!, request.params.id),
  );

  app.post(
    SubmissionPaths.staffAction(':id', 'start-review'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Start reviewing a submitted filing',
        params: IdParams,
        body: StartReviewRequest,
        response: { 200: StaffSubmissionDetail },
      },
    },
    async (request) => startReview(deps, request.principal!, actorOf(request), request.params.id, request.body.version),
  );

  app.post(
    SubmissionPaths.staffSize(':id'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: "Set the filing's size where the SME thresholds cannot decide it (with a reason; audited)",
        params: IdParams,
        body: SetFilingSizeRequest,
        response: { 200: StaffSubmissionDetail },
      },
    },
    async (request) => setFilingSize(deps, request.principal!, actorOf(request), request.params.id, request.body),
  );

  app.post(
    SubmissionPaths.staffAction(':id', 'comments'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Comment on one file or on the whole submission',
        params: IdParams,
        body: StaffCommentRequest,
        response: { 201: SubmissionComment },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addStaffComment(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request))),
  );

  app.post(
    SubmissionPaths.staffAction(':id', 'return'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Return with reasons (e-mailed to the company)',
        params: IdParams,
        body: ReturnSubmissionRequest,
        response: { 200: StaffSubmissionDetail },
      },
    },
    async (request) => returnSubmission(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request)),
  );

  app.post(
    SubmissionPaths.staffAction(':id', 'accept'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Accept: makes the receipt PDF and e-mails the company',
        params: IdParams,
        body: AcceptSubmissionRequest,
        response: { 200: StaffSubmissionDetail },
      },
    },
    async (request) => acceptSubmission(deps, request.principal!, actorOf(request), request.params.id, request.body),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: SubmissionPaths.staffReceipt(':id'),
    schema: { ...receiptSchema, tags: staffTags },
    config: staff,
    handler: receipt,
  });
  // The public receipt check is the QR registry's (modules/qr); the receipt kind: submissions.qr.ts.
};

export default submissionsRoutes;
