/**
 * lib/pdf — every PDF the product makes is set here (DESIGN §8.1; decisions 060, 061).
 *
 * Noto Sans Lao from @fontsource/noto-sans-lao (OFL; its Lao and Latin subsets, regular and bold),
 * text split into Lao/Latin runs, shaped by PDFKit's fontkit, with an exact text layer: pdftotext and
 * pdf.js give back the source text (ຳ, ໍ, tone marks, ໆ; ₭ too, which the font lacks and is drawn).
 *
 *   import { createPdf, providerHeader, vientianeDateTime } from '../../lib/pdf';
 *
 *   const pdf = createPdf({
 *     title: 'ໃບແຈ້ງໜີ້ · Invoice INV-2024-0001', // metadata title
 *     lang: 'lo',                                   // /Lang and how LAK amounts are written
 *     header: providerHeader(deps.config),          // running header: the provider's name
 *     footer: 'INV-2024-0001',                      // beside "n / total" at the foot of each page
 *   });
 *   pdf.heading('ໃບແຈ້ງໜີ້ · Invoice');                        // level 1 (18 pt, blue); { level: 2 | 3 }
 *   pdf.paragraph('ບໍລິສັດ ຕົວຢ່າງ ຈຳກັດ · Example Co., Ltd.');  // Lao and Latin mixed freely
 *   pdf.fields([{ label: 'ເລກທີ', hint: 'Number', value: 'INV-2024-0001', mono: true }]);
 *   pdf.table({
 *     columns: [{ title: 'ລາຍການ · Item', width: 3 }, { title: 'ຈຳນວນເງິນ · Amount', lak: true }],
 *     rows: [['ຄ່າບໍລິການ · Service fee', 1_500_000]],
 *     totals: ['ລວມ · Total', 1_500_000],           // numbers in lak columns go through formatLak
 *   });
 *   pdf.qr(url, { size: 96 });                      // vector QR; { x, y } to place it anywhere
 *   pdf.text('…', { x, y, width, size, bold, color, align, mono, link, gap });   // the general form
 *   const bytes: Buffer = await pdf.toBuffer();      // adds header, footer and page numbers, ends it
 *
 * Also: `rule()`, `space(pt)`, `ensureSpace(pt)`, `newPage()`, `heightOf(text, style)`, the page
 * geometry `left/right/width/bottom/y`, and `raw` (PDFKit itself) for lines and shapes — write text
 * only through `text()` (a font chosen by hand misses either the Lao or the Latin glyphs). Text is
 * left-aligned when it wraps; `align: 'right' | 'center'` applies to one-line text (table cells).
 * `lak(amount, lng)` formats like the tables; `vientianeDateTime(iso)` prints a time in Asia/Vientiane.
 * Test what you make with `pdfText(bytes)` from ./pdf-text (pdftotext, in tests only).
 */
export { createPdf, lak, providerHeader, vientianeDateTime, PdfDocument, PDF_COLORS } from './document';
export type { HeadingStyle, PdfOptions, TableCell, TableColumn, TableSpec, TextStyle } from './document';
export { fontFile, scriptRuns } from './fonts';
