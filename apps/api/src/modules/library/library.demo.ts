import type { Config } from '../../config';
import type { SeedStep } from '../../db/seed-step';
import { createPdf, PDF_COLORS, providerHeader } from '../../lib/pdf';
import { shipDocument } from './library.seed';

/**
 * The demo's law book and accounting licence (issue 30), made by lib/pdf at the first start of a demo database, so
 * both screens show a real, searchable PDF. Sources and terms: docs/content-sources.md.
 *
 * The law book holds reference sheets, not the official texts: the English translations of the Law on Accounting
 * and of its implementing Instruction are published by the Lao government (Lao Services Portal, Ministry of
 * Industry and Commerce), but no copy that the product may redistribute was available when this was written. Each
 * sheet says so on its first line, gives the instrument's number, dates and issuer, where the official text is, and
 * what it governs, in the product's own words. Staff replace them with the official PDFs through /staff/library
 * (a new version of the same document). The licence is a sample the product makes, marked SAMPLE on every page.
 */

/** A fixed date: the same bytes at every demo start. */
const MADE = new Date('2024-01-15T03:00:00Z');

interface Sheet {
  slug: string;
  titleLo: string;
  titleEn: string;
  numberLine: string;
  facts: { label: string; hint: string; value: string }[];
  about: { lo: string; en: string }[];
}

const NOT_OFFICIAL = {
  lo: 'ເອກະສານອ້າງອີງ — ບໍ່ແມ່ນສະບັບທາງການ. ສະບັບທາງການແມ່ນສະບັບທີ່ລັດຖະບານ ສປປ ລາວ ພິມເຜີຍແຜ່ (ເບິ່ງ "ບ່ອນອ່ານສະບັບທາງການ").',
  en: 'Reference sheet — not the official text. The official text is the one published by the Government of the Lao PDR (see "Where to read the official text").',
};

