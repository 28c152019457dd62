import type { NotificationInput, PageInput, PostInput } from '@bansi/shared';
import sharp from 'sharp';
import type { SeedStep } from '../../db/seed-step';
import { createFileStore } from '../../lib/create-file-store';
import type { Deps } from '../../lib/deps';
import * as repo from './content.repository';
import * as content from './content.service';
import { systemActor } from '../audit';

const system: content.Actor = systemActor;

/** A plain cover picture drawn from shapes (no text, so no font is needed). */
async function cover(from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>
    <circle cx="980" cy="140" r="220" fill="#ffffff" fill-opacity="0.12"/>
    <circle cx="180" cy="560" r="260" fill="#ffffff" fill-opacity="0.08"/>
    <rect x="420" y="190" width="360" height="250" rx="18" fill="#ffffff" fill-opacity="0.9"/>
    <rect x="470" y="240" width="260" height="18" rx="9" fill="${from}"/>
    <rect x="470" y="290" width="200" height="14" rx="7" fill="${to}" fill-opacity="0.6"/>
    <rect x="470" y="330" width="230" height="14" rx="7" fill="${to}" fill-opacity="0.6"/>
    <rect x="470" y="370" width="160" height="14" rx="7" fill="${to}" fill-opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const posts: Array<PostInput & { colors?: [string, string] }> = [
  {
    slug: 'book-year-2023-deadline',
    category: 'news',
    titleLo: 'ກຳນົດເວລາຍື່ນເອກະສານບັນຊີປະຈຳປີ 2023',
    titleEn: 'Deadline for the 2023 annual accounting documents',
    summaryLo: 'ວິສາຫະກິດທຸກແຫ່ງຕ້ອງຍື່ນໃບລາຍງານການເງິນຂອງປີບັນຊີ 2023 ພາຍໃນວັນທີ 31 ມີນາ 2024.',
    summaryEn: 'Every enterprise must file the financial statements of book year 2023 by 31 March 2024.',
    bodyLo:
      '<p>ອີງຕາມກົດໝາຍວ່າດ້ວຍການບັນຊີ, ວິສາຫະກິດທຸກແຫ່ງຕ້ອງຍື່ນໃບລາຍງານການເງິນປະຈຳປີ ພາຍໃນວັນທີ 31 ມີນາ ຂອງປີຖັດໄປ.</p>' +
      '<h2>ເອກະສານທີ່ຕ້ອງກະກຽມ</h2><ul><li>ໃບລາຍງານຖານະການເງິນ</li><li>ໃບລາຍງານຜົນການດຳເນີນງານ</li><li>ໃບລາຍງານກະແສເງິນສົດ</li><li>ບົດອະທິບາຍປະກອບໃບລາຍງານການເງິນ</li></ul>' +
      '<p>ທ່ານສາມາດຍື່ນເອກະສານຜ່ານລະບົບອອນລາຍ ແລະ ນັດໝາຍເວລາສົ່ງເອກະສານຕົ້ນສະບັບໄດ້ທັນທີ.</p>',
    bodyEn:
      '<p>Under the Law on Accounting, every enterprise files its annual financial statements by 31 March of the following year.</p>' +
      '<h2>What to prepare</h2><ul><li>Balance sheet</li><li>Income statement</li><li>Cash-flow statement</li><li>Notes to the financial statements</li></ul>' +
      '<p>You can submit the documents online and book a time to hand in the paper originals straight away.</p>',
    colors: ['#1c7ed6', '#15aabf'],
  },
  {
    slug: 'online-submission-opens',
    category: 'news',
    titleLo: 'ເປີດນຳໃຊ້ລະບົບຍື່ນເອກະສານບັນຊີອອນລາຍ',
    titleEn: 'Online submission of accounting documents is open',
    summaryLo: 'ບໍລິສັດສາມາດລົງທະບຽນ, ອັບໂຫຼດເອກະສານ ແລະ ຕິດຕາມຜົນການກວດກາໄດ້ໃນບ່ອນດຽວ.',
    summaryEn: 'Companies can register, upload their documents and follow the review in one place.',
    bodyLo:
      '<p>ນັບແຕ່ມື້ນີ້ເປັນຕົ້ນໄປ, ບໍລິສັດສາມາດຍື່ນເອກະສານບັນຊີປະຈຳປີຜ່ານລະບົບອອນລາຍ ໂດຍບໍ່ຈຳເປັນຕ້ອງເດີນທາງມາຫ້ອງການ.</p>' +
      '<p>ລະບົບຈະກວດເອກະສານກ່ອນສົ່ງ ແລະ ແຈ້ງໃຫ້ທ່ານຮູ້ເມື່ອພະນັກງານກວດກາສຳເລັດ.</p>',
    bodyEn:
      '<p>From today, companies can file their annual accounting documents online, without travelling to the office.</p>' +
      '<p>The system checks your documents before you submit and tells you when our staff have finished the review.</p>',
    colors: ['#2f9e44', '#74b816'],
  },
  {
    slug: 'sme-reporting-training',
    category: 'training',
    titleLo: 'ຝຶກອົບຮົມການລາຍງານການເງິນສຳລັບວິສາຫະກິດຂະໜາດນ້ອຍ ແລະ ກາງ',
    titleEn: 'Training: financial reporting for small and medium enterprises',
    summaryLo: 'ກອງປະຊຸມສຳມະນາເຄິ່ງວັນ ສຳລັບນັກບັນຊີຂອງວິສາຫະກິດຂະໜາດນ້ອຍ ແລະ ກາງ ທີ່ນະຄອນຫຼວງວຽງຈັນ.',
    summaryEn: 'A half-day seminar in Vientiane Capital for accountants of small and medium enterprises.',
    bodyLo: '<p>ຫົວຂໍ້: ການກະກຽມໃບລາຍງານການເງິນປະຈຳປີ, ບົດອະທິບາຍປະກອບ ແລະ ຂໍ້ຜິດພາດທີ່ພົບເລື້ອຍ.</p>' + '<p>ກະລຸນາລົງທະບຽນລ່ວງໜ້າທາງໂທລະສັບ ຫຼື ອີເມວຂອງພວກເຮົາ.</p>',
    bodyEn:
      '<p>Topics: preparing the annual financial statements, the notes, and the mistakes we see most often.</p>' +
      '<p>Please register in advance by phone or e-mail.</p>',
    colors: ['#f08c00', '#e8590c'],
  },
  {
    slug: 'law-on-accounting-reminder',
    category: 'regulation',
    titleLo: 'ທົບທວນກົດໝາຍວ່າດ້ວຍການບັນຊີ ເລກທີ 47/ສພຊ',
    titleEn: 'A reminder of the Law on Accounting No. 47/NA',
    summaryLo: 'ສິ່ງທີ່ວິສາຫະກິດຕ້ອງຮູ້ກ່ຽວກັບການເກັບຮັກສາປຶ້ມບັນຊີ ແລະ ການລາຍງານປະຈຳປີ.',
    summaryEn: 'What enterprises need to know about keeping their books and annual reporting.',
    bodyLo:
      '<p>ກົດໝາຍວ່າດ້ວຍການບັນຊີ ກຳນົດໃຫ້ວິສາຫະກິດເກັບຮັກສາປຶ້ມບັນຊີ ແລະ ເອກະສານຢັ້ງຢືນ ແລະ ລາຍງານການເງິນປະຈຳປີຕາມກຳນົດເວລາ.</p>' +
      '<p>ເບິ່ງເນື້ອໃນສະບັບເຕັມໄດ້ໃນໝວດ ກົດໝາຍ ແລະ ລະບຽບການ ຂອງໜ້າບໍລິສັດຂອງທ່ານ.</p>',
    bodyEn:
      '<p>The Law on Accounting requires enterprises to keep their books and supporting documents and to report their annual accounts on time.</p>' +
      '<p>The full text is in the Laws and regulations section of your company dashboard.</p>',
  },
];

const notifications: NotificationInput[] = [
  {
    titleLo: 'ປິດບໍລິການໃນວັນພັກລັດຖະການ',
    titleEn: 'Office closed on public holidays',
    bodyLo: '<p>ຫ້ອງການຈະປິດບໍລິການໃນວັນພັກລັດຖະການ. ການນັດໝາຍສົ່ງເອກະສານຈະເລື່ອນໄປວັນເຮັດວຽກຖັດໄປ.</p>',
    bodyEn: '<p>The office is closed on public holidays. Bookings to hand in documents move to the next working day.</p>',
    audience: { kind: 'public', value: null },
  },
  {
    titleLo: 'ເວລາຮັບເອກະສານຕົ້ນສະບັບ',
    titleEn: 'Hours for handing in paper originals',
    bodyLo: '<p>ພວກເຮົາຮັບເອກະສານຕົ້ນສະບັບ ວັນຈັນ ຫາ ວັນສຸກ ເວລາ 8:00 ຫາ 16:00. ກະລຸນານັດໝາຍລ່ວງໜ້າໃນລະບົບ.</p>',
    bodyEn: '<p>We receive paper originals Monday to Friday, 8 AM to 4 PM. Please book a time in the portal first.</p>',
    audience: { kind: 'public', value: null },
  },
  {
    titleLo: 'ກະລຸນາກວດສອບຂໍ້ມູນບໍລິສັດກ່ອນຍື່ນເອກະສານ',
    titleEn: 'Please check your company profile before submitting',
    bodyLo: '<p>ກ່ອນຍື່ນເອກະສານປະຈຳປີ, ກະລຸນາກວດສອບຂໍ້ມູນບໍລິສັດ ແລະ ຜູ້ລົງລາຍເຊັນໃຫ້ຖືກຕ້ອງ.</p>',
    bodyEn: '<p>Before you submit this year’s documents, please check that your company profile and signatories are correct.</p>',
    audience: { kind: 'companies', value: null },
  },
];

const pages: PageInput[] = [
  {
    key: 'about-us',
    titleLo: 'ກ່ຽວກັບພວກເຮົາ',
    titleEn: 'About us',
    bodyLo:
      '<p>ພວກເຮົາແມ່ນບໍລິການບັນຊີທີ່ຮັບ ແລະ ກວດກາເອກະສານບັນຊີປະຈຳປີຂອງວິສາຫະກິດໃນ ສປປ ລາວ.</p>' +
      '<h2>ສິ່ງທີ່ພວກເຮົາເຮັດ</h2><ul><li>ຮັບເອກະສານບັນຊີປະຈຳປີ ທັງແບບອອນລາຍ ແລະ ຕົ້ນສະບັບ</li><li>ກວດກາ ແລະ ໃຫ້ຄຳເຫັນຕໍ່ໃບລາຍງານການເງິນ</li><li>ອອກໃບຢັ້ງຢືນການຮັບເອກະສານ</li></ul>' +
      '<p>ເປົ້າໝາຍຂອງພວກເຮົາແມ່ນໃຫ້ການຍື່ນເອກະສານບັນຊີ ງ່າຍ, ໂປ່ງໃສ ແລະ ປອດໄພ.</p>',
    bodyEn:
      '<p>We are an accounting service that receives and reviews the annual accounting documents of enterprises in the Lao PDR.</p>' +
      '<h2>What we do</h2><ul><li>Receive annual accounting documents, online and on paper</li><li>Review the financial statements and comment on them</li><li>Issue acknowledgement receipts</li></ul>' +
      '<p>Our aim is to make filing accounts simple, transparent and safe.</p>',
  },
  {
    key: 'fees',
    titleLo: 'ຄ່າບໍລິການ',
    titleEn: 'Fees',
    bodyLo:
      '<p>ຄ່າບໍລິການແມ່ນຂຶ້ນກັບປະເພດບໍລິການ ແລະ ຂະໜາດຂອງວິສາຫະກິດ. ຕາຕະລາງລຸ່ມນີ້ແມ່ນຄ່າບໍລິການທີ່ມີຜົນບັງຄັບໃຊ້ໃນມື້ນີ້; ໃບແຈ້ງໜີ້ຂອງທ່ານຄິດໄລ່ຕາມຕາຕະລາງນີ້.</p>' +
      '<p>ທ່ານສາມາດຈ່າຍດ້ວຍ LAO QR ໃນໜ້າ ຊຳລະຄ່າບໍລິການ, ຫຼື ໂອນເງິນ ແລ້ວອັບໂຫຼດໃບໂອນເງິນໃຫ້ທາງບໍລິການກວດສອບ. ເມື່ອການຊຳລະຖືກຢືນຢັນແລ້ວ ທ່ານຈະໄດ້ຮັບໃບຮັບເງິນ (PDF) ທາງອີເມວ ແລະ ໃນລະບົບ.</p>',
    bodyEn:
      '<p>Fees depend on the service and the size of the enterprise. The table below shows the fees in force today; your invoice is charged from it.</p>' +
      '<p>On the Service payment page you can pay by LAO QR, or pay by bank transfer and upload the transfer slip for the service to check. Once the payment is confirmed you get the receipt (PDF) by e-mail and in the portal.</p>',
  },
  {
    key: 'faq',
    titleLo: 'ຄຳຖາມທີ່ພົບເລື້ອຍ',
    titleEn: 'Frequently asked questions',
    bodyLo:
      '<h2>ຕ້ອງຍື່ນເອກະສານເມື່ອໃດ?</h2><p>ພາຍໃນວັນທີ 31 ມີນາ ຂອງປີຖັດຈາກປີບັນຊີ.</p>' +
      '<h2>ຖ້າເອກະສານຖືກສົ່ງຄືນ ຕ້ອງເຮັດແນວໃດ?</h2><p>ອ່ານຄຳເຫັນຂອງພະນັກງານ, ແກ້ໄຂໄຟລ໌ທີ່ກ່ຽວຂ້ອງ ແລ້ວຍື່ນຄືນໃໝ່.</p>' +
      '<h2>ຕ້ອງສົ່ງເອກະສານຕົ້ນສະບັບບໍ?</h2><p>ແມ່ນ. ກະລຸນານັດໝາຍເວລາໃນລະບົບ (ນຳມາເອງ ຫຼື ສົ່ງທາງໄປສະນີ) ແລະ ແນບໃບປົກທີ່ມີລະຫັດ QR ມານຳ.</p>' +
      '<h2>ຖ້າຍື່ນຊ້າກວ່າກຳນົດ ຕ້ອງເຮັດແນວໃດ?</h2><p>ຍັງຍື່ນໄດ້: ລະບົບຍັງຮັບເອກະສານຢູ່. ກະລຸນາຍື່ນໃຫ້ໄວທີ່ສຸດ ແລະ ຕິດຕໍ່ທາງບໍລິການ ເພື່ອແຈ້ງເຫດຜົນຂອງການຊ້າ.</p>' +
      '<h2>ຂະໜາດວິສາຫະກິດຂອງຂ້ອຍກຳນົດແນວໃດ?</h2><p>ລະບົບຄຳນວນຂະໜາດຈາກຈຳນວນແຮງງານ, ຊັບສິນທັງໝົດ ແລະ ລາຍຮັບປະຈຳປີທີ່ທ່ານປ້ອນ. ຖ້າຍັງຄຳນວນບໍ່ໄດ້, ທາງບໍລິການຈະເປັນຜູ້ກຳນົດ; ທ່ານຍັງສົ່ງເອກະສານໄດ້ຕາມປົກກະຕິ.</p>',
    bodyEn:
      '<h2>When are the documents due?</h2><p>By 31 March of the year after the book year.</p>' +
      '<h2>What if my submission is returned?</h2><p>Read the staff comments, correct the files concerned and submit again.</p>' +
      '<h2>Do I have to hand in paper originals?</h2><p>Yes. Book a time in the portal (in person or by courier) and put the cover sheet with its QR code on top.</p>' +
      '<h2>What if I am late?</h2><p>You can still submit: the portal still accepts your documents. Submit as soon as you can and contact the service to explain the delay.</p>' +
      '<h2>How is my enterprise size determined?</h2><p>The portal derives it from the average labour, total assets and annual income you enter. When it cannot be derived yet, the service determines it; you submit as usual.</p>',
  },
  {
    key: 'contacts',
    titleLo: 'ຕິດຕໍ່ພວກເຮົາ',
    titleEn: 'Contact us',
    bodyLo:
      '<p>ຫ້ອງການເປີດ ວັນຈັນ ຫາ ວັນສຸກ ເວລາ 8:00 ຫາ 16:00.</p>' +
      '<p>ເບີໂທ ແລະ ອີເມວຂອງພວກເຮົາຢູ່ທາງລຸ່ມຂອງທຸກໜ້າ. ສຳລັບຄຳຖາມກ່ຽວກັບເອກະສານທີ່ຍື່ນແລ້ວ, ກະລຸນາບອກເລກປະຈຳຕົວຜູ້ເສຍອາກອນຂອງບໍລິສັດ.</p>',
    bodyEn:
      '<p>The office is open Monday to Friday, 8 AM to 4 PM.</p>' +
      '<p>Our phone numbers and e-mail address are at the foot of every page. For questions about a submission, please give your company’s tax identification number.</p>',
  },
];

/**
 * Demo content (DESIGN §4): a few articles with covers, public notifications, the about-us page and
 * the fees, FAQ and contacts pages, published. Inserts only what is missing, so it can run again.
 */
export const contentDemoSeed: SeedStep = {
  name: 'demo content',
  kind: 'demo',
  async run({ db, config, store }) {
    const deps: Deps = { db: db.kysely, config, t: (_lng, key) => key, store: store ?? createFileStore(config) };
    for (const { colors, ...post } of posts) {
      if (await repo.findPostBySlug(deps.db, post.slug)) continue;
      const image = colors ? await content.uploadImage(deps, system, await cover(...colors)) : null;
      const created = await content.staffPosts.create(deps, system, { ...post, coverImageId: image?.id ?? null });
      await content.staffPosts.state(deps, system, created.id, 'publish');
    }
    if (!(await repo.anyNotification(deps.db))) {
      for (const n of notifications) {
        const created = await content.staffNotifications.create(deps, system, n);
        await content.staffNotifications.state(deps, system, created.id, 'publish');
      }
    }
    for (const page of pages) {
      if (await repo.findPageByKey(deps.db, page.key)) continue;
      const created = await content.staffPages.create(deps, system, page);
      await content.staffPages.state(deps, system, created.id, 'publish');
    }
  },
};
