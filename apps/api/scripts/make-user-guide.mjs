// Makes the user guide the product ships (apps/api/assets/guide/bansi-user-guide.pdf): a short guide
// to the portal in Lao and in English, with an outline. Lao is set in Noto Sans Lao from the npm
// package @fontsource/noto-sans-lao (OFL), never a system font; PDFKit (fontkit) shapes it.
// Check the shaping by rasterising: pdftoppm -r 150 -png bansi-user-guide.pdf /tmp/guide
//
//   node apps/api/scripts/make-user-guide.mjs [output.pdf]
import { createWriteStream, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? join(here, '../assets/guide/bansi-user-guide.pdf'));
const require = createRequire(import.meta.url);
const fontDir = join(dirname(require.resolve('@fontsource/noto-sans-lao/package.json')), 'files');
const font = (subset, weight) => join(fontDir, `noto-sans-lao-${subset}-${weight}-normal.woff`);

// A fixed date keeps the file byte-for-byte the same each time it is made.
const MADE = new Date(Date.UTC(2024, 0, 15, 3, 0, 0));

const doc = new PDFDocument({
  size: 'A4',
  margins: { top: 56, bottom: 60, left: 64, right: 64 },
  autoFirstPage: false,
  bufferPages: true,
  pdfVersion: '1.7',
  lang: 'lo',
  displayTitle: true,
  info: {
    Title: 'ປຶ້ມຄູ່ມືການນຳໃຊ້ລະບົບ ບັນຊີ · Bansi user guide',
    Author: 'Bansi Accounting Service',
    Subject: 'How to use the Bansi annual accounting document portal',
    Keywords: 'Bansi, user guide, accounting, Lao PDR, ຄູ່ມື',
    Creator: 'apps/api/scripts/make-user-guide.mjs',
    Producer: 'Bansi (PDFKit)',
    CreationDate: MADE,
    ModDate: MADE,
  },
});
mkdirSync(dirname(out), { recursive: true });
doc.pipe(createWriteStream(out));

doc.registerFont('lao', font('lao', 400));
doc.registerFont('lao-bold', font('lao', 700));
doc.registerFont('latin', font('latin', 400));
doc.registerFont('latin-bold', font('latin', 700));

const BLUE = '#1c6bd1';
const GREY = '#5c5f66';

/** Splits text into runs of Lao and of everything else, so each run gets a font that has its glyphs. */
function runs(text) {
  const out = [];
  for (const ch of text) {
    const lao = /[\u0E80-\u0EFF\u200B-\u200D]/.test(ch);
    const last = out[out.length - 1];
    const neutral = ch === ' ';
    if (last && (last.lao === lao || neutral)) last.text += ch;
    else out.push({ lao, text: ch });
  }
  return out;
}

function write(text, { size = 11, bold = false, color = '#1a1b1e', gap = 6, ...options } = {}) {
  const parts = runs(text);
  doc.fillColor(color).fontSize(size);
  parts.forEach((part, i) => {
    const name = `${part.lao ? 'lao' : 'latin'}${bold ? '-bold' : ''}`;
    doc.font(name).text(part.text, { lineGap: 4, ...options, continued: i < parts.length - 1 });
  });
  doc.moveDown(gap / size);
}

/** One centred line of mixed Lao and Latin: PDFKit cannot centre text continued across fonts. */
function centred(text, { size = 11, bold = false, color = '#1a1b1e', gap = 6 } = {}) {
  const parts = runs(text).map((part) => ({ ...part, name: `${part.lao ? 'lao' : 'latin'}${bold ? '-bold' : ''}` }));
  doc.fontSize(size).fillColor(color);
  const widths = parts.map((part) => doc.font(part.name).widthOfString(part.text));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let x = left + (width - widths.reduce((a, b) => a + b, 0)) / 2;
  const y = doc.y;
  parts.forEach((part, i) => {
    doc.font(part.name).text(part.text, x, y, { lineBreak: false });
    x += widths[i];
  });
  doc.x = left;
  doc.y = y + doc.currentLineHeight(true) + gap;
}

