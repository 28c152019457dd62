import type { NotesSectionInput } from '@bansi/shared';
import type { SeedStep } from '../../db/seed-step';
import { systemActor } from '../../lib/actor';
import { createFileStore } from '../../lib/create-file-store';
import type { Deps } from '../../lib/deps';
import { createTranslator, loadCatalogs } from '../../lib/i18n';
import type { Principal } from '../../plugins/access';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { findUserByEmail } from '../auth';
import { DEMO_COMPANIES } from '../companies';
import { createNotes, submitNotes, updateNotes } from './notes.commands';
import { acceptNotes, startNotesReview } from './notes.review';
import './notes.documents';

/** Demo prose and tables (whole kip), Lao as a Lao company writes it. */
function demoSections(year: number, scale: number, priorScale: number | null): NotesSectionInput[] {
  const k = (n: number) => Math.round(n * scale);
  // The prior-year column as last year's notes had it (the same demo lines at last year's scale).
  const p = (n: number) => (priorScale === null ? null : Math.round(n * priorScale));
  const neg = (n: number | null) => (n === null ? null : -n);
  return [
    { key: 'general', text: 'ບໍລິສັດດຳເນີນທຸລະກິດການຄ້າຂາຍຍົກ ແລະ ຂາຍຍ່ອຍເຄື່ອງອຸປະໂພກບໍລິໂພກ ໃນນະຄອນຫຼວງວຽງຈັນ.' },
    { key: 'basis', text: 'ໃບລາຍງານການເງິນນີ້ສ້າງຂຶ້ນຕາມມາດຕະຖານການບັນຊີ ສຳລັບວິສາຫະກິດຂະໜາດນ້ອຍ ແລະ ກາງ ຂອງ ສປປ ລາວ, ຫົວໜ່ວຍເງິນຕາແມ່ນກີບ.' },
    {
      key: 'policies',
      text: 'ລາຍຮັບຖືກຮັບຮູ້ເມື່ອສົ່ງມອບສິນຄ້າ. ສິນຄ້າຄົງຄັງຕີລາຄາຕາມລາຄາຕົ້ນທຶນ ຫຼື ມູນຄ່າສຸດທິທີ່ຄາດວ່າຈະໄດ້ຮັບ ແລ້ວແຕ່ອັນໃດຕ່ຳກວ່າ.\n\nຊັບສົມບັດຄົງທີ່ຫັກຄ່າເສື່ອມລາຄາແບບເສັ້ນຊື່.',
    },
    { key: 'estimates', text: 'ການຄາດຄະເນທີ່ສຳຄັນແມ່ນອາຍຸການນຳໃຊ້ຂອງອຸປະກອນ ແລະ ເງິນແຮໜີ້ສົງໄສຈະສູນ.' },
    {
      key: 'cash',
      rows: [
        { label: 'ເງິນສົດໃນມື', current: k(45_000_000), prior: p(45_000_000) },
        { label: 'ເງິນຝາກທະນາຄານ', current: k(385_250_000), prior: p(385_250_000) },
      ],
    },
    {
      key: 'receivables',
      rows: [
        { label: 'ລູກໜີ້ການຄ້າ', current: k(420_000_000), prior: p(420_000_000) },
        { label: 'ເງິນແຮໜີ້ສົງໄສຈະສູນ', current: -k(12_600_000), prior: neg(p(12_600_000)) },
      ],
    },
    { key: 'inventories', rows: [{ label: 'ສິນຄ້າສຳເລັດຮູບ', current: k(610_400_000), prior: p(610_400_000) }] },
    {
      key: 'ppe',
      rows: [
        { label: 'ມູນຄ່າຕົ້ນທຶນ ຕົ້ນປີ', current: k(900_000_000), prior: p(900_000_000) },
        { label: 'ຊື້ເພີ່ມ', current: k(150_000_000), prior: p(150_000_000) },
        { label: 'ຄ່າເສື່ອມລາຄາສະສົມ', current: -k(310_000_000), prior: neg(p(310_000_000)) },
      ],
    },
    { key: 'borrowings', rows: [{ label: 'ເງິນກູ້ທະນາຄານ ໄລຍະຍາວ', current: k(500_000_000), prior: p(500_000_000) }] },
    { key: 'payables', rows: [{ label: 'ເຈົ້າໜີ້ການຄ້າ', current: k(570_000_000), prior: p(570_000_000) }] },
    { key: 'taxes', text: 'ອາກອນກຳໄລ 20%.', rows: [{ label: 'ອາກອນກຳໄລ ຄ້າງຈ່າຍ', current: k(38_500_000), prior: p(38_500_000) }] },
    {
      key: 'equity',
      rows: [
        { label: 'ທຶນຈົດທະບຽນ', current: 1_000_000_000, prior: priorScale === null ? null : 1_000_000_000 },
        { label: 'ກຳໄລສະສົມ', current: k(131_550_000), prior: p(131_550_000) },
      ],
    },
    { key: 'revenue', rows: [{ label: 'ລາຍຮັບຈາກການຂາຍ', current: k(5_600_000_000), prior: p(5_600_000_000) }] },
    {
      key: 'expenses',
      rows: [
        { label: 'ຕົ້ນທຶນຂາຍ', current: k(4_480_000_000), prior: p(4_480_000_000) },
        { label: 'ເງິນເດືອນ', current: k(540_000_000), prior: p(540_000_000) },
      ],
    },
    { key: 'related-parties', text: 'ບໍ່ມີທຸລະກຳກັບພາກສ່ວນທີ່ກ່ຽວຂ້ອງນອກຈາກເງິນເດືອນຂອງຜູ້ອຳນວຍການ.' },
    { key: 'commitments', notApplicable: true },
    { key: 'subsequent-events', notApplicable: true },
    { key: 'approval', fields: { approvalDate: `${year + 1}-03-15` }, text: 'ໃບລາຍງານການເງິນນີ້ໄດ້ຮັບການອະນຸມັດຈາກຜູ້ອຳນວຍການ.' },
  ];
}

