import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language } from '@bansi/shared';
import { ZipFile } from 'yazl';
import type { Principal } from '../../plugins/access';
import type { Deps } from '../../lib/deps';
import { toCsv } from '../../lib/csv';
import { readableFileName } from '../../lib/file-names';
import type { StagedBytes } from '../../lib/file-store';
import { renderCoverSheet } from '../bookings';
import { ensureReceipt, listAllInvoicesOfCompany } from '../payments';
import { companyRecords } from './company-exports.records';
import { findCompany } from '../companies';

/** What an entry of the zip is (the manifest's `kind`; its label is `companyExport.kinds.<kind>`). */
export type ExportEntryKind =
  'filing_file' | 'filing_receipt' | 'notes_pdf' | 'payment_receipt' | 'transfer_slip' | 'cover_sheet' | 'invoice' | 'other';

export interface ManifestEntry {
  /** where it is in the zip; null for an invoice (a record without a file of its own) */
  path: string | null;
  kind: ExportEntryKind;
  bookYear: number | null;
  /** the filing reference, invoice number or booking reference */
  reference: string | null;
  name: string;
  size: number | null;
  sha256: string | null;
  createdAt: string;
  /** a file version that a newer one replaced */
  superseded: boolean;
  /** invoices: their status and total (LAK) */
  status?: string;
  total?: number;
}

const KIND_OF_OWNER: Record<string, ExportEntryKind> = {
  submission: 'filing_file',
  submission_receipt: 'filing_receipt',
  notes_pdf: 'notes_pdf',
  invoice_receipt: 'payment_receipt',
  invoice: 'transfer_slip',
};

const FOLDER: Record<ExportEntryKind, string> = {
  filing_file: 'filings',
  filing_receipt: 'filing-receipts',
  notes_pdf: 'notes',
  payment_receipt: 'payment-receipts',
  transfer_slip: 'transfer-slips',
  cover_sheet: 'booking-cover-sheets',
  invoice: 'invoices',
  other: 'other',
};

/** A path segment from a name a user gave: no separators, no control characters, never `.` or `..`. */
const segment = (name: string) =>
  readableFileName(name)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120) || '_';

/**
 * Writes the zip of every record of a company to a temporary file, streamed (decision 186): stored files are
 * read from the FileStore one after another as the zip takes them (yazl's lazy entries), booking cover sheets
 * are rendered by the bookings module's own generator when their turn comes, and the manifest (JSON and CSV,
 * in `lang`) is added last from what was written. Nothing is held whole in memory but one cover sheet.
 */
