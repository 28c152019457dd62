import { FileContentQuery, FileMeta, FileParams, FilePaths } from '@bansi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentFile } from './files.presenter';
import { getReadableFile, replyWithStoredFile } from './files.service';
import { Uploads } from './files.uploads';

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const uploads = new Uploads(deps, app.log);
  const tags = ['files'];

  const meta = async (request: FastifyRequest<{ Params: { id: string } }>) =>
    presentFile(await getReadableFile(deps, request.principal!, request.params.id));

  const content = async (request: FastifyRequest<{ Params: { id: string }; Querystring: { download?: '0' | '1' } }>, reply: FastifyReply) => {
    const row = await getReadableFile(deps, request.principal!, request.params.id);
    return replyWithStoredFile(request, reply, deps, row, { disposition: request.query.download === '1' ? 'attachment' : 'inline' });
  };

  const contentSchema = {
    tags,
    summary: "A file's bytes",
    params: FileParams,
    querystring: FileContentQuery,
    description: 'The bytes: Range (206, 416), ETag (304, If-Range), Content-Disposition with the UTF-8 name.',
  };

  app.get(
    FilePaths.one(':id'),
    {
      schema: { tags, summary: "A file's name, type, size and owner", params: FileParams, response: { 200: FileMeta } },
      config: { audience: 'company' },
    },
    meta,
  );
  // HEAD declared explicitly: Fastify's automatic HEAD would read the whole file to discard it.
  app.route({ method: ['GET', 'HEAD'], url: FilePaths.content(':id'), schema: contentSchema, config: { audience: 'company' }, handler: content });
  // The filings feed links its files here: an API key with filings:read downloads them (decision 240).
  const staffRead = { audience: 'staff', scope: 'filings:read' } as const;
  app.get(
    FilePaths.staffOne(':id'),
    { schema: { tags, summary: "A file's name, type, size and owner (staff)", params: FileParams, response: { 200: FileMeta } }, config: staffRead },
    meta,
  );
  app.route({ method: ['GET', 'HEAD'], url: FilePaths.staffContent(':id'), schema: contentSchema, config: staffRead, handler: content });

  // tus requests carry raw bytes: no body parser may touch them (the tus server reads the stream).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => uploads.handle(request, reply);
    const schema = {
      tags: ['uploads'],
      summary: 'Resumable upload (tus 1.0)',
      description: 'tus 1.0 resumable upload (creation, creation-with-upload, termination).',
    };
    // A file's bytes may rightly take minutes to arrive: not reported as slow (plugins/slow-requests).
    const config = { audience: 'company' as const, longRunning: true };
    scope.route({ method: 'POST', url: FilePaths.uploads, schema, config, handler });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: FilePaths.upload(':id'), schema, config, handler });
  });
};

export default filesRoutes;
