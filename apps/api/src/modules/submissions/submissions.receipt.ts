import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '@bansi/shared';
import type { Translate } from '../../lib/i18n';

/**
 * The acknowledgement receipt of an accepted submission (decision 032): one A4 PDF in Lao and
 * English with the company, the book year, when and by whom it was accepted, every file's name and
 * SHA-256, and a QR code that opens the portal's check of the receipt. Lao is set in Noto Sans Lao
 * from @fontsource/noto-sans-lao (OFL) and shaped by PDFKit's fontkit; Latin text uses the Latin
 * subset of the same family so the two scripts match.
 */
export interface ReceiptInput {
  providerLo: string;
  providerEn: string;
  companyNameLo: string;
  companyNameEn: string;
  tin: string;
  bookYear: number;
  submissionId: string;
  acceptedAt: string;
  acceptedBy: string;
  files: { slotLo: string; slotEn: string; name: string; sha256: string }[];
  verifyUrl: string;
}

/** The two catalog languages, named (the i18n test takes a quoted first argument of t for a catalog key). */
const LO: Language = 'lo';
const EN: Language = 'en';

const require = createRequire(import.meta.url);
let fontDir: string | null = null;
/** A face of Noto Sans Lao (its Lao or its Latin subset) from the npm package. */
export function font(subset: 'lao' | 'latin', weight: 400 | 700): string {
  fontDir ??= join(dirname(require.resolve('@fontsource/noto-sans-lao/package.json')), 'files');
  return join(fontDir, `noto-sans-lao-${subset}-${weight}-normal.woff`);
}

const INK = '#1a1b1e';
const GREY = '#5c5f66';
const BLUE = '#1c6bd1';

/** Runs of Lao and of everything else, so that each run is set in a font that has its glyphs. */
export function scriptRuns(text: string): { lao: boolean; text: string }[] {
  const out: { lao: boolean; text: string }[] = [];
  for (const ch of text) {
    const lao = /[\u0E80-\u0EFF\u200B-\u200D]/.test(ch);
    const last = out[out.length - 1];
    if (last && (last.lao === lao || ch === ' ')) last.text += ch;
    else out.push({ lao, text: ch });
  }
  return out;
}

/** 2024-03-05T02:30:00Z → "2024-03-05 09:30 (UTC+7)": the time in Vientiane, the same in both languages. */
export function vientianeDateTime(iso: string): string {
  const local = new Date(Date.parse(iso) + 7 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} (UTC+7)`;
}

export async function renderReceiptPdf(t: Translate, input: ReceiptInput): Promise<Buffer> {
  const qr = await QRCode.toBuffer(input.verifyUrl, { errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  const both = (key: string) => `${t(LO, `submission.receipt.${key}`)} · ${t(EN, `submission.receipt.${key}`)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 56, left: 56, right: 56 },
    pdfVersion: '1.7',
    lang: 'lo',
    displayTitle: true,
    info: {
      Title: `${t(LO, 'submission.receipt.title')} · ${t(EN, 'submission.receipt.title')} ${input.bookYear}`,
      Author: input.providerEn,
      Subject: `${input.companyNameEn} — ${input.bookYear}`,
      Creator: 'Bansi',
      Producer: 'Bansi (PDFKit)',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('lao', font('lao', 400));
  doc.registerFont('lao-bold', font('lao', 700));
  doc.registerFont('latin', font('latin', 400));
  doc.registerFont('latin-bold', font('latin', 700));

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  /** Mixed Lao/Latin text: at (x, y) when given, else where the last text ended. */
  const write = (
    text: string,
    o: { size?: number; bold?: boolean; color?: string; x?: number; y?: number; width?: number; gap?: number; lineGap?: number } = {},
  ) => {
    const parts = scriptRuns(text);
    doc.fillColor(o.color ?? INK).fontSize(o.size ?? 10);
    parts.forEach((part, i) => {
      const name = `${part.lao ? 'lao' : 'latin'}${o.bold ? '-bold' : ''}`;
      const options = { width: o.width ?? width, lineGap: o.lineGap ?? 3, continued: i < parts.length - 1 };
      if (i === 0 && o.x !== undefined) doc.font(name).text(part.text, o.x, o.y ?? doc.y, options);
      else doc.font(name).text(part.text, options);
    });
    if (o.gap) doc.moveDown(o.gap);
  };

  // Header: the provider, then the QR code at the right.
  const qrSize = 112;
  const qrX = left + width - qrSize;
  const top = doc.y;
  doc.image(qr, qrX, top, { width: qrSize, height: qrSize });
  write(input.providerLo, { size: 12, bold: true, color: BLUE, x: left, y: top, width: width - qrSize - 16 });
  write(input.providerEn, { size: 10, color: GREY, width: width - qrSize - 16, gap: 0.8 });
  write(t(LO, 'submission.receipt.title'), { size: 20, bold: true, width: width - qrSize - 16 });
  write(t(EN, 'submission.receipt.title'), { size: 14, bold: true, width: width - qrSize - 16 });
  write(both('subtitle'), { size: 10, color: GREY, width: width - qrSize - 16 });
  doc.y = Math.max(doc.y, top + qrSize) + 18;

  // Key facts as label | value rows.
  const labelWidth = 190;
  const row = (key: string, value: string, mono = false) => {
    const y = doc.y;
    write(t(LO, `submission.receipt.${key}`), { size: 9.5, bold: true, x: left, y, width: labelWidth });
    write(t(EN, `submission.receipt.${key}`), { size: 8.5, color: GREY, width: labelWidth, lineGap: 1 });
    const labelEnd = doc.y;
    if (mono)
      doc
        .font('Courier')
        .fontSize(9)
        .fillColor(INK)
        .text(value, left + labelWidth + 10, y + 1, { width: width - labelWidth - 10 });
    else write(value, { size: 10.5, x: left + labelWidth + 10, y, width: width - labelWidth - 10 });
    doc.y = Math.max(labelEnd, doc.y) + 4;
  };
  row('company', `${input.companyNameLo}\n${input.companyNameEn}`);
  row('tin', input.tin);
  row('bookYear', String(input.bookYear));
  row('submission', input.submissionId, true);
  row('acceptedAt', vientianeDateTime(input.acceptedAt));
  row('acceptedBy', input.acceptedBy);

  // The files.
  doc.moveDown(0.6);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.6)
    .strokeColor('#c9ccd1')
    .stroke();
  doc.moveDown(0.6);
  write(both('files'), { size: 12, bold: true, x: left, gap: 0.4 });
  input.files.forEach((file, i) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    write(`${i + 1}. ${file.slotLo} · ${file.slotEn}`, { size: 10, bold: true, x: left });
    write(file.name, { size: 10, x: left + 14, width: width - 14 });
    doc
      .font('Courier')
      .fontSize(8.5)
      .fillColor(GREY)
      .text(`SHA-256 ${file.sha256}`, left + 14, doc.y, { width: width - 14 });
    doc.moveDown(0.5);
  });

  // How to check it.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 150) doc.addPage();
  doc.moveDown(0.6);
  write(t(LO, 'submission.receipt.note'), { size: 9.5, x: left, gap: 0.2 });
  write(t(EN, 'submission.receipt.note'), { size: 9, color: GREY, gap: 0.6 });
  write(t(LO, 'submission.receipt.scan'), { size: 9.5 });
  write(t(EN, 'submission.receipt.scan'), { size: 9, color: GREY });
  doc
    .font('Courier')
    .fontSize(8)
    .fillColor(BLUE)
    .text(input.verifyUrl, left, doc.y + 2, { width, link: input.verifyUrl });

  doc.end();
  return done;
}
