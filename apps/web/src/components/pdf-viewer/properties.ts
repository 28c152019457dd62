import { pdfjsLib, type PDFDocumentProxy } from './pdfjs';

export interface DocumentProperties {
  fileName: string | null;
  fileSize: number | null;
  title: string | null;
  author: string | null;
  subject: string | null;
  keywords: string | null;
  creationDate: Date | null;
  modificationDate: Date | null;
  creator: string | null;
  producer: string | null;
  version: string | null;
  pageCount: number;
  /** of the first page, in PDF points (1/72 in), as displayed (with the page's own rotation) */
  pageSize: { width: number; height: number; name: string | null };
  linearized: boolean;
}

const PAPER: [string, number, number][] = [
  ['A3', 297, 420],
  ['A4', 210, 297],
  ['A5', 148, 210],
  ['Letter', 216, 279],
  ['Legal', 216, 356],
];

export const ptToMm = (pt: number) => (pt * 25.4) / 72;

/** The paper name of a page size, either way round, within a millimetre. */
export function paperName(widthPt: number, heightPt: number): string | null {
  const [w, h] = [Math.round(ptToMm(widthPt)), Math.round(ptToMm(heightPt))];
  const hit = PAPER.find(([, pw, ph]) => (Math.abs(w - pw) <= 1 && Math.abs(h - ph) <= 1) || (Math.abs(w - ph) <= 1 && Math.abs(h - pw) <= 1));
  return hit ? hit[0] : null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * `knownSize` is the byte count of a document given as bytes; for one read from a URL, pdf.js reports the
 * Content-Length it saw (not in its typings). getDownloadInfo() is no help: with range loading it waits
 * for the whole file.
 */
export async function readProperties(doc: PDFDocumentProxy, fileName: string | null, knownSize: number | null): Promise<DocumentProperties> {
  const [metadata, page] = await Promise.all([doc.getMetadata(), doc.getPage(1)]);
  const fields = metadata.info as Record<string, unknown>;
  const size = knownSize ?? (metadata as { contentLength?: number | null }).contentLength ?? null;
  const viewport = page.getViewport({ scale: 1 });
  return {
    fileName,
    fileSize: size || null,
    title: text(fields.Title),
    author: text(fields.Author),
    subject: text(fields.Subject),
    keywords: text(fields.Keywords),
    creationDate: pdfjsLib.PDFDateString.toDateObject(text(fields.CreationDate) ?? ''),
    modificationDate: pdfjsLib.PDFDateString.toDateObject(text(fields.ModDate) ?? ''),
    creator: text(fields.Creator),
    producer: text(fields.Producer),
    version: text(fields.PDFFormatVersion),
    pageCount: doc.numPages,
    pageSize: { width: viewport.width, height: viewport.height, name: paperName(viewport.width, viewport.height) },
    linearized: fields.IsLinearized === true,
  };
}
