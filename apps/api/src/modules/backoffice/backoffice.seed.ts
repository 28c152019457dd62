import { AuthPaths, SubmissionPaths, type StaffSubmissionDetail } from '@bansi/shared';
import PDFDocument from 'pdfkit';
import type { SeedStep } from '../../db/seed-step';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { findCompanyByTin, DEMO_COMPANIES, type DemoTarget } from '../companies';
import { findItemByCode, listVillages } from '../reference';
import { seedDemoBilling } from './backoffice.demo-billing';
import { Client } from './backoffice.demo-client';

/**
 * The demo shows the product in every state (issue 16): companies in several provinces, sizes and
 * sectors, each with a submission in another state — submitted, in review, returned with comments,
 * accepted with its receipt and QR code — and one that has not started. (The draft is the first demo
 * company's, seeded by the submissions module.) They are made through the API itself, as users would
 * make them, so every rule, event, audit entry, mail and receipt is the real one.
 */
export const DEMO_PASSWORD = 'Demo-Bansi-2024!';

const REQUIRED_SLOTS = ['balance-sheet', 'income-statement', 'cash-flow', 'notes'];

function pdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: lines[0], Producer: 'Bansi demo seed' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const line of lines) doc.fontSize(13).text(line, { lineGap: 6 });
  doc.end();
  return done;
}

/**
 * Every demo filing gets a size (issue 33): where the decree's thresholds a public source gives cannot decide
 * (trade, services, and production above micro), the reviewer sets it, as a reviewer would, from the figures
 * and the size the company declared, with the reason, through the same staff route (so it is audited).
 */
async function setDemoFilingSizes(k: Parameters<SeedStep['run']>[0]['db']['kysely'], staff: Client, bookYear: number) {
  const filings = await k.selectFrom('submissions').select('id').where('bookYear', '=', bookYear).execute();
  for (const { id } of filings) {
    const detail = (await staff.ok('GET', SubmissionPaths.staffOne(id))).json() as StaffSubmissionDetail;
    const derived = detail.derivedSize;
    if (derived?.kind !== 'undetermined' || derived.missingInputs.length > 0) continue;
    await staff.ok('POST', SubmissionPaths.staffSize(id), {
      version: detail.version,
      size: detail.declaredSize?.size ?? 'small',
      reason:
        'ເກນຂອງຂະແໜງນີ້ບໍ່ມີແຫຼ່ງສາທາລະນະ: ກຳນົດຕາມຕົວເລກ ແລະ ຂະໜາດທີ່ແຈ້ງໄວ້. / No public source gives these thresholds: set from the figures and the declared size.',
    });
  }
}

