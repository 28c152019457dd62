import type { Language } from '@bansi/shared';
import type { Translate } from '../../lib/i18n';
import { createPdf, fontFile, PDF_COLORS, scriptRuns, vientianeDateTime } from '../../lib/pdf';

/**
 * The acknowledgement receipt of an accepted submission (decision 032): one A4 PDF in Lao and
 * English with the company, the book year, when and by whom it was accepted, every file's name and
 * SHA-256, and a QR code that opens the portal's check of the receipt. Typeset by lib/pdf (Noto Sans
 * Lao, exact text layer: the company name copies and searches as written).
 */
export interface ReceiptInput {
  providerLo: string;
  providerEn: string;
  companyNameLo: string;
  companyNameEn: string;
  tin: string;
  bookYear: number;
  /** the filing reference (BS-2023-000123), printed instead of the submission's id */
  reference: string;
  acceptedAt: string;
  acceptedBy: string;
  /** the enterprise size of the filing, Lao then English on two lines */
  size?: string;
  files: { slotLo: string; slotEn: string; name: string; sha256: string }[];
  verifyUrl: string;
}

/** The two catalog languages, named (the i18n test takes a quoted first argument of t for a catalog key). */
const LO: Language = 'lo';
const EN: Language = 'en';

/** Kept for the demo seed's sample files; new code uses lib/pdf. */
export const font = fontFile;
export { scriptRuns, vientianeDateTime };

export async function renderReceiptPdf(t: Translate, input: ReceiptInput): Promise<Buffer> {
  const both = (key: string) => `${t(LO, `submission.receipt.${key}`)} · ${t(EN, `submission.receipt.${key}`)}`;
  const pdf = createPdf({
    title: `${t(LO, 'submission.receipt.title')} · ${t(EN, 'submission.receipt.title')} ${input.bookYear}`,
    lang: 'lo',
    author: input.providerEn,
    subject: `${input.companyNameEn} — ${input.bookYear}`,
    footer: `${input.companyNameEn} · ${input.bookYear}`,
  });

  // Header: the provider, then the title; the QR code at the right.
  const qrSize = 112;
  const textWidth = pdf.width - qrSize - 16;
  const top = pdf.y;
  pdf.qr(input.verifyUrl, { size: qrSize, x: pdf.right - qrSize, y: top });
  pdf.text(input.providerLo, { x: pdf.left, y: top, size: 12, bold: true, color: PDF_COLORS.blue, width: textWidth });
  pdf.text(input.providerEn, { size: 10, color: PDF_COLORS.grey, width: textWidth, gap: 8 });
  pdf.text(t(LO, 'submission.receipt.title'), { size: 20, bold: true, width: textWidth });
  pdf.text(t(EN, 'submission.receipt.title'), { size: 14, bold: true, width: textWidth });
  pdf.text(both('subtitle'), { size: 10, color: PDF_COLORS.grey, width: textWidth });
  pdf.y = Math.max(pdf.y, top + qrSize) + 18;

  // Key facts as label | value rows.
  const row = (key: string, value: string, mono = false) => ({
    label: t(LO, `submission.receipt.${key}`),
    hint: t(EN, `submission.receipt.${key}`),
    value,
    mono,
  });
  pdf.fields([
    row('company', `${input.companyNameLo}\n${input.companyNameEn}`),
    row('tin', input.tin),
    row('bookYear', String(input.bookYear)),
    row('reference', input.reference, true),
    row('acceptedAt', vientianeDateTime(input.acceptedAt)),
    row('acceptedBy', input.acceptedBy),
    ...(input.size ? [row('size', input.size)] : []),
  ]);

  // The files.
  pdf.rule(16);
  pdf.heading(both('files'), { level: 3 });
  input.files.forEach((file, i) => {
    pdf.ensureSpace(60);
    pdf.text(`${i + 1}. ${file.slotLo} · ${file.slotEn}`, { x: pdf.left, size: 10, bold: true });
    pdf.text(file.name, { x: pdf.left + 14, size: 10 });
    pdf.text(`SHA-256 ${file.sha256}`, { x: pdf.left + 14, size: 8.5, mono: true, color: PDF_COLORS.grey, gap: 6 });
  });

  // How to check it.
  pdf.ensureSpace(150);
  pdf.space(8);
  pdf.text(t(LO, 'submission.receipt.note'), { x: pdf.left, size: 9.5, gap: 2 });
  pdf.text(t(EN, 'submission.receipt.note'), { size: 9, color: PDF_COLORS.grey, gap: 6 });
  pdf.text(t(LO, 'submission.receipt.scan'), { size: 9.5 });
  pdf.text(t(EN, 'submission.receipt.scan'), { size: 9, color: PDF_COLORS.grey });
  pdf.text(input.verifyUrl, { size: 8, mono: true, color: PDF_COLORS.blue, link: input.verifyUrl, y: pdf.y + 2 });
  return pdf.toBuffer();
}