export const SHEETS: Sheet[] = [
  {
    slug: 'demo-law-on-accounting-47-na-2013',
    titleLo: 'ກົດໝາຍວ່າດ້ວຍການບັນຊີ (ສະບັບປັບປຸງ) ເລກທີ 47/ສພຊ, 2013 — ເອກະສານອ້າງອີງ',
    titleEn: 'Law on Accounting (Amended) No. 47/NA of 2013 — reference sheet',
    numberLine: '47/ສພຊ · 47/NA · 26/12/2013',
    facts: [
      { label: 'ເລກທີ', hint: 'Number', value: '47/ສພຊ (47/NA)' },
      { label: 'ຮັບຮອງໂດຍ', hint: 'Adopted by', value: 'ສະພາແຫ່ງຊາດ ສປປ ລາວ · National Assembly of the Lao PDR, 26/12/2013' },
      { label: 'ມີຜົນບັງຄັບໃຊ້', hint: 'In force', value: '2014' },
      { label: 'ແທນ', hint: 'Replaces', value: 'ກົດໝາຍວ່າດ້ວຍການບັນຊີ ເລກທີ 01/ສພຊ, 2007 · Law on Accounting No. 01/NA of 2007' },
      { label: 'ຜູ້ຮັບຜິດຊອບ', hint: 'Responsible agency', value: 'ກະຊວງການເງິນ · Ministry of Finance' },
      {
        label: 'ບ່ອນອ່ານສະບັບທາງການ',
        hint: 'Where to read the official text',
        value:
          'Lao Services Portal (lsp.moic.gov.la), Legal documents: "Amended Accounting Law No. 47/NA"; ຈົດໝາຍເຫດທາງລັດຖະການ · the Official Gazette',
      },
    ],
    about: [
      {
        lo: 'ກົດໝາຍສະບັບນີ້ກຳນົດຫຼັກການ, ລະບຽບການ ແລະ ມາດຕະການກ່ຽວກັບວຽກງານບັນຊີ ຂອງຫົວໜ່ວຍບັນຊີລັດ ແລະ ວິສາຫະກິດໃນ ສປປ ລາວ.',
        en: 'The law sets the principles, rules and measures of accounting work for government accounting entities and for enterprises in the Lao PDR.',
      },
      {
        lo: 'ມັນກຳນົດມາດຕະຖານການລາຍງານການເງິນ: ມາດຕະຖານສຳລັບຫົວໜ່ວຍບັນຊີລັດ, ສຳລັບວິສາຫະກິດທີ່ມີຜົນປະໂຫຍດສາທາລະນະ ແລະ ສຳລັບວິສາຫະກິດທີ່ບໍ່ມີຜົນປະໂຫຍດສາທາລະນະ.',
        en: 'It defines the financial reporting standards: for government accounting entities, for public-interest entities and for non-public-interest entities.',
      },
      {
        lo: 'ມັນກຳນົດການຈັດຕັ້ງປະຕິບັດວຽກງານບັນຊີ: ການບັນທຶກ ແລະ ຈັດປະເພດຂໍ້ມູນ, ການປິດບັນຊີ, ເອກະສານ ແລະ ປຶ້ມບັນຊີ, ຜັງບັນຊີ ແລະ ໃບລາຍງານການເງິນ.',
        en: 'It governs how accounting is done: recording and classifying data, closing the books, accounting documents and books, the chart of accounts, and the financial statements.',
      },
      {
        lo: 'ບັນຊີ ແລະ ໃບລາຍງານການເງິນ ເຮັດເປັນພາສາລາວ ແລະ ເປັນເງິນກີບ; ປີບັນຊີແມ່ນປີປະຕິທິນ.',
        en: 'Books and financial statements are kept in the Lao language and in kip; the accounting year is the calendar year.',
      },
      {
        lo: 'ໃນລະບົບນີ້: ໃບລາຍງານການເງິນປະຈຳປີຂອງປີບັນຊີໃດໜຶ່ງ ຕ້ອງຍື່ນພາຍໃນວັນທີ 31 ມີນາ ຂອງປີຖັດໄປ.',
        en: 'In this portal: the annual financial statements of a book year are due by 31 March of the next year.',
      },
    ],
  },
  {
    slug: 'demo-instruction-531-mof-2016',
    titleLo: 'ຄຳແນະນຳ ກ່ຽວກັບການຈັດຕັ້ງປະຕິບັດກົດໝາຍວ່າດ້ວຍການບັນຊີ ເລກທີ 531/ກງ, 2016 — ເອກະສານອ້າງອີງ',
    titleEn: 'Instruction on the Implementation of the Accounting Law No. 531/MoF of 2016 — reference sheet',
    numberLine: '531/ກງ · 531/MoF · 26/02/2016',
    facts: [
      { label: 'ເລກທີ', hint: 'Number', value: '531/ກງ (531/MoF)' },
      { label: 'ອອກໂດຍ', hint: 'Issued by', value: 'ລັດຖະມົນຕີ ກະຊວງການເງິນ · the Minister of Finance, 26/02/2016' },
      { label: 'ອີງຕາມ', hint: 'Pursuant to', value: 'ກົດໝາຍວ່າດ້ວຍການບັນຊີ ເລກທີ 47/ສພຊ · Law on Accounting No. 47/NA of 26/12/2013' },
      {
        label: 'ບ່ອນອ່ານສະບັບທາງການ',
        hint: 'Where to read the official text',
        value: 'Lao Services Portal (lsp.moic.gov.la), Legal documents: "Instruction on the Implementation of the Accounting Law, No. 531/MoF"',
      },
    ],
    about: [
      {
        lo: 'ຄຳແນະນຳນີ້ອະທິບາຍບາງມາດຕາຂອງກົດໝາຍວ່າດ້ວຍການບັນຊີ ໃຫ້ລະອຽດ ແລະ ຈະແຈ້ງ, ເພື່ອໃຫ້ວຽກງານບັນຊີເປັນເອກະພາບໃນທົ່ວປະເທດ.',
        en: 'The instruction explains some articles of the Law on Accounting in more detail, so that accounting work is done the same way throughout the country.',
      },
      {
        lo: 'ມັນກ່ຽວກັບ: ມາດຕະຖານການລາຍງານການເງິນທີ່ແຕ່ລະຫົວໜ່ວຍນຳໃຊ້, ການຈັດຕັ້ງປະຕິບັດວຽກງານບັນຊີ, ໃບລາຍງານການເງິນ, ນັກບັນຊີ, ການກວດກາວຽກງານບັນຊີ ແລະ ມາດຕະການຕໍ່ຜູ້ລະເມີດ.',
        en: 'It covers which financial reporting standards each kind of entity uses, how accounting work is carried out, financial statements, accountants, supervision and inspection of accounting work, and measures against violators.',
      },
    ],
  },
];

export function sheetPdf(config: Config, sheet: Sheet): Promise<Buffer> {
  const pdf = createPdf({
    title: `${sheet.titleLo} · ${sheet.titleEn}`,
    lang: 'lo',
    header: providerHeader(config),
    footer: sheet.numberLine,
    subject: NOT_OFFICIAL.en,
    date: MADE,
  });
  pdf.heading(sheet.titleLo);
  pdf.heading(sheet.titleEn, { level: 2, color: PDF_COLORS.grey });
  pdf.paragraph(NOT_OFFICIAL.lo, { bold: true, color: '#b02a2a' });
  pdf.paragraph(NOT_OFFICIAL.en, { bold: true, color: '#b02a2a', gap: 12 });
  pdf.fields(sheet.facts);
  pdf.rule(16);
  pdf.heading('ເນື້ອໃນໂດຍຫຍໍ້ · What it governs', { level: 2 });
  for (const p of sheet.about) {
    pdf.paragraph(p.lo, { gap: 2 });
    pdf.paragraph(p.en, { color: PDF_COLORS.grey, gap: 10 });
  }
  return pdf.toBuffer();
}

