// Makes the user guide the product ships (apps/api/assets/guide/bansi-user-guide.pdf): a short guide
// to the portal in Lao and in English, with an outline, typeset by lib/pdf (Noto Sans Lao, exact text
// layer: "ການນຳໃຊ້" is found by a search). Check the shaping by rasterising:
//   pdftoppm -r 150 -png apps/api/assets/guide/bansi-user-guide.pdf /tmp/guide
//
//   npm run make:guide -w @bansi/api [-- output.pdf]
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPdf, PDF_COLORS } from '../src/lib/pdf';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? join(here, '../assets/guide/bansi-user-guide.pdf'));

// A fixed date keeps the file byte-for-byte the same each time it is made.
const MADE = new Date(Date.UTC(2024, 0, 15, 3, 0, 0));

const lao: Part = {
  part: 'ພາກທີ 1: ຄູ່ມືການນຳໃຊ້ (ພາສາລາວ)',
  sections: [
    [
      '1. ລົງທະບຽນ ແລະ ເຂົ້າສູ່ລະບົບ',
      'ລົງທະບຽນບໍລິສັດຂອງທ່ານ ດ້ວຍເລກປະຈຳຕົວຜູ້ເສຍອາກອນ ແລະ ເລກທະບຽນວິສາຫະກິດ. ຫຼັງຈາກນັ້ນ ເຂົ້າສູ່ລະບົບ ດ້ວຍອີເມວ ຫຼື ເບີໂທລະສັບ ແລະ ລະຫັດຜ່ານຂອງທ່ານ.',
    ],
    [
      '2. ຂໍ້ມູນບໍລິສັດ',
      'ກວດສອບຂໍ້ມູນບໍລິສັດ ແລະ ເອກະສານຕ່າງໆ: ຊື່ບໍລິສັດ, ທີ່ຢູ່ ແລະ ຜູ້ລົງລາຍເຊັນ: ເຈົ້າຂອງບັນຊີ (ຜູ້ອຳນວຍການ), ຜູ້ຖືບັນຊີ ແລະ ຜູ້ກວດກາບັນຊີ. ຜູ້ບໍລິຫານບັນຊີຂອງບໍລິສັດ ສາມາດເຊີນເພື່ອນຮ່ວມງານ ເຂົ້າມາໃຊ້ລະບົບໄດ້.',
    ],
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

const english: Part = {
  part: 'Part 2: User guide (English)',
  sections: [
    [
      '1. Register and log in',
      'Register your company with its tax identification number and enterprise registration number. Then log in with your e-mail address or phone number and your password.',
    ],
    [
      '2. Company profile',
      'Check the details and documents of the company: its name, the address and the signatories: the account owner (director), the account holder and the account checker. A company administrator can invite colleagues to use the portal.',
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

interface Part {
  part: string;
  sections: [string, string][];
}

const pdf = createPdf({
  title: 'ປຶ້ມຄູ່ມືການນຳໃຊ້ລະບົບ ບັນຊີ · Bansi user guide',
  lang: 'lo',
  header: null,
  footer: 'Bansi user guide 1.0',
  author: 'Bansi Accounting Service',
  subject: 'How to use the Bansi annual accounting document portal',
  keywords: 'Bansi, user guide, accounting, Lao PDR, ຄູ່ມື',
  creator: 'apps/api/scripts/make-user-guide.ts',
  date: MADE,
  margins: { top: 56, bottom: 60, left: 64, right: 64 },
});

// ---- page 1: cover and contents ----
pdf.raw.outline.addItem('ບັນຊີ · Bansi');
pdf.space(48);
pdf.text('ບັນຊີ · Bansi', { x: pdf.left, size: 30, bold: true, color: PDF_COLORS.blue, align: 'center', gap: 14 });
pdf.text('ປຶ້ມຄູ່ມືການນຳໃຊ້ລະບົບ', { size: 20, bold: true, align: 'center', gap: 4 });
pdf.text('User guide', { size: 20, bold: true, align: 'center', gap: 18 });
pdf.text('ລະບົບສົ່ງເອກະສານບັນຊີປະຈຳປີ ສຳລັບວິສາຫະກິດ ໃນ ສປປ ລາວ', { size: 12, color: PDF_COLORS.grey, align: 'center', gap: 2 });
pdf.text('The annual accounting document portal for enterprises in the Lao PDR', { size: 12, color: PDF_COLORS.grey, align: 'center', gap: 30 });
pdf.text('ສາລະບານ · Contents', { size: 14, bold: true, gap: 8 });
pdf.text(`${lao.part} ........ 2`, { size: 12, gap: 4 });
pdf.text(`${english.part} ........ 3`, { size: 12, gap: 30 });
pdf.text('ສະບັບ 1.0 · Version 1.0 · 2024-01-15', { size: 10, color: PDF_COLORS.grey, align: 'center' });

function part(content: Part, lineGap: number) {
  pdf.newPage();
  pdf.heading(content.part, { level: 1, outline: true });
  pdf.space(6);
  for (const [title, body] of content.sections) {
    pdf.heading(title, { level: 3, outline: true });
    pdf.paragraph(body, { size: 10.5, gap: 9, lineGap });
  }
}

// Lao needs room above and below the line for vowels and tone marks.
part(lao, 3);
part(english, 0);
writeFileSync(out, await pdf.toBuffer());
console.log(`wrote ${out}`);
