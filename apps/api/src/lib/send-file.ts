import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from './file-store';

/** What an HTTP download needs to know about a stored file. */
export interface Sendable {
  size: number;
  /** SHA-256 hex of the content: the strong validator (ETag) */
  sha256: string;
  fileName: string;
  mediaType: string;
  modifiedAt: string;
  attachment: boolean;
  /** default `private, no-cache` (authorization is checked on every request) */
  cacheControl?: string;
  open(range?: ByteRange): Promise<Readable>;
}

/** Kinds a browser may show in place; anything else (CSV, office files, …) is always a download. */
const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

/**
 * Parses `Range` against a size (RFC 9110 §14.1.2): a single `bytes=` range in any of its three
 * forms. Null: ignore it and send the whole file (no header, several ranges); 'unsatisfiable':
 * answer 416 (outside the file, garbage, another unit).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const value = header.trim();
  // Several ranges may be answered with the whole file; another unit cannot be served (416).
  if (!/^bytes=/i.test(value)) return 'unsatisfiable';
  if (value.includes(',')) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)$/i.exec(value);
  if (!match) return 'unsatisfiable';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}

/**
 * `inline` or `attachment` with an ASCII fallback name and the real one in UTF-8 (RFC 6266,
 * RFC 8187 `filename*`), so Lao file names survive the download.
 */
export function contentDisposition(fileName: string, attachment: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a stored file as readers and pdf.js need it: Accept-Ranges, 206 for one range, 416 for a
 * range outside the file, a strong ETag from the content hash (304 when it matches), If-Range, and
 * Content-Disposition. The file is private: caches must revalidate every time (authorization
 * is checked on every request).
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: Sendable) {
  const etag = `"${file.sha256}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', new Date(file.modifiedAt).toUTCString())
    .header('cache-control', file.cacheControl ?? 'private, no-cache')
    .header('content-type', file.mediaType)
    .header('content-disposition', contentDisposition(file.fileName, file.attachment || !INLINE_TYPES.has(file.mediaType)))
    .header('x-content-type-options', 'nosniff');

  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  // If-Range: answer the range only while the client's copy is this very content.
  const ifRange = request.headers['if-range'];
  const rangeHeader = typeof ifRange === 'string' && ifRange.trim() !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`);
    return reply.problem(416, 'RANGE_NOT_SATISFIABLE');
  }
  // HEAD: the headers of GET, Content-Length included, and no body (an empty stream keeps the length).
  const head = request.method === 'HEAD';
  if (!range) {
    reply.code(200).header('content-length', file.size);
    return reply.send(head ? Readable.from([]) : await file.open());
  }
  reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1);
  return reply.send(head ? Readable.from([]) : await file.open(range));
}
