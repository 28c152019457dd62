import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTranslator, loadCatalogs } from '../i18n';
import { renderNotesPdf } from '../../modules/notes/notes.pdf';
import { fixtureNotes } from '../../modules/notes/notes.pdf.fixture';
import { renderReceiptPdf } from '../../modules/submissions/submissions.receipt';
import { createPdf } from '.';

const run = promisify(execFile);
const t = createTranslator(loadCatalogs());

/** What poppler says of a PDF: pdfinfo (tagged, title), pdffonts (embedded), pdfinfo -struct-text (the structure tree). */
async function poppler(pdf: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'bansi-tagged-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const [info, fonts, struct] = await Promise.all([
      run('pdfinfo', ['-enc', 'UTF-8', file]),
      run('pdffonts', [file]),
      run('pdfinfo', ['-struct-text', '-enc', 'UTF-8', file]),
    ]);
    const fontRows = fonts.stdout.split('\n').slice(2).filter(Boolean);
    return { info: info.stdout, fontRows, struct: struct.stdout, raw: pdf.toString('latin1') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function expectAccessible(p: Awaited<ReturnType<typeof poppler>>, title: string, lang: string) {
  expect(p.info).toMatch(/^Tagged:\s+yes$/m);
  expect(p.info).toContain(`Title:           ${title}`);
  expect(p.raw).toMatch(new RegExp(`/Lang \\(${lang}\\)`));
  expect(p.raw).toMatch(/\/DisplayDocTitle true/);
  expect(p.raw).toMatch(/\/MarkInfo/);
  // every font the document uses is embedded (the "emb" column), none is a base-14 font such as Courier
  expect(p.fontRows.length).toBeGreaterThan(0);
  for (const row of p.fontRows) expect(row.split(/\s+/).at(-5), row).toBe('yes');
  expect(p.struct.split('\n')[0]).toBe('Document');
}

describe('generated PDFs are tagged and embed their fonts', () => {
  it('lib/pdf: headings, paragraphs, a table of TH/TD cells and a figure, in reading order; page furniture is not content', async () => {
    const pdf = createPdf({
      title: 'ໃບແຈ້ງໜີ້ · Invoice INV-2024-000001',
      lang: 'lo',
      header: 'ບັນຊີ ບໍລິການບັນຊີ · Bansi Accounting Service',
      footer: 'INV-2024-000001',
    });
    pdf.heading('ໃບແຈ້ງໜີ້ · Invoice');
    pdf.paragraph('ບໍລິສັດ ຕົວຢ່າງ ຈຳກັດ · Example Co., Ltd.');
    pdf.text('a1b2c3d4e5f6', { mono: true });
    pdf.table({
      columns: [
        { title: 'ລາຍການ · Item', width: 3 },
        { title: 'ຈຳນວນເງິນ · Amount', lak: true },
      ],
      rows: [['ຄ່າບໍລິການ · Service fee', 1_500_000]],
    });
    pdf.qr('http://localhost:3000/qr/scan/a/b');
    pdf.heading('ໝາຍເຫດ · Notes', { level: 2 });
    pdf.paragraph('ສຸດທ້າຍ · The end');
    const p = await poppler(await pdf.toBuffer());
    expectAccessible(p, 'ໃບແຈ້ງໜີ້ · Invoice INV-2024-000001', 'lo');
    const order = ['H1', 'P', 'P', 'Table', 'Figure', 'H2', 'P'];
    const top = p.struct
      .split('\n')
      .filter((l) => /^ {2}\S/.test(l))
      .map((l) => l.trim().split(' ')[0]);
    expect(top).toEqual(order);
    for (const tag of ['TR', 'TH', 'TD']) expect(p.struct).toMatch(new RegExp(`^\\s+${tag}\\b`, 'm'));
    // (poppler's -struct-text stops a fragment at a Lao ActualText span — decision 061 — so whole runs are checked
    // on text without vowel signs; pdftotext reads the rest)
    expect(p.struct).toMatch(/H1 \(block\)\n\s+"ໃບແຈ້ງໜີ້/);
    expect(p.struct).toContain('"ລາຍການ · Item"');
    expect(p.struct).toContain('"a1b2c3d4e5f6"');
    expect(p.struct).toMatch(/Figure[^\n]*\n/);
    // the running header, the footer and "1 / 1" are artifacts: not in the structure
    expect(p.struct).not.toContain('Bansi Accounting Service');
    expect(p.struct).not.toContain('INV-2024-000001"');
    expect(p.fontRows.some((r) => r.includes('NotoSansMono'))).toBe(true);
  });

  it('the acknowledgement receipt (its ids and hashes in the embedded mono face) and the notes PDF in English', async () => {
    const receipt = await renderReceiptPdf(t, {
      providerLo: 'ບັນຊີ ບໍລິການບັນຊີ',
      providerEn: 'Bansi Accounting Service',
      companyNameLo: 'ບໍລິສັດ ນ້ຳຄຳ ຈຳກັດ',
      companyNameEn: 'Nam Kham Co., Ltd.',
      tin: '123456789',
      bookYear: 2023,
      reference: 'BS-2023-000123',
      acceptedAt: '2024-03-05T02:30:00Z',
      acceptedBy: 'ນາງ ຄຳແພງ',
      files: [{ slotLo: 'ໃບດຸ່ນດ່ຽງ', slotEn: 'Balance sheet', name: 'balance.pdf', sha256: 'a'.repeat(64) }],
      verifyUrl: 'http://localhost:3000/qr/scan/x/y',
    });
    const r = await poppler(receipt);
    expectAccessible(r, 'ໃບຢັ້ງຢືນການຮັບເອກະສານ · Acknowledgement receipt 2023', 'lo');
    expect(r.struct.match(/^ {2}P \(block\)/gm)!.length).toBeGreaterThan(10);
    expect(r.struct).toMatch(/^ {2}Figure/m);
    const notes = await renderNotesPdf(t, fixtureNotes(2, 'en'));
    const n = await poppler(notes);
    expect(n.info).toMatch(/^Tagged:\s+yes$/m);
    expect(n.raw).toMatch(/\/Lang \(en\)/);
    for (const row of n.fontRows) expect(row.split(/\s+/).at(-5), row).toBe('yes');
    expect(n.struct).toMatch(/^\s+Table\b/m);
  });
});