function footer(text) {
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - 44;
    // Inside the bottom margin: lift the margin while writing, or PDFKit starts a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('latin').fontSize(8).fillColor(GREY);
    doc.text(`${text} · ${i + 1}/${pages.count}`, 64, y, { width: doc.page.width - 128, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

const lao = {
  part: 'ພາກທີ 1: ຄູ່ມືການນຳໃຊ້ (ພາສາລາວ)',
  sections: [
    [
      '1. ລົງທະບຽນ ແລະ ເຂົ້າສູ່ລະບົບ',
      'ລົງທະບຽນບໍລິສັດຂອງທ່ານ ດ້ວຍເລກປະຈຳຕົວຜູ້ເສຍອາກອນ ແລະ ເລກທະບຽນວິສາຫະກິດ. ຫຼັງຈາກນັ້ນ ເຂົ້າສູ່ລະບົບ ດ້ວຍອີເມວ ຫຼື ເບີໂທລະສັບ ແລະ ລະຫັດຜ່ານຂອງທ່ານ.',
    ],
    ['2. ຂໍ້ມູນບໍລິສັດ', 'ກວດສອບຊື່ບໍລິສັດ, ທີ່ຢູ່ ແລະ ຜູ້ລົງລາຍເຊັນ: ເຈົ້າຂອງບັນຊີ (ຜູ້ອຳນວຍການ), ຜູ້ຖືບັນຊີ ແລະ ຜູ້ກວດກາບັນຊີ. ຜູ້ບໍລິຫານບັນຊີຂອງບໍລິສັດ ສາມາດເຊີນເພື່ອນຮ່ວມງານ ເຂົ້າມາໃຊ້ລະບົບໄດ້.'],
    [
      '3. ສົ່ງເອກະສານບັນຊີປະຈຳປີ',
      'ເລືອກປີບັນຊີ, ປ້ອນຈຳນວນພະນັກງານສະເລ່ຍ, ຊັບສິນທັງໝົດ ແລະ ລາຍຮັບປະຈຳປີ (ກີບ). ອັບໂຫຼດໄຟລ໌ ໃສ່ແຕ່ລະຊ່ອງ ຂອງລາຍການເອກະສານ ແລ້ວກົດ "ສົ່ງ". ໃບລາຍງານການເງິນ ຂອງປີບັນຊີ N ຕ້ອງສົ່ງ ພາຍໃນວັນທີ 31 ມີນາ ຂອງປີ N+1.',
    ],
    ['4. ບົດອະທິບາຍປະກອບໃບລາຍງານການເງິນ', 'ຂຽນບົດອະທິບາຍ ເປັນພາກສ່ວນ, ບັນທຶກເປັນສະບັບຮ່າງ ແລະ ສົ່ງໃຫ້ພະນັກງານກວດກາ. ທ່ານສາມາດເບິ່ງປະຫວັດ ຂອງເອກະສານທັງໝົດ ໄດ້ໃນໜ້າດຽວ.'],
    ['5. ຈອງເວລາສົ່ງເອກະສານຕົ້ນສະບັບ', 'ເລືອກວັນ ແລະ ເວລາ: ວັນຈັນ ຫາ ວັນສຸກ, 8:00 ຫາ 16:00. ທ່ານຈະໄດ້ຮັບລະຫັດການຈອງ ແລະ ລະຫັດ QR ເພື່ອສະແດງຕໍ່ພະນັກງານ ເມື່ອມາສົ່ງເອກະສານ.'],
    ['6. ຊຳລະຄ່າບໍລິການ', 'ເປີດໃບແຈ້ງໜີ້ ແລ້ວສະແກນ LAO QR ດ້ວຍແອັບທະນາຄານຂອງທ່ານ. ໃບຮັບເງິນຈະສະແດງ ເມື່ອການຊຳລະເງິນ ໄດ້ຮັບການຢືນຢັນແລ້ວ.'],
    [
      '7. ປຶ້ມຄູ່ມື, ກົດໝາຍ ແລະ ໃບອະນຸຍາດ',
      'ເອກະສານ PDF ເປີດໃນຕົວອ່ານ. ໃຊ້ແຖບເຄື່ອງມື ເພື່ອເລື່ອນໜ້າ, ຊອກຫາຂໍ້ຄວາມ, ຂະຫຍາຍ ຫຼື ຫຍໍ້, ໝຸນໜ້າ, ພິມ ແລະ ດາວໂຫຼດ. ແຖບດ້ານຂ້າງ ສະແດງຮູບຫຍໍ້ຂອງແຕ່ລະໜ້າ ແລະ ສາລະບານ.',
    ],
    ['8. ຕິດຕໍ່ພວກເຮົາ', 'ພວກເຮົາເປີດບໍລິການ ວັນຈັນ ຫາ ວັນສຸກ, 8:00 ຫາ 16:00. ເບີໂທລະສັບ ແລະ ອີເມວ ຢູ່ທາງລຸ່ມ ຂອງທຸກໜ້າຂອງເວັບໄຊ.'],
  ],
};

const english = {
  part: 'Part 2: User guide (English)',
  sections: [
    [
      '1. Register and log in',
      'Register your company with its tax identification number and enterprise registration number. Then log in with your e-mail address or phone number and your password.',
    ],
    [
      '2. Company profile',
      'Check the company name, the address and the signatories: the account owner (director), the account holder and the account checker. A company administrator can invite colleagues to use the portal.',
    ],
    [
      '3. Submit the annual documents',
      'Choose the book year; enter the average number of employees, total assets and annual income (LAK); upload a file into each slot of the document checklist and press "Submit". The financial statements of book year N are due by 31 March of year N+1.',
    ],
    [
      '4. Notes to the financial statements',
      'Write the notes section by section, save them as a draft and submit them to the service for review. All your documents are listed together on one page.',
    ],
    [
      '5. Book a time to hand in the originals',
      'Choose a day and a time, Monday to Friday from 8:00 to 16:00. You get a booking code and a QR code to show to the staff when you bring your documents.',
    ],
    ['6. Pay for the service', 'Open the invoice and scan its LAO QR code with your banking app. The receipt appears once the payment is confirmed.'],
    [
      '7. Guides, laws and the licence',
      'PDF documents open in the viewer. Use its toolbar to move between pages, search for text, zoom in or out, rotate, print and download. The sidebar shows a thumbnail of each page and the outline.',
    ],
    [
      '8. Contact us',
      'We are open Monday to Friday, 8 AM to 4 PM. Our phone numbers and e-mail address are at the bottom of every page of the portal.',
    ],
  ],
};

// ---- page 1: cover and contents ----
doc.addPage();
const cover = doc.outline.addItem('ບັນຊີ · Bansi');
doc.moveDown(4);
centred('ບັນຊີ · Bansi', { size: 30, bold: true, color: BLUE, gap: 14 });
centred('ປຶ້ມຄູ່ມືການນຳໃຊ້ລະບົບ', { size: 20, bold: true, gap: 4 });
centred('User guide', { size: 20, bold: true, gap: 18 });
centred('ລະບົບສົ່ງເອກະສານບັນຊີປະຈຳປີ ສຳລັບວິສາຫະກິດ ໃນ ສປປ ລາວ', { size: 12, color: GREY, gap: 2 });
centred('The annual accounting document portal for enterprises in the Lao PDR', { size: 12, color: GREY, gap: 30 });
write('ສາລະບານ · Contents', { size: 14, bold: true, gap: 8 });
write(`${lao.part} ........ 2`, { size: 12, gap: 4 });
write(`${english.part} ........ 3`, { size: 12, gap: 30 });
centred('ສະບັບ 1.0 · Version 1.0 · 2024-01-15', { size: 10, color: GREY });
void cover;

function part(content, lineGap) {
  doc.addPage();
  const item = doc.outline.addItem(content.part);
  write(content.part, { size: 18, bold: true, color: BLUE, gap: 14 });
  for (const [title, body] of content.sections) {
    item.addItem(title);
    write(title, { size: 12.5, bold: true, gap: 2 });
    write(body, { size: 10.5, gap: 9, align: 'left', lineGap });
  }
}

// Lao needs room above and below the line for vowels and tone marks.
part(lao, 3);
part(english, 0);
footer('Bansi user guide 1.0');
doc.end();
console.log(`wrote ${out}`);
