import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The PDFs the viewer's browser tests (and `npm run bench:viewer`) read: made here, with PDFKit, so
 * the tests need no binary fixtures. Each is published through the real library API before use.
 */

type Options = ConstructorParameters<typeof PDFDocument>[0];

function make(options: Options, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

export const MULTIPAGE = {
  pages: 6,
  title: 'Viewer test document',
  author: 'Bansi QA',
  subject: 'Fixture for the PDF viewer tests',
  keywords: 'bansi, viewer, fixture',
  /** "Bansi" is on every page once in the heading and once in the text: 12 matches; "BANSI" once more on page 2. */
  word: 'Bansi',
  wordCount: 13,
  /** "ledger" as a whole word 6 times, and inside "ledgers" on page 4 */
  wholeWord: 'ledger',
  wholeWordCount: 6,
} as const;

/** Six A4 pages with text to find, an outline (Chapter 1 … 6) and document properties. */
export const multipagePdf = () =>
  make(
    {
      size: 'A4',
      info: {
        Title: MULTIPAGE.title,
        Author: MULTIPAGE.author,
        Subject: MULTIPAGE.subject,
        Keywords: MULTIPAGE.keywords,
        CreationDate: new Date(Date.UTC(2024, 2, 1, 2, 30)),
      },
    },
    (doc) => {
      for (let n = 1; n <= MULTIPAGE.pages; n++) {
        doc.addPage();
        doc.outline.addItem(`Chapter ${n}`);
        doc.fontSize(28).text(`Chapter ${n} of the Bansi guide`);
        doc.moveDown();
        doc.fontSize(12).text(`This page keeps the ledger of chapter ${n}. Bansi is the portal of the accounting service.`);
        if (n === 2) doc.text('THE BANSI PORTAL IN CAPITALS.');
        if (n === 4) doc.text('Old ledgers are kept for ten years.');
        doc.moveDown();
        for (let line = 0; line < 20; line++) doc.text(`Line ${line + 1} of page ${n}: accounts, assets, income and notes.`);
      }
    },
  );

export const PASSWORD = 'open-sesame';

/** Opens only with PASSWORD. */
export const passwordPdf = () =>
  make({ size: 'A4', userPassword: PASSWORD, ownerPassword: 'owner-of-the-password-fixture', pdfVersion: '1.7' }, (doc) => {
    doc.addPage().fontSize(24).text('A protected document');
    doc.addPage().fontSize(24).text('Its second page');
  });

/** Opens freely but forbids printing (no `printing` permission, so an owner password is needed). */
export const noPrintPdf = () =>
  make({ size: 'A4', ownerPassword: 'owner-secret', permissions: { copying: true, modifying: false }, pdfVersion: '1.7' }, (doc) => {
    doc.addPage().fontSize(24).text('This document may not be printed');
  });

/** Starts like a PDF (so the upload check lets it in) and is nothing after that. */
export const corruptPdf = () => Promise.resolve(Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), randomBytes(48 * 1024)]));

export const BIG_PAGES = 300;

/**
 * 300 pages of about 18 KB each (5 MB), written by hand with the page tree at the front of the file:
 * catalog, page tree and all 300 page dictionaries first, the page contents after them, the xref at
 * the end. That is the layout a "fast web view" PDF has, and the one that range loading can use:
 * pdf.js 5.6 fetches every page dictionary of the top-level page tree when it opens a document
 * (Catalog.getPageDict prefetches all kids), so page dictionaries spread between the contents
 * (as PDFKit writes them, see bigInterleavedPdf) would pull in most of the file before page 1.
 */
export function bigPdf(pages = BIG_PAGES): Promise<Buffer> {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (text: string | Buffer) => {
    const buf = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    parts.push(buf);
    length += buf.length;
  };
  const object = (id: number, body: string) => {
    offsets[id] = length;
    push(`${id} 0 obj\n${body}\nendobj\n`);
  };
  const firstPage = 3;
  const font = firstPage + pages;
  const firstContent = font + 1;
  const info = firstContent + pages;

  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, i) => `${firstPage + i} 0 R`).join(' ');
  object(2, `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`);
  for (let i = 0; i < pages; i++) {
    object(
      firstPage + i,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${firstContent + i} 0 R >>`,
    );
  }
  object(font, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  for (let i = 0; i < pages; i++) {
    const n = i + 1;
    const lines = [`BT /F1 26 Tf 56 786 Td (Page ${n} of ${pages}) Tj ET`, 'BT /F1 8 Tf 56 760 Td 10 TL'];
    for (let line = 1; line <= 70; line++) {
      lines.push(`(${n}.${line} Balance sheet line, income statement line, cash-flow line and notes to the financial statements.) '`);
    }
    lines.push('ET', '0.85 g');
    // A grid of cells under the text, like a table of figures.
    for (let row = 0; row < 12; row++) for (let col = 0; col < 20; col++) lines.push(`${56 + col * 24} ${40 + row * 4} 20 3 re f`);
    const stream = lines.join('\n');
    object(firstContent + i, `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  }
  object(info, '<< /Title (Three hundred pages) /Producer (Bansi e2e fixtures) >>');
  const xref = length;
  const size = info + 1;
  const entries = ['0000000000 65535 f \n'];
  for (let id = 1; id < size; id++) entries.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  const id = randomBytes(16).toString('hex');
  push(
    `xref\n0 ${size}\n${entries.join('')}trailer\n<< /Size ${size} /Root 1 0 R /Info ${info} 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Promise.resolve(Buffer.concat(parts));
}

/** The same 300 pages as PDFKit writes them: each page dictionary beside its content (for the benchmark). */
export const bigInterleavedPdf = () =>
  make({ size: 'A4', compress: false, info: { Title: 'Three hundred pages (PDFKit)' } }, (doc) => {
    for (let n = 1; n <= BIG_PAGES; n++) {
      doc.addPage();
      doc.fontSize(26).text(`Page ${n} of ${BIG_PAGES}`);
      doc.fontSize(8);
      for (let line = 0; line < 60; line++) {
        doc.text(`${n}.${line + 1} Balance sheet line, income statement line, cash-flow line and notes to the financial statements.`);
      }
    }
  });

export const FIXTURES = {
  multipage: multipagePdf,
  password: passwordPdf,
  noPrint: noPrintPdf,
  corrupt: corruptPdf,
  big: () => bigPdf(),
  bigInterleaved: bigInterleavedPdf,
} as const;
export type FixtureName = keyof typeof FIXTURES;

/** Writes every fixture into `dir` (for looking at them, or for the benchmark). */
export async function writeFixtures(dir: string): Promise<Record<FixtureName, string>> {
  mkdirSync(dir, { recursive: true });
  const out = {} as Record<FixtureName, string>;
  for (const [name, build] of Object.entries(FIXTURES) as [FixtureName, () => Promise<Buffer>][]) {
    out[name] = join(dir, `${name}.pdf`);
    writeFileSync(out[name], await build());
  }
  return out;
}
