import multipart from '@fastify/multipart';
import { registerLibraryFirstPaints } from './library.first-paint';
import {
  IdParams,
  LibraryDocument,
  LibraryFileQuery,
  LibraryListQuery,
  LibraryPaths,
  Page,
  StaffLibraryDocument,
  StaffLibraryFileQuery,
  StaffLibraryListQuery,
  UpdateLibraryDocument,
} from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/i18n';
import { actorOf } from '../../lib/actor';
import { replyWithStoredFile } from '../files';
import {
  addVersion,
  createDocument,
  getForReader,
  getForStaff,
  listForReaders,
  listForStaff,
  resolveDownload,
  updateLibraryDocument,
  type LibraryDeps,
} from './library.service';
import { readUpload } from './library.upload';
import { makeFirstPage, sweepFirstPages } from './library.first-page';
import { FIRST_PAGE_JOB, FIRST_PAGE_SWEEP_JOB } from './library.first-page.queue';
import { stopFirstPageWorker } from './library.first-page.pool';

const ID = '/:id';

const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Another module may have registered multipart for the whole app already.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart);
  const deps: LibraryDeps = app.deps;
  const tags = ['library'];
  const lang = (h: { 'accept-language'?: string }) => requestLanguage(h['accept-language']);
  // A library file's first page is drawn in the background (decision 287), never in a request.
  app.jobs.register(FIRST_PAGE_JOB, async (payload, { deps: jobDeps }) => void (await makeFirstPage(jobDeps, String(payload.fileId), app.log)));
  app.jobs.register(FIRST_PAGE_SWEEP_JOB, async (_payload, { deps: jobDeps }) => void (await sweepFirstPages(jobDeps)));
  registerLibraryFirstPaints(app, deps);
  app.addHook('onClose', () => stopFirstPageWorker());
  const fileDescription = 'The PDF, with Range (206, 416), ETag (304) and Content-Disposition; `lang` picks the reader language.';

  // ---- company users: published documents ----
  app.get(
    LibraryPaths.list,
    {
      config: { audience: 'company' },
      schema: { tags, summary: 'Published guides, laws and licences', querystring: LibraryListQuery, response: { 200: Page(LibraryDocument) } },
    },
    async (request) => listForReaders(deps, request.query, lang(request.headers)),
  );
  app.get(
    `${LibraryPaths.list}${ID}`,
    {
      config: { audience: 'company' },
      schema: { tags, summary: 'One published library document with its versions', params: IdParams, response: { 200: LibraryDocument } },
    },
    async (request) => getForReader(deps, request.principal, request.params.id),
  );
  app.get(
    `${LibraryPaths.list}${ID}/file`,
    {
      config: { audience: 'company' },
      schema: { tags, summary: 'Read a published document', description: fileDescription, params: IdParams, querystring: LibraryFileQuery },
    },
    async (request, reply) => {
      const { lang: fileLang, download } = request.query;
      const file = await resolveDownload(deps, request.principal, request.params.id, { lang: fileLang });
      return replyWithStoredFile(request, reply, deps, file, { disposition: download ? 'attachment' : 'inline' });
    },
  );

  // ---- staff: everything, with versions ----
  app.get(
    LibraryPaths.staffList,
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: 'Every library document, published or not',
        querystring: StaffLibraryListQuery,
        response: { 200: Page(StaffLibraryDocument) },
      },
    },
    async (request) => listForStaff(deps, request.query, lang(request.headers)),
  );
  app.get(
    `${LibraryPaths.staffList}${ID}`,
    {
      config: { audience: 'staff' },
      schema: { tags, summary: 'One library document, published or not (staff)', params: IdParams, response: { 200: StaffLibraryDocument } },
    },
    async (request) => getForStaff(deps, request.params.id),
  );
  app.get(
    `${LibraryPaths.staffList}${ID}/file`,
    {
      config: { audience: 'staff' },
      schema: { tags, summary: 'Read any version of a document', description: fileDescription, params: IdParams, querystring: StaffLibraryFileQuery },
    },
    async (request, reply) => {
      const { lang: fileLang, download, version } = request.query;
      const file = await resolveDownload(deps, request.principal, request.params.id, { lang: fileLang, versionId: version });
      return replyWithStoredFile(request, reply, deps, file, { disposition: download ? 'attachment' : 'inline' });
    },
  );
  app.post(
    LibraryPaths.staffList,
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags,
        summary: 'Publish a new document',
        description:
          'multipart/form-data: category, titleLo, titleEn, version, documentDate (YYYY-MM-DD), published, and fileBoth or fileLo/fileEn (PDF).',
        consumes: ['multipart/form-data'],
        response: { 201: StaffLibraryDocument },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, deps.store);
      return reply.code(201).send(await createDocument(deps, request.principal, upload, lang(request.headers), actorOf(request)));
    },
  );
  app.patch(
    `${LibraryPaths.staffList}${ID}`,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: 'Edit, publish or unpublish', params: IdParams, body: UpdateLibraryDocument, response: { 200: StaffLibraryDocument } },
    },
    async (request) => updateLibraryDocument(deps, request.principal, request.params.id, request.body, actorOf(request)),
  );
  app.post(
    `${LibraryPaths.staffList}${ID}/versions`,
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags,
        summary: 'Add a version (it becomes the current one; older ones are kept)',
        description: 'multipart/form-data: version, documentDate, and fileBoth or fileLo/fileEn (PDF).',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: StaffLibraryDocument },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, deps.store);
      return reply.code(201).send(await addVersion(deps, request.principal, request.params.id, upload, lang(request.headers), actorOf(request)));
    },
  );
};

export default libraryRoutes;
