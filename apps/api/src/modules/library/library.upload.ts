import { LIBRARY_FILE_FIELDS, LIBRARY_MAX_FILE_BYTES, type LibraryFileLanguage } from '@bansi/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import type { Upload, UploadedFiles } from './library.service';

const languageOfField = Object.fromEntries(Object.entries(LIBRARY_FILE_FIELDS).map(([lang, field]) => [field, lang])) as Record<
  string,
  LibraryFileLanguage
>;

/** Thrown by the store while receiving a part: a server fault unless it is a refusal (AppError). */
class StoreFault extends Error {
  constructor(readonly inner: unknown) {
    super('store fault');
  }
}

/**
 * Reads a multipart library upload: text fields, and up to three PDFs (`fileLo`, `fileEn`,
 * `fileBoth`) staged by the one FileStore while they are measured, hashed and checked to be PDFs
 * by their content (415 otherwise). Whatever goes wrong, no staged file stays behind; a body that
 * is not well-formed multipart is the client's fault (400), never a 500.
 */
export async function readUpload(request: FastifyRequest, store: FileStore): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  const files: UploadedFiles = {};
  try {
    const parts = request.parts({ limits: { fileSize: LIBRARY_MAX_FILE_BYTES, files: 3, fields: 20, fieldSize: 4096, parts: 30 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const language = languageOfField[part.fieldname];
        if (!language || files[language]) {
          part.file.resume();
          throw new AppError(400, 'VALIDATION', [{ path: `body.${part.fieldname}`, code: 'unrecognized_keys', message: 'unexpected file field' }]);
        }
        const staged = await store.put(part.file, { maxBytes: LIBRARY_MAX_FILE_BYTES, allowedKinds: ['pdf'] }).catch((err: unknown) => {
          // A broken body surfaces as an error of the part's stream; the store's own faults stay 500.
          if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
          if (request.raw.destroyed || request.raw.readableAborted || part.file.errored) throw err;
          throw new StoreFault(err);
        });
        files[language] = { staged, fileName: part.filename || 'document.pdf' };
        if (part.file.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
    return { fields, files };
  } catch (err) {
    await Promise.all(Object.values(files).map((f) => store.discard(f.staged)));
    if (err instanceof StoreFault) throw err.inner;
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
    if (status === 406 || status === 415) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
    // Malformed multipart (bad boundary, broken headers, a body that ends early …): busboy's plain errors.
    throw new AppError(400, 'BAD_REQUEST');
  }
}