export async function writeCompanyZip(deps: Deps, companyId: string, lang: Language, principal: Principal): Promise<StagedBytes> {
  const label = (key: string) => deps.t(lang, `companyExport.${key}`);
  // A paid invoice whose receipt job has not run yet gets its receipt now (the payments module's own generator).
  for (const i of await listAllInvoicesOfCompany(deps.db, companyId)) if (i.status === 'paid' && !i.receiptFileId) await ensureReceipt(deps, i.id);
  const [company, { files, invoices, bookings }] = await Promise.all([findCompany(deps.db, companyId), companyRecords(deps.db, companyId)]);
  if (!company) throw new Error(`company ${companyId} not found`);
  const zip = new ZipFile();
  // A stored file that cannot be read fails the whole export (retried by its job), never a zip with a hole.
  zip.on('error', (err: Error) => (zip.outputStream as PassThrough).destroy(err));
  const entries: ManifestEntry[] = [];
  // PDF, JPEG, PNG, XLSX and DOCX are compressed already: stored as they are (deflating them again costs CPU
  // and saves nothing); CSV files, cover sheets and the manifests are deflated.
  const lazy = (path: string, compress: boolean, open: () => Promise<Readable>) =>
    zip.addReadStreamLazy(path, { compress }, (cb) => {
      open().then(
        (stream) => cb(null, stream),
        (err: unknown) => cb(err, new PassThrough()),
      );
    });

  for (const f of files) {
    const kind = KIND_OF_OWNER[f.ownerKind] ?? 'other';
    const bookYear = f.bookYear === null ? null : Number(f.bookYear);
    const folder =
      kind === 'filing_file'
        ? `${FOLDER[kind]}/${bookYear ?? '_'}-${f.reference ?? label('draft')}/${segment(f.slot)}`
        : `${FOLDER[kind]}${bookYear ? `/${bookYear}` : ''}`;
    // The file's id in front keeps two files of the same name apart.
    const path = `${folder}/${f.id.slice(0, 8)}-${segment(f.originalName)}`;
    entries.push({
      path,
      kind,
      bookYear,
      reference: f.reference ?? f.invoiceNumber ?? null,
      name: f.originalName,
      size: Number(f.size),
      sha256: f.sha256,
      createdAt: f.createdAt,
      superseded: f.supersededById !== null,
    });
    lazy(path, f.kind === 'csv', () => deps.store.openRead(f.storageKey));
  }

  for (const b of bookings) {
    const entry: ManifestEntry = {
      path: null,
      kind: 'cover_sheet',
      bookYear: null,
      reference: b.reference,
      name: '',
      size: null,
      sha256: null,
      createdAt: b.slotStart,
      superseded: false,
      status: b.status,
    };
    entries.push(entry);
    const path = `${FOLDER.cover_sheet}/${segment(b.reference)}.pdf`;
    entry.path = path;
    entry.name = `${b.reference}.pdf`;
    lazy(path, true, async () => {
      const { pdf, fileName } = await renderCoverSheet(deps, principal, b.id, lang);
      entry.name = fileName;
      entry.size = pdf.length;
      entry.sha256 = createHash('sha256').update(pdf).digest('hex');
      return Readable.from([pdf]);
    });
  }

  for (const i of invoices) {
    entries.push({
      path: null,
      kind: 'invoice',
      bookYear: i.bookYear === null ? null : Number(i.bookYear),
      reference: i.number,
      name: i.number,
      size: null,
      sha256: null,
      createdAt: i.issuedAt,
      superseded: false,
      status: i.status,
      total: Number(i.total),
    });
  }

  // Last: every earlier entry has been written (yazl takes the entries in order), so the cover sheets' sizes are known.
  const generatedAt = new Date().toISOString();
  zip.addReadStreamLazy('manifest.json', (cb) =>
    cb(
      null,
      Readable.from([
        JSON.stringify(
          {
            company: { id: company.id, nameLo: company.nameLo, nameEn: company.nameEn, tin: company.tin },
            language: lang,
            generatedAt,
            entries: entries.map((e) => ({ ...e, kindLabel: label(`kinds.${e.kind}`), ...(e.status ? { statusLabel: statusLabel(e) } : {}) })),
          },
          null,
          2,
        ),
      ]),
    ),
  );
  zip.addReadStreamLazy('manifest.csv', (cb) =>
    cb(
      null,
      Readable.from([
        toCsv([
          ['path', 'kind', 'bookYear', 'reference', 'name', 'status', 'total', 'size', 'sha256', 'createdAt', 'superseded'].map((c) =>
            label(`manifest.${c}`),
          ),
          ...entries.map((e) => [
            e.path ?? '',
            label(`kinds.${e.kind}`),
            e.bookYear ?? '',
            e.reference ?? '',
            e.name,
            e.status ? statusLabel(e) : '',
            e.total ?? '',
            e.size ?? '',
            e.sha256 ?? '',
            e.createdAt,
            e.superseded ? label('manifest.yes') : '',
          ]),
        ]),
      ]),
    ),
  );
  zip.end();

  function statusLabel(e: ManifestEntry) {
    return e.kind === 'invoice' ? deps.t(lang, `payments.status.${e.status}`) : deps.t(lang, `bookings.status.${e.status}`);
  }

  const dir = join(tmpdir(), 'bansi-exports');
  await mkdir(dir, { recursive: true });
  const tempPath = join(dir, `${companyId}-${Date.now()}-${Math.random().toString(36).slice(2)}.zip`);
  const hash = createHash('sha256');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(zip.outputStream, count, createWriteStream(tempPath, { flags: 'wx' }));
  } catch (err) {
    await rm(tempPath, { force: true });
    throw err;
  }
  return { tempPath, size, sha256: hash.digest('hex'), mediaType: 'application/zip' };
}