export const backofficeDemoSeed: SeedStep = {
  name: 'demo companies in every state',
  kind: 'demo',
  async run({ db, config }) {
    const k = db.kysely;
    if (await findCompanyByTin(k, DEMO_COMPANIES[0]!.tin)) return;
    const ref = async (list: Parameters<typeof findItemByCode>[1], code: string) => (await findItemByCode(k, list, code))!.id;
    const demoVillage = async (district: string) => {
      const [first] = await listVillages(k, district);
      return first ? { villageCode: first.code } : { villageName: 'ບ້ານ ໂພນສະຫວ່າງ' };
    };
    // An in-process API on the same database (imported here, so the app is not part of every seed's graph).
    const { buildApp } = await import('../../app');
    const app = await buildApp({ config, db, logger: false, serveWeb: false, startWorkers: false });
    await app.ready();
    try {
      const staff = new Client(app, '127.0.1.1');
      await staff.login(DEMO_ACCOUNTS.staffAdmin.email, DEMO_ACCOUNTS.staffAdmin.password);
      const clients: Partial<Record<DemoTarget, Client>> = {};
      let n = 0;
      for (const c of DEMO_COMPANIES) {
        n += 1;
        // Each company from an address of its own: the per-address limits of login and registration stay untouched.
        const user = new Client(app, `127.0.2.${n}`);
        clients[c.target] = user;
        await user.ok('POST', AuthPaths.register, {
          company: {
            nameLo: c.nameLo,
            nameEn: c.nameEn,
            tin: c.tin,
            registrationNo: `${c.province}-00${c.tin.slice(-5)}`,
            categoryId: await ref('categories', c.category),
            enterpriseTypeId: await ref('enterprise-types', 'limited'),
            sizeId: await ref('sizes', c.size),
            accountProgramId: await ref('account-programs', 'excel'),
            provinceCode: c.province,
            districtCode: c.district,
            // where villages were imported (VILLAGES_DIR) the district's list is required: take its first village
            ...(await demoVillage(c.district)),
            address: `ຖະໜົນ ຫຼັກ, ເຮືອນເລກທີ ${n * 7}`,
            phone: `+856 21 30${n} 30${n}`,
            email: `office${n}@demo-${c.category}.example`,
          },
          people: {
            owner: { name: 'ທ. ສີສະຫວາດ ພົມມະວົງ', position: 'ຜູ້ອຳນວຍການ', phone: `+856 20 5600 00${n}1` },
            holder: { kind: 'employee', name: 'ນ. ພອນທິບ ແສງສະຫວ່າງ', phone: `+856 20 5600 00${n}2` },
            checker: { name: 'ທ. ບົວພັນ ສຸລິຍະ' },
          },
          user: { name: c.nameEn, email: c.email, phone: `+856 20 5700 00${n}0`, password: DEMO_PASSWORD, language: c.lang },
        });
        if (c.target === 'none') continue;
        await user.login(c.email, DEMO_PASSWORD);
        const opened = (await user.ok('POST', SubmissionPaths.list, { bookYear: config.BOOK_YEAR })).json() as { id: string; version: number };
        let version = (
          (
            await user.ok('PATCH', SubmissionPaths.one(opened.id), {
              version: opened.version,
              departmentId: await ref('departments', c.department),
              ...c.figures,
            })
          ).json() as { version: number }
        ).version;
        for (const slot of REQUIRED_SLOTS) {
          const name = `${slot}-${config.BOOK_YEAR}.pdf`;
          const bytes = await pdf([`${c.nameEn}`, `${slot.replace('-', ' ')} ${config.BOOK_YEAR} (demo data)`]);
          await user.upload({ ownerKind: 'submission', ownerId: opened.id, slot, filename: name }, bytes);
        }
        version = ((await user.ok('GET', SubmissionPaths.one(opened.id))).json() as { version: number }).version;
        version = ((await user.ok('POST', SubmissionPaths.submit(opened.id), { version, confirmWarnings: true })).json() as { version: number })
          .version;
        if (c.target === 'submitted') continue;
        version = ((await staff.ok('POST', SubmissionPaths.staffAction(opened.id, 'start-review'), { version })).json() as { version: number })
          .version;
        if (c.target === 'in_review') continue;
        if (c.target === 'returned') {
          await staff.ok(
            'POST',
            SubmissionPaths.staffAction(opened.id, 'return'),
            {
              version,
              reasons: 'ໃບລາຍງານກະແສເງິນສົດບໍ່ຄົບ: ກະລຸນາເພີ່ມໜ້າທີ 2. / The cash-flow statement is incomplete: please add its second page.',
            },
            { 'accept-language': c.lang },
          );
          continue;
        }
        await staff.ok('POST', SubmissionPaths.staffAction(opened.id, 'accept'), { version });
      }
      const { submitted, in_review: inReview, returned, accepted } = clients;
      if (submitted && inReview && returned && accepted) await seedDemoBilling(app, { staff, submitted, inReview, returned, accepted });
      await setDemoFilingSizes(k, staff, config.BOOK_YEAR);
    } finally {
      await app.close();
    }
  },
};
