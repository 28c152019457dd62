import { createHash } from 'node:crypto';
import { API_BASE, CompanyExportPaths, companyExportUrl, type CompanyExport } from '@bansi/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { book, upcomingSlots } from '../../../test/bookings';
import { addCompanyUser, createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { deliver, issueInvoiceTo, notification } from '../../../test/payments';
import { acceptedSubmission, readySubmission } from '../../../test/submissions';

const api = (path: string) => `${API_BASE}${path}`;

/** Every entry of a zip, read back with another library than the one that wrote it. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe(`a company's export of all its records (${dialect})`, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: Agent;
  let adminEmail: string;
  let companyId: string;
  let other: Agent;
  let staff: Agent;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    const registered = await registerCompany(t, { user: { language: 'lo' } });
    admin = registered.agent;
    adminEmail = registered.body.user.email;
    companyId = registered.companyId;
    staff = await loginAs(t, 'staffAdmin');
    // The company's records: an accepted filing (its files and acknowledgement receipt), a draft, an invoice, a booking.
    await acceptedSubmission(t, admin, staff, 2023);
    await readySubmission(t, admin, 2022);
    await issueInvoiceTo(t, admin);
    // a paid invoice whose receipt job has not run yet: the export makes the receipt
    const paid = await issueInvoiceTo(t, admin, [{ description: 'Annual review', amount: 1_000_000 }]);
    expect((await deliver(t, notification({ billNumber: paid.number, amount: 1_000_000 }))).statusCode).toBeLessThan(300);
    const before = await t.db.kysely.selectFrom('invoices').select(['status', 'receiptFileId']).where('id', '=', paid.id).executeTakeFirstOrThrow();
    expect(before).toEqual({ status: 'paid', receiptFileId: null });
    await book(admin, (await upcomingSlots(admin))[0]!.start);
    // Another company with records of its own.
    other = (await registerCompany(t)).agent;
    await readySubmission(t, other, 2023);
    await t.app.drainOutbox();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    smtp.close();
  });

  /** Asks for the export as `agent` (the company admin's route, or the staff one) and runs the build job. */
  async function exportAs(agent: Agent, url: string): Promise<CompanyExport> {
    const asked = await agent.inject({ method: 'POST', url, headers: { 'accept-language': 'en' } });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().status).toBe('preparing');
    await t.app.jobs.runDue({ kinds: ['company_export.build'] });
    const job = await t.db.kysely
      .selectFrom('jobs')
      .select(['status', 'lastError'])
      .where('kind', '=', 'company_export.build')
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    expect(job?.lastError ?? null).toBeNull();
    const list = await (agent === staff ? staff : admin).inject({
      url: agent === staff ? url : api(CompanyExportPaths.exports),
    });
    const ready = (list.json() as { items: CompanyExport[] }).items.find((e) => e.id === asked.json().id)!;
    expect(ready.status).toBe('ready');
    return ready;
  }

  let made: CompanyExport;

  it('prepares a zip of exactly the company’s records, with a manifest in its language', async () => {
    made = await exportAs(admin, api(CompanyExportPaths.exports));
    expect(made.downloadUrl).toBe(api(companyExportUrl.download(made.id)));
    const res = await admin.inject({ url: made.downloadUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzip(res.rawPayload);

    const files = await t.db.kysely.selectFrom('files').selectAll().where('companyId', '=', companyId).execute();
    const bookings = await t.db.kysely.selectFrom('bookings').selectAll().where('companyId', '=', companyId).execute();
    const invoices = await t.db.kysely.selectFrom('invoices').selectAll().where('companyId', '=', companyId).execute();
    expect(files.length).toBeGreaterThanOrEqual(9); // 2 × 4 uploads and the acknowledgement receipt
    expect(bookings).toHaveLength(1);
    expect(invoices).toHaveLength(2);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
      company: { id: string };
      language: string;
      entries: { path: string | null; kind: string; kindLabel: string; sha256: string | null; size: number | null; reference: string | null }[];
    };
    expect(manifest.company.id).toBe(companyId);
    expect(manifest.language).toBe('lo');
    // Every stored file is in the zip, byte for byte, and nothing else but the cover sheet and the two manifests.
    const withFiles = manifest.entries.filter((e) => e.path !== null);
    expect(withFiles).toHaveLength(files.length + bookings.length);
    expect([...entries.keys()].sort()).toEqual([...withFiles.map((e) => e.path!), 'manifest.csv', 'manifest.json'].sort());
    const shaOf = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(withFiles.map((e) => shaOf(entries.get(e.path!)!)).sort()).toEqual(
      [...files.map((f) => f.sha256), ...manifest.entries.filter((e) => e.kind === 'cover_sheet').map((e) => e.sha256!)].sort(),
    );
    for (const e of withFiles) expect(entries.get(e.path!)!.length).toBe(e.size);
    // The booking's cover sheet (made by the bookings module's generator) and the invoice (a record without a file).
    const cover = manifest.entries.find((e) => e.kind === 'cover_sheet')!;
    expect(cover.reference).toBe(bookings[0]!.reference);
    expect(entries.get(cover.path!)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(manifest.entries.filter((e) => e.kind === 'invoice').map((e) => e.reference)).toEqual(invoices.map((i) => i.number));
    const paid = invoices.find((i) => i.status === 'paid')!;
    expect(manifest.entries.filter((e) => e.kind === 'payment_receipt').map((e) => e.reference)).toEqual([paid.number]);
    expect(manifest.entries.some((e) => e.kind === 'filing_receipt')).toBe(true);
    expect(manifest.entries.find((e) => e.kind === 'filing_file')!.kindLabel).toBe('ໄຟລ໌ການຍື່ນ');

    // The other company's files are nowhere.
    const foreign = await t.db.kysely.selectFrom('files').select('sha256').where('companyId', '!=', companyId).execute();
    expect(foreign.length).toBeGreaterThan(0);
    const ours = new Set(files.map((f) => f.sha256));
    for (const f of foreign.filter((f) => !ours.has(f.sha256))) expect(JSON.stringify(manifest)).not.toContain(f.sha256);

    // The CSV manifest: the same rows, with headers in Lao.
    const rows = parse(entries.get('manifest.csv')!.toString('utf8'), { bom: true }) as string[][];
    expect(rows[0]![0]).toBe('ໄຟລ໌ໃນ zip');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(manifest.entries.map((e) => e.path ?? '').sort());
  });

  it('mails the company admin, in the account’s language, that the export is ready', async () => {
    await t.app.drainOutbox();
    const mail = smtp.received.find((m) => m.to.includes(adminEmail));
    expect(mail).toBeDefined();
    const row = await t.db.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('toAddress', '=', adminEmail)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.subject).toContain('ພ້ອມດາວໂຫຼດແລ້ວ');
    expect(row.textBody).toContain(`${t.config.PUBLIC_URL}/dashboard/settings`);
  });

  it('lets the company’s other users download it, and no one else (404)', async () => {
    const colleague = await addCompanyUser(t, admin);
    expect((await colleague.inject({ url: made.downloadUrl! })).statusCode).toBe(200);
    expect((await other.inject({ url: made.downloadUrl! })).statusCode).toBe(404);
    const reviewer = await loginAs(t, 'staff');
    expect((await reviewer.inject({ url: made.downloadUrl! })).statusCode).toBe(404);
    // other companies never see it in their list either
    const theirs = await other.inject({ url: api(CompanyExportPaths.exports) });
    expect((theirs.json() as { items: CompanyExport[] }).items).toEqual([]);
    // a plain company user cannot ask for one
    expect((await colleague.inject({ method: 'POST', url: api(CompanyExportPaths.exports) })).statusCode).toBe(403);
  });

  it('stops working when it expires (404), and the expired zip is removed', async () => {
    await t.db.kysely
      .updateTable('companyExports')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', made.id)
      .execute();
    expect((await admin.inject({ url: made.downloadUrl! })).statusCode).toBe(404);
    const row = await t.db.kysely.selectFrom('companyExports').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('jobs')
      .set({ runAt: new Date(0).toISOString() })
      .where('kind', '=', 'company_export.cleanup')
      .where('status', '=', 'pending')
      .execute();
    await t.app.jobs.runDue({ kinds: ['company_export.cleanup'] });
    await expect(t.app.deps.store.openRead(row.storageKey!)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await admin.inject({ url: api(CompanyExportPaths.exports) })).json().items.map((e: CompanyExport) => e.id)).not.toContain(made.id);
  });

  it('lets a staff admin make the same export for any company, audited; a reviewer gets 403', async () => {
    const reviewer = await loginAs(t, 'staff');
    expect((await reviewer.inject({ method: 'POST', url: api(companyExportUrl.staffExports(companyId)) })).statusCode).toBe(403);
    expect((await reviewer.inject({ url: api(companyExportUrl.staffExports(companyId)) })).statusCode).toBe(403);

    const byStaff = await exportAs(staff, api(companyExportUrl.staffExports(companyId)));
    const audit = await t.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'company.export_request')
      .where('companyId', '=', companyId)
      .where('actorRole', '=', 'staff_admin')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details!)).toEqual({ exportId: byStaff.id });
    // The staff admin downloads it (audited too); the company's admin can as well.
    expect((await staff.inject({ url: byStaff.downloadUrl! })).statusCode).toBe(200);
    expect((await admin.inject({ url: byStaff.downloadUrl! })).statusCode).toBe(200);
    const downloads = await t.db.kysely
      .selectFrom('auditLog')
      .select('actorRole')
      .where('action', '=', 'company.export_download')
      .where('companyId', '=', companyId)
      .execute();
    expect(downloads.map((d) => d.actorRole)).toContain('staff_admin');
    // An unknown company: 404.
    expect((await staff.inject({ method: 'POST', url: api(companyExportUrl.staffExports('00000000-0000-4000-8000-000000000000')) })).statusCode).toBe(
      404,
    );
  });
  it('prepares one export at a time, even when two requests race', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => admin.inject({ method: 'POST', url: api(CompanyExportPaths.exports) })));
    expect([a!.statusCode, b!.statusCode]).toEqual([202, 202]);
    expect(a!.json().id).toBe(b!.json().id);
    const preparing = await t.db.kysely
      .selectFrom('companyExports')
      .select('id')
      .where('companyId', '=', companyId)
      .where('status', '=', 'preparing')
      .execute();
    expect(preparing).toHaveLength(1);
  });
});