/**
 * Demo notes: the demo company (demo@bansi.example) has its previous year accepted (PDF kept) and a
 * draft for the book year whose prior-year column comes from it; "Champa Flower Retail" has its book
 * year's notes submitted. Written through the notes commands, so events, audit entries and the PDF
 * are as real ones. Idempotent: a company that already has notes of that year is left alone.
 */
export const notesDemoSeed: SeedStep = {
  name: 'demo notes',
  kind: 'demo',
  async run({ db, config, store }) {
    const k = db.kysely;
    const deps: Deps = { db: k, config, t: createTranslator(loadCatalogs()), store: store ?? createFileStore(config) };
    const staffUser = await findUserByEmail(k, DEMO_ACCOUNTS.staffAdmin.email);
    if (!staffUser) return;
    const as = (u: { id: string; role: Principal['role']; companyId: string | null; language: Principal['language'] }): Principal => ({
      sessionId: 'demo-seed',
      userId: u.id,
      role: u.role,
      companyId: u.companyId,
      language: u.language,
    });
    const staff = as(staffUser);
    const year = config.BOOK_YEAR;

    const write = async (principal: Principal, bookYear: number, scale: number, priorScale: number | null) => {
      const { created, doc } = await createNotes(deps, principal, systemActor, { bookYear, language: 'lo' }, 'lo');
      if (!created) return null;
      return updateNotes(deps, principal, systemActor, doc.id, { version: doc.version, sections: demoSections(bookYear, scale, priorScale) }, 'lo');
    };

    const demo = await findUserByEmail(k, DEMO_ACCOUNTS.company.email);
    if (demo?.companyId) {
      const company = as(demo);
      const before = await write(company, year - 1, 0.85, null);
      if (before) {
        const submitted = await submitNotes(deps, company, systemActor, before.id, { version: before.version, confirmWarnings: true }, 'lo');
        const review = await startNotesReview(deps, staff, systemActor, before.id, submitted.version);
        await acceptNotes(deps, staff, systemActor, before.id, { version: review.version });
      }
      await write(company, year, 1, 0.85);
    }

    const champa = DEMO_COMPANIES.find((c) => c.nameEn === 'Champa Flower Retail');
    const retail = champa && (await findUserByEmail(k, champa.email));
    if (retail?.companyId) {
      const company = as(retail);
      const doc = await write(company, year, 0.4, null);
      if (doc) await submitNotes(deps, company, systemActor, doc.id, { version: doc.version, confirmWarnings: true }, 'lo');
    }
  },
};
