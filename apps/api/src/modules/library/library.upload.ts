import { LIBRARY_FILE_FIELDS, LIBRARY_MAX_FILE_BYTES, type LibraryFileLanguage } from '@bansi/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { Upload, UploadedFiles } from './library.service';
import type { LibraryFileStore } from './library.storage';

const languageOfField = Object.fromEntries(Object.entries(LIBRARY_FILE_FIELDS).map(([lang, field]) => [field, lang])) as Record<
  string,
  LibraryFileLanguage
>;

/**
 * Reads a multipart library upload: text fields, and up to three PDFs (`fileLo`, `fileEn`,
 * `fileBoth`) streamed into temporary files while they are measured and hashed. Whatever goes wrong,
 * no temporary file stays behind.
 */
export async function readUpload(request: FastifyRequest, store: LibraryFileStore): Promise<Upload> {
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
        const received = await store.receive(part.file, LIBRARY_MAX_FILE_BYTES);
        files[language] = { received, fileName: part.filename || 'document.pdf' };
        if (part.file.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
    return { fields, files };
  } catch (err) {
    await Promise.all(Object.values(files).map((f) => store.discard(f.received)));
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
    if (status === 406 || status === 415) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
    if (status && status >= 400 && status < 500) throw new AppError(400, 'BAD_REQUEST');
    throw err;
  }
}
