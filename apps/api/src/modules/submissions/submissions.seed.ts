import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { SeedStep } from '../../db/seed-step';
import { newId, nowIso } from '../../lib/crypto';
import { createTranslator, loadCatalogs } from '../../lib/i18n';
import type { Principal } from '../../plugins/access';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { findUserByEmail } from '../auth';
import { listPeople } from '../companies';
import { createFileStore } from '../../lib/create-file-store';
import { storeStream } from '../files';
import { findItemByCode } from '../reference';
import { font, scriptRuns } from './submissions.receipt';
import { findSubmissionOfYear, insertEvents, insertSubmission } from './submissions.repository';
import { createdEvent, signatoriesSnapshot } from './submissions.service';
import { toCsv } from '../../lib/csv';

/** A one-page PDF standing in for a statement (demo data only). */
function demoPdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: lines[0], Producer: 'Bansi demo seed' } });
  doc.registerFont('lao', font('lao', 400));
  doc.registerFont('latin', font('latin', 400));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const line of lines) {
    const parts = scriptRuns(line);
    parts.forEach((p, i) =>
      doc
        .font(p.lao ? 'lao' : 'latin')
        .fontSize(13)
        .text(p.text, { continued: i < parts.length - 1, lineGap: 6 }),
    );
  }
  doc.end();
  return done;
}

/**
 * The demo company's draft for the configured book year, with its figures and two files (a balance
 * sheet PDF and a trial balance CSV), so the submission screens have something to show. Idempotent.
 */
export const submissionsDemoSeed: SeedStep = {
  name: 'demo submission',
  kind: 'demo',
  async run({ db, config, store }) {
    const k = db.kysely;
    const user = await findUserByEmail(k, DEMO_ACCOUNTS.company.email);
    if (!user?.companyId || (await findSubmissionOfYear(k, user.companyId, config.BOOK_YEAR))) return;
    const department = await findItemByCode(k, 'departments', 'wholesale');
    const signatories = signatoriesSnapshot(await listPeople(k, user.companyId));
    const now = nowIso();
    const id = newId();
    const principal: Principal = { sessionId: 'demo-seed', userId: user.id, role: user.role, companyId: user.companyId, language: user.language };
    await k.transaction().execute(async (trx) => {
      await insertSubmission(trx, {
        id,
        companyId: user.companyId!,
        bookYear: config.BOOK_YEAR,
        status: 'draft',
        version: 1,
        departmentId: department?.id ?? null,
        averageLabour: 18,
        totalAssets: 2_400_000_000,
        annualIncome: 5_600_000_000,
        specialCategoryId: null,
        signatories: signatories ? JSON.stringify(signatories) : null,
        declaredSizeId: null,
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
        submittedAt: null,
        firstSubmittedAt: null,
        acceptedAt: null,
        reference: null,
        reviewerSize: null,
        reviewerSizeReason: null,
        reviewerSizeBy: null,
        reviewerSizeAt: null,
      });
      await insertEvents(trx, [createdEvent(principal, user.name, id, now)]);
    });
    const deps = { db: k, config, t: createTranslator(loadCatalogs()), store: store ?? createFileStore(config) };
    const files: { slot: string; name: string; bytes: Buffer }[] = [
      {
        slot: 'balance-sheet',
        name: `ໃບລາຍງານຖານະການເງິນ ${config.BOOK_YEAR}.pdf`,
        bytes: await demoPdf([
          `ໃບລາຍງານຖານະການເງິນ ປີ ${config.BOOK_YEAR} (ຕົວຢ່າງ)`,
          `Balance sheet ${config.BOOK_YEAR} (demo data)`,
          'ບໍລິສັດ ຕົວຢ່າງ ການຄ້າ ຈຳກັດ',
        ]),
      },
      {
        slot: 'trial-balance',
        name: `trial-balance-${config.BOOK_YEAR}.csv`,
        bytes: Buffer.from(
          toCsv([
            ['ລະຫັດບັນຊີ', 'ຊື່ບັນຊີ', 'ໜີ້ (ກີບ)', 'ມີ (ກີບ)'],
            [101, 'ເງິນສົດ', 150_000_000, 0],
            [131, 'ລູກໜີ້', 420_000_000, 0],
            [331, 'ເຈົ້າໜີ້', 0, 570_000_000],
          ]),
          'utf8',
        ),
      },
    ];
    for (const f of files) {
      await storeStream(
        deps,
        Readable.from([f.bytes]),
        {
          id: newId(),
          companyId: user.companyId,
          ownerKind: 'submission',
          ownerId: id,
          slot: f.slot,
          originalName: f.name,
          createdBy: user.id,
          replacesId: null,
        },
        { maxBytes: config.UPLOAD_MAX_BYTES, allowedKinds: config.UPLOAD_ALLOWED_KINDS, name: f.name },
        principal,
      );
    }
  },
};
