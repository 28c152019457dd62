import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AcceptNotesRequest,
  AnswerCommentRequest,
  CreateNotesRequest,
  FileContentQuery,
  IdParams,
  LinkNotesRequest,
  NotesCheckQuery,
  NotesComment,
  NotesDocument,
  NotesEventPage,
  NotesExistence,
  NotesListQuery,
  NotesPage,
  NotesPaths,
  type NotesStaleProblem,
  PageQuery,
  PROBLEM_CONTENT_TYPE,
  ReturnNotesRequest,
  StaffNotesCommentRequest,
  StaffNotesDocument,
  StaffNotesQueuePage,
  StaffNotesQueueQuery,
  StartNotesReviewRequest,
  SubmissionDetail,
  SubmitNotesRequest,
  UpdateNotesRequest,
} from '@bansi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { requestLanguage } from '../../lib/i18n';
import { sendFile } from '../../lib/send-file';
import { companyOf } from '../../plugins/access';
import { replyWithStoredFile } from '../files';
import { NotesStaleError, createNotes, submitNotes, updateNotes } from './notes.commands';
import './notes.documents';
import { linkNotesToSubmission } from './notes.link';
import { checkNotes, getNotes, getStaffNotes, listNotes, listNotesTimeline, notesPdfOf, staffNotesQueue } from './notes.queries';
import { acceptNotes, answerNotesComment, commentOnNotes, returnNotes, startNotesReview } from './notes.review';

/** Up to 18 sections of long Lao prose (3 bytes a character) and 200 table lines each. */
const PATCH_BODY_LIMIT = 4 * 1024 * 1024;

