import { randomBytes } from 'node:crypto';

export type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(parts: Part[]) {
  const boundary = `----bansi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('file' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/pdf'}\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The fields of a new library document (a law, not published). */
export const libraryFields = (overrides: Record<string, string> = {}): Part[] =>
  Object.entries({
    category: 'law',
    titleLo: 'ກົດໝາຍວ່າດ້ວຍການບັນຊີ',
    titleEn: 'Law on Accounting',
    version: '2013',
    documentDate: '2013-12-26',
    published: 'true',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));