export function licencePdf(config: Config): Promise<Buffer> {
  const pdf = createPdf({
    title: 'ຕົວຢ່າງ SAMPLE · ໃບອະນຸຍາດດຳເນີນທຸລະກິດບໍລິການບັນຊີ · Accounting service licence',
    lang: 'lo',
    header: 'ຕົວຢ່າງ — ບໍ່ແມ່ນໃບອະນຸຍາດແທ້ · SAMPLE — not a real licence',
    footer: 'SAMPLE · DEMO-LIC-0001',
    date: MADE,
  });
  pdf.text('ຕົວຢ່າງ · SAMPLE', { size: 44, bold: true, color: '#b02a2a', align: 'center', width: pdf.width, x: pdf.left, gap: 8 });
  pdf.heading('ໃບອະນຸຍາດດຳເນີນທຸລະກິດບໍລິການດ້ານບັນຊີ', { align: 'center' });
  pdf.heading('Licence to provide accounting services', { level: 2, align: 'center' });
  pdf.paragraph(
    'ເອກະສານນີ້ແມ່ນຕົວຢ່າງທີ່ລະບົບ ບັນຊີ ສ້າງຂຶ້ນເພື່ອສາທິດໜ້າ "ໃບອະນຸຍາດ". ມັນບໍ່ແມ່ນໃບອະນຸຍາດທີ່ກະຊວງການເງິນອອກໃຫ້. ຜູ້ໃຫ້ບໍລິການເອົາໃບອະນຸຍາດແທ້ຂອງຕົນມາແທນທີ່ໃນໜ້າ ຫ້ອງສະໝຸດເອກະສານ.',
    { bold: true },
  );
  pdf.paragraph(
    'This document is a sample made by the Bansi portal to show the licence screen. It is not a licence issued by the Ministry of Finance. The provider replaces it with its real licence in the document library.',
    { color: PDF_COLORS.grey, gap: 14 },
  );
  pdf.fields([
    { label: 'ອອກໃຫ້', hint: 'Issued to', value: `${config.PROVIDER_NAME_LO}\n${config.PROVIDER_NAME_EN}` },
    { label: 'ເລກທີໃບອະນຸຍາດ', hint: 'Licence number', value: 'DEMO-LIC-0001 (SAMPLE)' },
    { label: 'ປະເພດບໍລິການ', hint: 'Services', value: 'ຮັບ ແລະ ກວດກາເອກະສານບັນຊີປະຈຳປີ · Receiving and reviewing annual accounting documents' },
    { label: 'ໄລຍະເວລາ', hint: 'Valid', value: '2024-01-15 – 2026-12-31 (SAMPLE)' },
    { label: 'ທີ່ຢູ່', hint: 'Contact', value: `${config.PROVIDER_EMAIL} · ${config.PROVIDER_PHONES.join(', ')}` },
  ]);
  pdf.rule(16);
  pdf.text('ຕົວຢ່າງ · SAMPLE', { size: 28, bold: true, color: '#b02a2a', align: 'center', width: pdf.width, x: pdf.left });
  return pdf.toBuffer();
}

/** The law book's two reference sheets and the sample licence, in the demo (issue 30). */
export const libraryDemoSeed: SeedStep = {
  name: 'library-demo',
  kind: 'demo',
  async run(ctx) {
    for (const sheet of SHEETS)
      await shipDocument(ctx, {
        slug: sheet.slug,
        category: 'law',
        titleLo: sheet.titleLo,
        titleEn: sheet.titleEn,
        version: '1',
        documentDate: sheet.slug.includes('531') ? '2016-02-26' : '2013-12-26',
        fileName: `${sheet.slug.replace(/^demo-/, '')}-reference.pdf`,
        content: { bytes: await sheetPdf(ctx.config, sheet) },
      });
    await shipDocument(ctx, {
      slug: 'demo-accounting-licence-sample',
      category: 'license',
      titleLo: 'ໃບອະນຸຍາດບໍລິການບັນຊີ (ຕົວຢ່າງ)',
      titleEn: 'Accounting service licence (SAMPLE)',
      version: '1',
      documentDate: '2024-01-15',
      fileName: 'accounting-licence-SAMPLE.pdf',
      content: { bytes: await licencePdf(ctx.config) },
    });
  },
};
