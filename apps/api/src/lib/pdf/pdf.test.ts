import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatLak } from '@bansi/shared';
import { describe, expect, it } from 'vitest';
import { createTranslator, loadCatalogs } from '../i18n';
import { renderReceiptPdf } from '../../modules/submissions/submissions.receipt';
import { createPdf } from '.';
import { pdfText } from './pdf-text';

/** Lao with ຳ (alone, after a tone mark), ໍ, tone marks, above/below vowels and ໆ. */
const COMPANY_LO = 'ບໍລິສັດ ນ້ຳຄຳ ການຄ້າ ຈຳກັດ';
const SLOT_LO = 'ເອກະສານອື່ນໆ ປະຈຳປີ';
const FILE_NAME = 'ໃບລາຍງານການເງິນ ຕ່າງໆ 2023.pdf';
const t = createTranslator(loadCatalogs());

describe('lib/pdf text layer (pdftotext gives back the source text)', () => {
  it('a receipt: the company name, slot and file name come back exactly', async () => {
    const pdf = await renderReceiptPdf(t, {
      providerLo: 'ບັນຊີ ບໍລິການບັນຊີ',
      providerEn: 'Bansi Accounting Service',
      companyNameLo: COMPANY_LO,
      companyNameEn: 'Nam Kham Trading Co., Ltd.',
      tin: '123456789',
      bookYear: 2023,
      reference: 'BS-2023-000123',
      acceptedAt: '2024-03-05T02:30:00Z',
      acceptedBy: 'ນາງ ຄຳແພງ',
      files: [{ slotLo: SLOT_LO, slotEn: 'Other documents', name: FILE_NAME, sha256: 'a'.repeat(64) }],
      verifyUrl: 'http://localhost:3000/qr/scan/7d3c5a55-1f7e-4a43-9f55-2d2f5e0f7b11/AAAAAAAAAAAAAAAAAAAAAA',
    });
    const text = await pdfText(pdf);
    for (const s of [
      COMPANY_LO,
      SLOT_LO,
      FILE_NAME,
      'ນາງ ຄຳແພງ',
      t('lo', 'submission.receipt.title'),
      'Nam Kham Trading Co., Ltd.',
      '2024-03-05 09:30 (UTC+7)',
      'BS-2023-000123',
    ])
      expect(text, s).toContain(s);
    // The old layer added a າ after every ຳ.
    expect(text).not.toContain('ຳາ');
    // The receipt's "…ແມ່ນແທ້:" ends in a tone mark drawn back over its base: no space before the colon.
    expect(text).toContain(t('lo', 'submission.receipt.scan'));
  });

  it('no stray space between a word ending in a mark and the punctuation after it', async () => {
    const pdf = createPdf({ title: 'marks', pageNumbers: false });
    pdf.paragraph('ແມ່ນແທ້: ແທ້. ນ້ຳ, ກີ້; (ຢັ້ງ)');
    expect((await pdfText(await pdf.toBuffer())).trim()).toBe('ແມ່ນແທ້: ແທ້. ນ້ຳ, ກີ້; (ຢັ້ງ)');
  });

  it('the shipped user guide: "ການນຳໃຊ້" and the other Lao words are found', async () => {
    const text = await pdfText(await readFile(join(import.meta.dirname, '../../../assets/guide/bansi-user-guide.pdf')));
    for (const s of ['ປຶ້ມຄູ່ມືການນຳໃຊ້ລະບົບ', 'ການນຳໃຊ້', 'ຂໍ້ມູນບໍລິສັດ ແລະ ເອກະສານຕ່າງໆ', 'ຊຳລະຄ່າບໍລິການ', 'ຜູ້ອຳນວຍການ', 'User guide']) expect(text, s).toContain(s);
    expect(text).not.toContain('ຳາ');
  });

  it('tables: LAK columns in the one formatter (₭ drawn, extracted as ₭), header and page numbers', async () => {
    const pdf = createPdf({ title: 'ທົດລອງ', header: 'ບັນຊີ ບໍລິການບັນຊີ · Bansi Accounting Service', footer: 'INV-1' });
    pdf.heading('ໃບແຈ້ງໜີ້ ຄ່າບໍລິການ');
    pdf.table({
      columns: [
        { title: 'ລາຍການ · Item', width: 3 },
        { title: 'ຈຳນວນເງິນ · Amount', lak: true },
      ],
      rows: [['ຄ່າກວດກາເອກະສານ ປະຈຳປີ', 1_500_000]],
      totals: ['ລວມ · Total', 1_500_000],
    });
    pdf.table({ columns: [{ title: 'Item' }, { title: 'Amount', lak: true }], rows: [['Review fee', 250_000]], lang: 'en' });
    pdf.newPage().paragraph('ໜ້າທີສອງ');
    const text = await pdfText(await pdf.toBuffer());
    // pdftotext writes the no-break space of "LAK 250,000" as a plain space.
    const amounts = [formatLak(1_500_000, 'lo'), formatLak(250_000, 'en')].map((a) => a.replace(/\u00A0/g, ' '));
    for (const s of ['ໃບແຈ້ງໜີ້ ຄ່າບໍລິການ', 'ຄ່າກວດກາເອກະສານ ປະຈຳປີ', ...amounts, 'ບັນຊີ ບໍລິການບັນຊີ · Bansi Accounting Service', 'ໜ້າທີສອງ'])
      expect(text, s).toContain(s);
    expect(text).toMatch(/1 ?\/ ?2/);
    expect(text).toMatch(/2 ?\/ ?2/);
    expect(formatLak(1_500_000, 'lo')).toContain('₭');
  });
});