/** Notes to the financial statements (issue 13): company side, staff review, the PDF, the submission slot. */
const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['notes'];
  const staffTags = ['staff: notes'];
  const lang = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);
  const company = { audience: 'company' as const };
  const staff = { audience: 'staff' as const };

  /**
   * 409 STALE with the current document beside the usual problem fields (NotesStaleProblem). Not a
   * declared response schema: problems are written by the error handler, not the route serializer.
   */
  const orStale = async <T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) => {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof NotesStaleError)) throw err;
      const body: NotesStaleProblem = {
        type: 'about:blank#STALE',
        title: app.t(lang(request), 'errors.STALE'),
        status: 409,
        code: 'STALE',
        instance: request.url.split('?')[0],
        requestId: String(request.id),
        current: err.current,
      };
      return reply.code(409).type(PROBLEM_CONTENT_TYPE).send(body);
    }
  };

  app.get(
    NotesPaths.list,
    {
      config: company,
      schema: { tags, summary: "The company's notes, newest book year first", querystring: NotesListQuery, response: { 200: NotesPage } },
    },
    async (request) => listNotes(deps, companyOf(request.principal), request.query, lang(request)),
  );

  app.post(
    NotesPaths.list,
    {
      config: company,
      schema: {
        tags,
        summary: 'Open the notes of a book year: 200 with the existing one, 201 with a new draft (prefilled)',
        body: CreateNotesRequest,
        response: { 200: NotesDocument, 201: NotesDocument },
      },
    },
    async (request, reply) => {
      const { created, doc } = await createNotes(deps, request.principal!, actorOf(request), request.body, lang(request));
      return reply.code(created ? 201 : 200).send(doc);
    },
  );

  app.get(
    NotesPaths.check,
    {
      config: company,
      schema: { tags, summary: 'First-create and submitted check', querystring: NotesCheckQuery, response: { 200: NotesExistence } },
    },
    async (request) => checkNotes(deps, companyOf(request.principal), request.query.bookYear),
  );

  app.get(
    NotesPaths.one(':id'),
    {
      config: company,
      schema: { tags, summary: "The company's notes to the financial statements", params: IdParams, response: { 200: NotesDocument } },
    },
    async (request) => getNotes(deps, request.principal!, request.params.id),
  );

  app.patch(
    NotesPaths.one(':id'),
    {
      config: company,
      bodyLimit: PATCH_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Language and sections (draft or returned; 409 STALE with `current` when the version is old)',
        params: IdParams,
        body: UpdateNotesRequest,
        response: { 200: NotesDocument },
      },
    },
    async (request, reply) =>
      orStale(request, reply, () => updateNotes(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request))),
  );

  app.post(
    NotesPaths.submit(':id'),
    {
      config: company,
      schema: {
        tags,
        summary: 'Submit after the checks (422 CHECKS_FAILED / CHECKS_WARNINGS with the checks as errors[])',
        params: IdParams,
        body: SubmitNotesRequest,
        response: { 200: NotesDocument },
      },
    },
    async (request, reply) =>
      orStale(request, reply, () => submitNotes(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request))),
  );

  app.get(
    NotesPaths.events(':id'),
    {
      config: company,
      schema: { tags, summary: 'The timeline, newest first', params: IdParams, querystring: PageQuery, response: { 200: NotesEventPage } },
    },
    async (request) => listNotesTimeline(deps, request.principal!, request.params.id, request.query, lang(request)),
  );

  /** The kept PDF (accepted notes) or the document rendered now; Range and ETag either way. */
  const pdf = async (request: FastifyRequest<{ Params: { id: string }; Querystring: { download?: '0' | '1' } }>, reply: FastifyReply) => {
    const got = await notesPdfOf(deps, request.principal!, request.params.id);
    const disposition = request.query.download === '1' ? 'attachment' : 'inline';
    if ('file' in got) return replyWithStoredFile(request, reply, deps, got.file, { disposition });
    const bytes = got.bytes;
    return sendFile(request, reply, {
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fileName: got.name,
      mediaType: 'application/pdf',
      modifiedAt: got.at,
      attachment: disposition === 'attachment',
      open: async (range) => Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]),
    });
  };
  const pdfSchema = {
    tags,
    summary: 'The notes as a PDF',
    params: IdParams,
    querystring: FileContentQuery,
    description: 'The notes as a PDF (A4, the document language). Range, ETag.',
  };
  app.route({ method: ['GET', 'HEAD'], url: NotesPaths.pdf(':id'), schema: pdfSchema, config: company, handler: pdf });

  app.post(
    NotesPaths.submissionLink(':id'),
    {
      config: company,
      schema: {
        tags,
        summary: "Fill the submission's notes slot with the PDF of the same year's notes (submitted or further)",
        params: IdParams,
        body: LinkNotesRequest,
        response: { 200: SubmissionDetail },
      },
    },
    async (request) => linkNotesToSubmission(deps, request.principal!, actorOf(request), request.params.id, request.body.version, lang(request)),
  );

  app.post(
    NotesPaths.answers(':id'),
    {
      config: company,
      schema: {
        tags,
        summary: "Answer one of the service's comments without resubmitting (while the notes are with the service or returned)",
        params: IdParams,
        body: AnswerCommentRequest,
        response: { 201: NotesComment },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await answerNotesComment(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request))),
  );

  // --- staff ---
  app.get(
    NotesPaths.staffList,
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'The notes queue, oldest submitted first',
        querystring: StaffNotesQueueQuery,
        response: { 200: StaffNotesQueuePage },
      },
    },
    async (request) => staffNotesQueue(deps, request.query, lang(request)),
  );

  app.get(
    NotesPaths.staffOne(':id'),
    {
      config: staff,
      schema: { tags: staffTags, summary: 'Notes to the financial statements (staff)', params: IdParams, response: { 200: StaffNotesDocument } },
    },
    async (request) => getStaffNotes(deps, request.principal!, request.params.id),
  );

  app.post(
    NotesPaths.staffAction(':id', 'start-review'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Start reviewing submitted notes',
        params: IdParams,
        body: StartNotesReviewRequest,
        response: { 200: StaffNotesDocument },
      },
    },
    async (request) => startNotesReview(deps, request.principal!, actorOf(request), request.params.id, request.body.version),
  );

  app.post(
    NotesPaths.staffAction(':id', 'return'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Return with reasons and comments per section (e-mailed to the company)',
        params: IdParams,
        body: ReturnNotesRequest,
        response: { 200: StaffNotesDocument },
      },
    },
    async (request) => returnNotes(deps, request.principal!, actorOf(request), request.params.id, request.body, lang(request)),
  );

  app.post(
    NotesPaths.staffAction(':id', 'comments'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Comment on one section or on the whole document during the review (listed again at the return)',
        params: IdParams,
        body: StaffNotesCommentRequest,
        response: { 201: NotesComment },
      },
    },
    async (request, reply) => reply.code(201).send(await commentOnNotes(deps, request.principal!, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    NotesPaths.staffAction(':id', 'accept'),
    {
      config: staff,
      schema: {
        tags: staffTags,
        summary: 'Accept: keeps the PDF and e-mails the company',
        params: IdParams,
        body: AcceptNotesRequest,
        response: { 200: StaffNotesDocument },
      },
    },
    async (request) => acceptNotes(deps, request.principal!, actorOf(request), request.params.id, request.body),
  );

  app.route({ method: ['GET', 'HEAD'], url: NotesPaths.staffPdf(':id'), schema: { ...pdfSchema, tags: staffTags }, config: staff, handler: pdf });
};

export default notesRoutes;
