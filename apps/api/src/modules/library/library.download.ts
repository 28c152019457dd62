import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

export interface Download {
  size: number;
  /** strong validator: the content hash */
  sha256: string;
  fileName: string;
  contentType: string;
  lastModified: string;
  attachment: boolean;
  open(range?: { start: number; end: number }): Readable;
}

export type ByteRange = { start: number; end: number };

/**
 * Parses a `Range` header against a size (RFC 9110 §14): one `bytes=` range, in any of its three
 * forms. Returns null when the header should be ignored (not bytes, several ranges) and 'unsatisfiable'
 * when it cannot be served (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) {
    // Multiple ranges are allowed to be answered with the whole file; garbage is not satisfiable.
    return /^bytes=/i.test(header.trim()) && header.includes(',') ? null : 'unsatisfiable';
  }
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `inline` or `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(fileName: string, attachment: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** HEAD: the headers as for GET (Content-Length included) and no body; an empty stream keeps Fastify's length. */
const nothing = () => Readable.from([]);

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a stored file with what readers and pdf.js need: `Accept-Ranges`, 206 partial answers,
 * 416 for a range outside the file, a strong ETag (304 on a match), and Content-Disposition.
 * The file is private: caches must ask again every time (`private, no-cache`).
 */
export function sendDownload(request: FastifyRequest, reply: FastifyReply, file: Download) {
  const etag = `"${file.sha256.slice(0, 32)}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', new Date(file.lastModified).toUTCString())
    .header('cache-control', 'private, no-cache')
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName, file.attachment))
    .header('x-content-type-options', 'nosniff');

  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  // If-Range: serve the range only while the client's copy is still the current one.
  const ifRange = request.headers['if-range'];
  const rangeHeader = typeof ifRange === 'string' && ifRange.trim() !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    return reply.header('content-range', `bytes */${file.size}`).problem(416, 'RANGE_NOT_SATISFIABLE');
  }
  if (!range) {
    reply.code(200).header('content-length', file.size);
    return reply.send(request.method === 'HEAD' ? nothing() : file.open());
  }
  reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1);
  return reply.send(request.method === 'HEAD' ? nothing() : file.open(range));
}
