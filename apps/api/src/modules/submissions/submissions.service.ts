import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  FILE_KINDS,
  OTHER_SLOT,
  SmeSector,
  SmeSize,
  deriveSmeSize,
  isEditableByCompany,
  isOpenBookYear,
  qrScanPagePath,
  type DeclaredSize,
  type DocumentEntry,
  type DocumentsQuery,
  type FieldError,
  type FileKind,
  type Language,
  type People,
  type QrCheckResult,
  type SmeThresholdCell,
  type StaffQueueQuery,
  type StaffSubmissionDetail,
  type SubmissionAction,
  type SubmissionChecks,
  type SubmissionDetail,
  type SubmissionEventAction,
  type SubmissionExistence,
  type SubmissionFiles,
  type SubmissionListQuery,
  type SubmissionSignatories,
  type SubmissionStatus,
  type UpdateSubmissionRequest,
} from '@bansi/shared';
import { newId, nowIso, sha256 } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, invalid, notFound } from '../../lib/errors';
import { storageKeyFor, type FileStore } from '../../lib/file-store';
import type { Principal } from '../../plugins/access';
import { findUserById } from '../auth/auth.repository';
import { presentCompany } from '../companies/companies.presenter';
import { findCompany, listPeople } from '../companies/companies.repository';
import type { CompaniesTable, CompanyPeopleTable } from '../companies/companies.tables';
import { presentFile } from '../files/files.presenter';
import { registerFileOwner } from '../files/files.owners';
import { findFileById, insertFile, listFilesOfOwner } from '../files/files.repository';
import type { FilesTable } from '../files/files.tables';
import { enqueueMail } from '../mail/mail.service';
import type { Selectable } from 'kysely';
import type { ReferenceItemsTable as ReferenceItemsColumns } from '../reference/reference.tables';
import { presentThresholdCell } from '../sme-thresholds/sme-thresholds.presenter';
import { listThresholdCells } from '../sme-thresholds/sme-thresholds.repository';
import { documentSources, registerDocumentSource } from './submissions.documents';
import { actorOf, assertCanRead, assertCurrent, assertEditable, transitionFor } from './submissions.policy';
import { presentComment, presentEvent, presentSubmission, presentSummary, type SizeView } from './submissions.presenter';
import { renderReceiptPdf } from './submissions.receipt';
import {
  RECEIPT_OWNER,
  SUBMISSION_OWNER,
  countCurrentFiles,
  findReceipt,
  findReceiptByCode,
  findSubmission,
  findSubmissionOfYear,
  insertEvents,
  insertReceipt,
  insertSubmission,
  listCommentEvents,
  listCompanySubmissionFiles,
  listCompanySubmissions,
  listCompanySubmissionsForDocuments,
  listEvents,
  listMailableUsers,
  listQueue,
  listReferenceItemsOf,
  receiptsOf,
  touchIfEditable,
  updateSubmissionIfCurrent,
  type KeyCursor,
} from './submissions.repository';
import type { SubmissionEventsTable, SubmissionsTable } from './submissions.tables';

/** The services need the file store too (the receipt PDF is a stored file). */
type ReferenceItemsTable = Selectable<ReferenceItemsColumns>;

/** The catalog languages by name (the i18n test takes a quoted first argument of t for a catalog key). */
const LO: Language = 'lo';
const EN: Language = 'en';

export interface SubmissionDeps extends Deps {
  store: FileStore;
}

// --- small helpers -----------------------------------------------------------------------------

const encodeCursor = (c: KeyCursor) => Buffer.from(JSON.stringify([c.key, c.id])).toString('base64url');
function decodeCursor(raw: string | undefined): KeyCursor | null {
  if (!raw) return null;
  try {
    const [key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && typeof id === 'string') return { key, id };
  } catch {
    // fall through
  }
  throw invalid([{ path: 'querystring.cursor', code: 'invalid_cursor', message: 'cursor' }]);
}

function extraOf(item: Pick<ReferenceItemsTable, 'extra'> | undefined): Record<string, unknown> {
  if (!item?.extra) return {};
  try {
    const value: unknown = JSON.parse(item.extra);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const field = (deps: Deps, lang: Language, path: string, code: string): FieldError => ({ path, code, message: deps.t(lang, `errors.field.${code}`) });

/** The user's name as the timeline records it. */
async function actorName(db: Executor, principal: Principal): Promise<string> {
  return (await findUserById(db, principal.userId))?.name ?? '';
}

function newEvent(
  principal: Principal,
  name: string,
  submissionId: string,
  action: SubmissionEventAction,
  at: string,
  extra: Partial<SubmissionEventsTable> = {},
): SubmissionEventsTable {
  return {
    id: newId(),
    submissionId,
    at,
    actorId: principal.userId,
    actorKind: actorOf(principal),
    actorName: name,
    action,
    fromStatus: null,
    toStatus: null,
    comment: null,
    fileId: null,
    slot: null,
    fileName: null,
    ord: 0,
    partOfReturn: 0,
    details: null,
    ...extra,
  };
}

// --- reference data, size and checklist ----------------------------------------------------------

/** What the size derivation and the checklist need from reference data, loaded once per request. */
interface Reference {
  items: Map<string, ReferenceItemsTable>;
  documentTypes: ReferenceItemsTable[];
  cells: SmeThresholdCell[];
}

async function loadReference(db: Executor): Promise<Reference> {
  const rows = await listReferenceItemsOf(db, ['categories', 'departments', 'sizes', 'document-types']);
  const cells = (await listThresholdCells(db)).map(presentThresholdCell);
  return {
    items: new Map(rows.map((r) => [r.id, r])),
    documentTypes: rows.filter((r) => r.list === 'document-types'),
    cells,
  };
}

/** 31 December of the book year: the figures are that year's, so are the thresholds. */
const endOfBookYear = (bookYear: number) => new Date(Date.UTC(bookYear, 11, 31, 12));

function declaredSizeOf(ref: Reference, sizeId: string | null): DeclaredSize | null {
  const item = sizeId ? ref.items.get(sizeId) : undefined;
  if (!item || item.list !== 'sizes') return null;
  const size = SmeSize.safeParse(item.code);
  return { sizeId: item.id, code: item.code, size: size.success ? size.data : null };
}

/**
 * Sector from the department's category (else the company's), the declared size (the profile's
 * now while the company edits; as it was at the last submit afterwards) and the derived size.
 */
function sizeViewOf(ref: Reference, row: SubmissionsTable, company: Pick<CompaniesTable, 'categoryId' | 'sizeId'>): SizeView {
  const department = row.departmentId ? ref.items.get(row.departmentId) : undefined;
  const categoryId = department?.list === 'departments' && department.parentId ? department.parentId : company.categoryId;
  const sectorParsed = SmeSector.safeParse(extraOf(ref.items.get(categoryId)).sector);
  const sector = sectorParsed.success ? sectorParsed.data : null;
  const declaredSize = declaredSizeOf(ref, isEditableByCompany(row.status) ? company.sizeId : (row.declaredSizeId ?? company.sizeId));
  const derivedSize = sector
    ? deriveSmeSize(
        {
          sector,
          averageLabour: row.averageLabour === null ? null : Number(row.averageLabour),
          totalAssets: row.totalAssets === null ? null : Number(row.totalAssets),
          annualIncome: row.annualIncome === null ? null : Number(row.annualIncome),
        },
        ref.cells,
        endOfBookYear(Number(row.bookYear)),
      )
    : null;
  const sizeDiffers =
    derivedSize?.kind === 'size' && declaredSize?.size !== null && declaredSize?.size !== undefined && derivedSize.size !== declaredSize.size;
  return { sector, declaredSize, derivedSize, sizeDiffers };
}

/** The kinds a document type takes (its `extra.kinds`), within what the server accepts at all. */
function kindsOf(item: ReferenceItemsTable | undefined, configured: readonly FileKind[]): FileKind[] {
  const listed = extraOf(item).kinds;
  if (!Array.isArray(listed)) return [...configured];
  return configured.filter((k) => listed.includes(k));
}

function activeDocumentTypes(ref: Reference) {
  return ref.documentTypes.filter((d) => Number(d.active) === 1);
}

function buildFiles(deps: Deps, ref: Reference, rows: FilesTable[]): SubmissionFiles {
  const configured = deps.config.UPLOAD_ALLOWED_KINDS;
  const bySlot = new Map<string, FilesTable[]>();
  for (const row of rows) bySlot.set(row.slot, [...(bySlot.get(row.slot) ?? []), row]);
  const types = activeDocumentTypes(ref);
  const slotCodes = [...types.map((d) => d.code), ...[...bySlot.keys()].filter((s) => s !== OTHER_SLOT && !types.some((d) => d.code === s)).sort()];
  const slots = slotCodes.map((code) => {
    const item = ref.documentTypes.find((d) => d.code === code);
    const files = bySlot.get(code) ?? [];
    const current = files.find((f) => !f.supersededById) ?? null;
    return {
      code,
      documentTypeId: item?.id ?? null,
      nameLo: item?.nameLo ?? code,
      nameEn: item?.nameEn ?? code,
      required: Number(item?.active ?? 0) === 1 && extraOf(item).required === true,
      kinds: kindsOf(item, configured),
      file: current ? presentFile(current) : null,
      history: files.filter((f) => f.supersededById).map(presentFile),
    };
  });
  const others = bySlot.get(OTHER_SLOT) ?? [];
  return {
    slots,
    others: others
      .filter((f) => !f.supersededById)
      .reverse()
      .map(presentFile),
    otherHistory: others.filter((f) => f.supersededById).map(presentFile),
    limits: { maxBytes: deps.config.UPLOAD_MAX_BYTES, otherKinds: [...configured] },
  };
}

/** The two grades of checks (DESIGN §4): errors block the submit, warnings must be confirmed. */
function runChecks(row: SubmissionsTable, files: SubmissionFiles, size: SizeView): SubmissionChecks {
  const checks: SubmissionChecks = { errors: [], warnings: [] };
  if (!row.departmentId) checks.errors.push({ code: 'value_missing', field: 'departmentId' });
  if (row.averageLabour === null) checks.errors.push({ code: 'value_missing', field: 'averageLabour' });
  if (row.totalAssets === null) checks.errors.push({ code: 'value_missing', field: 'totalAssets' });
  if (row.annualIncome === null) checks.errors.push({ code: 'value_missing', field: 'annualIncome' });
  if (!row.signatories) checks.errors.push({ code: 'value_missing', field: 'signatories' });
  for (const slot of files.slots) {
    if (slot.required && !slot.file) checks.errors.push({ code: 'slot_empty', slot: slot.code });
    if (slot.file && !slot.kinds.includes(slot.file.kind)) checks.errors.push({ code: 'file_kind_not_allowed', slot: slot.code });
  }
  if (size.sizeDiffers) checks.warnings.push({ code: 'size_differs' });
  const inputsComplete = size.derivedSize?.kind !== 'undetermined' || size.derivedSize.missingInputs.length === 0;
  if (row.departmentId && inputsComplete && (size.derivedSize === null || size.derivedSize.kind === 'undetermined')) {
    checks.warnings.push({ code: 'size_undetermined' });
  }
  return checks;
}

/** Checks as problem field errors (see `checksFromFieldErrors` in the shared contract). */
function checksAsFieldErrors(
  deps: Deps,
  lang: Language,
  checks: SubmissionChecks,
  files: SubmissionFiles,
  which: 'errors' | 'warnings',
): FieldError[] {
  if (which === 'warnings') {
    return checks.warnings.map((w) => ({ path: 'warnings', code: w.code, message: deps.t(lang, `submission.check.${w.code}`) }));
  }
  return checks.errors.map((e) => {
    if (e.slot) {
      const slot = files.slots.find((s) => s.code === e.slot);
      const name = slot ? (lang === 'en' ? slot.nameEn : slot.nameLo) : e.slot;
      return { path: `slots.${e.slot}`, code: e.code, message: deps.t(lang, `submission.check.${e.code}`, { slot: name }) };
    }
    const fieldName = deps.t(lang, `submission.field.${e.field ?? ''}`);
    return { path: `fields.${e.field ?? ''}`, code: e.code, message: deps.t(lang, `submission.check.${e.code}`, { field: fieldName }) };
  });
}

// --- reading ---------------------------------------------------------------------------------

async function companyOfRow(db: Executor, row: SubmissionsTable) {
  const company = await findCompany(db, row.companyId);
  if (!company) throw notFound();
  return company;
}

async function detailOf(deps: Deps, row: SubmissionsTable, principal: Principal): Promise<SubmissionDetail> {
  const [company, ref, fileRows, commentRows, receipt] = await Promise.all([
    companyOfRow(deps.db, row),
    loadReference(deps.db),
    listFilesOfOwner(deps.db, SUBMISSION_OWNER, row.id),
    listCommentEvents(deps.db, row.id),
    findReceipt(deps.db, row.id),
  ]);
  const size = sizeViewOf(ref, row, company);
  const files = buildFiles(deps, ref, fileRows);
  return {
    ...presentSubmission(row, size, actorOf(principal), receipt !== undefined),
    files,
    checks: runChecks(row, files, size),
    comments: commentRows.map(presentComment),
  };
}

async function readable(deps: Deps, principal: Principal, id: string): Promise<SubmissionsTable> {
  const row = await findSubmission(deps.db, id);
  assertCanRead(principal, row);
  return row;
}

export async function getSubmission(deps: Deps, principal: Principal, id: string): Promise<SubmissionDetail> {
  return detailOf(deps, await readable(deps, principal, id), principal);
}

export async function listSubmissions(deps: Deps, companyId: string, q: SubmissionListQuery) {
  const beforeYear = q.cursor === undefined ? undefined : Number(q.cursor);
  if (beforeYear !== undefined && !Number.isInteger(beforeYear))
    throw invalid([{ path: 'querystring.cursor', code: 'invalid_cursor', message: 'cursor' }]);
  const rows = await listCompanySubmissions(deps.db, { companyId, bookYear: q.bookYear, status: q.status, beforeYear, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const ids = page.map((r) => r.id);
  const [counts, receipts] = await Promise.all([countCurrentFiles(deps.db, ids), receiptsOf(deps.db, ids)]);
  return {
    items: page.map((r) => presentSummary(r, counts.get(r.id) ?? 0, receipts.has(r.id))),
    nextCursor: rows.length > q.limit ? String(page[page.length - 1]!.bookYear) : null,
  };
}

/** "First-create check" and "submitted check" for a book year (default: the configured one). */
export async function checkSubmission(deps: Deps, companyId: string, bookYear = deps.config.BOOK_YEAR): Promise<SubmissionExistence> {
  const row = await findSubmissionOfYear(deps.db, companyId, bookYear);
  return {
    bookYear,
    open: isOpenBookYear(bookYear, deps.config.BOOK_YEAR),
    exists: row !== undefined,
    id: row?.id ?? null,
    status: row?.status ?? null,
    submitted: row !== undefined && row.firstSubmittedAt !== null,
    editable: row !== undefined && isEditableByCompany(row.status),
  };
}

export async function listSubmissionEvents(deps: Deps, principal: Principal, id: string, q: { cursor?: string; limit: number }) {
  const row = await readable(deps, principal, id);
  const cursor = decodeCursor(q.cursor);
  const [at, ord] = cursor ? cursor.key.split('|') : [];
  const rows = await listEvents(deps.db, row.id, cursor ? { at: at ?? '', ord: Number(ord ?? 0), id: cursor.id } : null, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(presentEvent),
    nextCursor: rows.length > q.limit && last ? encodeCursor({ key: `${last.at}|${Number(last.ord)}`, id: last.id }) : null,
  };
}

export async function getSubmissionFiles(deps: Deps, principal: Principal, id: string): Promise<SubmissionFiles> {
  const row = await readable(deps, principal, id);
  const [ref, files] = await Promise.all([loadReference(deps.db), listFilesOfOwner(deps.db, SUBMISSION_OWNER, row.id)]);
  return buildFiles(deps, ref, files);
}

/** The receipt PDF's file row; none before the submission is accepted. */
export async function getReceiptFile(deps: Deps, principal: Principal, id: string): Promise<FilesTable> {
  const row = await readable(deps, principal, id);
  const receipt = await findReceipt(deps.db, row.id);
  const file = receipt ? await findFileById(deps.db, receipt.fileId) : undefined;
  if (!file) throw notFound();
  return file;
}

/** Public: is this the code of a genuine receipt of this company? Says nothing else. */
export async function verifyReceipt(deps: Deps, comId: string, code: string): Promise<QrCheckResult> {
  const receipt = await findReceiptByCode(deps.db, comId, sha256(code));
  if (!receipt) throw notFound();
  return {
    kind: 'receipt',
    genuine: true,
    companyNameLo: receipt.companyNameLo,
    companyNameEn: receipt.companyNameEn,
    bookYear: Number(receipt.bookYear),
    acceptedAt: receipt.acceptedAt,
  };
}

// --- company changes -------------------------------------------------------------------------

/** The profile's three signatories as a submission records them (null while one is missing). */
export function signatoriesSnapshot(people: CompanyPeopleTable[]): SubmissionSignatories | null {
  const owner = people.find((p) => p.role === 'owner');
  const holder = people.find((p) => p.role === 'holder');
  const checker = people.find((p) => p.role === 'checker');
  if (!owner || !holder || !checker) return null;
  const person = (p: CompanyPeopleTable) => ({ name: p.name, position: p.position, phone: p.phone, email: p.email });
  return {
    owner: person(owner),
    holder: { ...person(holder), kind: holder.holderKind ?? 'employee', licenceNo: holder.licenceNo, firmName: holder.firmName },
    checker: person(checker),
  };
}

function signatoriesFromRequest(p: People): SubmissionSignatories {
  const outside = p.holder.kind === 'outside';
  return {
    owner: { name: p.owner.name, position: p.owner.position ?? null, phone: p.owner.phone, email: p.owner.email ?? null },
    holder: {
      kind: p.holder.kind,
      name: p.holder.name,
      position: null,
      phone: p.holder.phone,
      email: p.holder.email ?? null,
      licenceNo: outside ? (p.holder.licenceNo ?? null) : null,
      firmName: outside ? (p.holder.firmName ?? null) : null,
    },
    checker: { name: p.checker.name, position: p.checker.position ?? null, phone: p.checker.phone ?? null, email: p.checker.email ?? null },
  };
}

export const createdEvent = (principal: Principal, name: string, submissionId: string, at: string) =>
  newEvent(principal, name, submissionId, 'created', at, { toStatus: 'draft' });

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

/**
 * POST /submissions: the existing submission of that year if there is one ("first-create check",
 * `created: false`), else a new draft for an open book year, its signatories copied from the profile.
 */
export async function createSubmission(deps: Deps, principal: Principal, bookYear: number, lang: Language) {
  const companyId = principal.companyId;
  if (!companyId) throw notFound();
  const existing = await findSubmissionOfYear(deps.db, companyId, bookYear);
  if (existing) return { created: false, detail: await detailOf(deps, existing, principal) };
  if (!isOpenBookYear(bookYear, deps.config.BOOK_YEAR)) throw invalid([field(deps, lang, 'body.bookYear', 'book_year_not_open')]);
  const now = nowIso();
  const row: SubmissionsTable = {
    id: newId(),
    companyId,
    bookYear,
    status: 'draft',
    version: 1,
    departmentId: null,
    averageLabour: null,
    totalAssets: null,
    annualIncome: null,
    specialCategoryId: null,
    signatories: null,
    declaredSizeId: null,
    createdBy: principal.userId,
    createdAt: now,
    updatedAt: now,
    submittedAt: null,
    firstSubmittedAt: null,
    acceptedAt: null,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      const company = await findCompany(trx, companyId);
      if (!company) throw notFound();
      row.specialCategoryId = company.specialCategoryId;
      const signatories = signatoriesSnapshot(await listPeople(trx, companyId));
      row.signatories = signatories ? JSON.stringify(signatories) : null;
      await insertSubmission(trx, row);
      await insertEvents(trx, [createdEvent(principal, await actorName(trx, principal), row.id, now)]);
    });
  } catch (err) {
    // Two first-creates racing (a double click): the unique key keeps one; answer that one.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findSubmissionOfYear(deps.db, companyId, bookYear);
    if (!winner) throw err;
    return { created: false, detail: await detailOf(deps, winner, principal) };
  }
  return { created: true, detail: await detailOf(deps, row, principal) };
}

/** PATCH: enterprise data and signatories, in a draft or a returned submission only. */
export async function updateSubmission(deps: Deps, principal: Principal, id: string, body: UpdateSubmissionRequest, lang: Language) {
  const row = await readable(deps, principal, id);
  assertEditable(row);
  assertCurrent(row, body.version);
  const errors: FieldError[] = [];
  if (body.departmentId) {
    const item = (await listReferenceItemsOf(deps.db, ['departments'])).find((d) => d.id === body.departmentId && Number(d.active) === 1);
    if (!item) errors.push(field(deps, lang, 'body.departmentId', 'unknown_choice'));
  }
  if (body.specialCategoryId) {
    const item = (await listReferenceItemsOf(deps.db, ['special-categories'])).find((d) => d.id === body.specialCategoryId && Number(d.active) === 1);
    if (!item) errors.push(field(deps, lang, 'body.specialCategoryId', 'unknown_choice'));
  }
  if (errors.length) throw invalid(errors);

  const patch: Partial<SubmissionsTable> = {};
  const set = <K extends keyof SubmissionsTable>(key: K, value: SubmissionsTable[K] | undefined) => {
    if (value === undefined) return;
    const current = row[key] === null || row[key] === undefined ? null : typeof value === 'number' ? Number(row[key]) : row[key];
    if (current !== value) patch[key] = value;
  };
  set('departmentId', body.departmentId);
  set('averageLabour', body.averageLabour);
  set('totalAssets', body.totalAssets);
  set('annualIncome', body.annualIncome);
  set('specialCategoryId', body.specialCategoryId);
  if (body.signatories !== undefined) set('signatories', body.signatories === null ? null : JSON.stringify(signatoriesFromRequest(body.signatories)));
  const changed = Object.keys(patch);
  if (changed.length === 0) return detailOf(deps, row, principal);

  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateSubmissionIfCurrent(trx, id, row.version, { ...patch, updatedAt: now }, ['draft', 'returned'])))
      throw new AppError(409, 'STALE');
    await insertEvents(trx, [
      newEvent(principal, await actorName(trx, principal), id, 'updated', now, { details: JSON.stringify({ fields: changed }) }),
    ]);
  });
  return getSubmission(deps, principal, id);
}

/**
 * Submit (draft → submitted, returned → resubmitted) after the checks: blocking errors answer
 * 422 CHECKS_FAILED; warnings answer 422 CHECKS_WARNINGS unless the body confirms them.
 */
export async function submitSubmission(
  deps: Deps,
  principal: Principal,
  id: string,
  body: { version: number; confirmWarnings: boolean; comment?: string },
  lang: Language,
) {
  const row = await readable(deps, principal, id);
  assertCurrent(row, body.version);
  const to = transitionFor(row, 'submit', 'company');
  const detail = await detailOf(deps, row, principal);
  if (detail.checks.errors.length) throw new AppError(422, 'CHECKS_FAILED', checksAsFieldErrors(deps, lang, detail.checks, detail.files, 'errors'));
  if (detail.checks.warnings.length && !body.confirmWarnings) {
    throw new AppError(422, 'CHECKS_WARNINGS', checksAsFieldErrors(deps, lang, detail.checks, detail.files, 'warnings'));
  }
  const company = await companyOfRow(deps.db, row);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const ok = await updateSubmissionIfCurrent(
      trx,
      id,
      row.version,
      { status: to, submittedAt: now, firstSubmittedAt: row.firstSubmittedAt ?? now, declaredSizeId: company.sizeId, updatedAt: now },
      [row.status],
    );
    if (!ok) throw new AppError(409, 'STALE');
    await insertEvents(trx, [
      newEvent(principal, await actorName(trx, principal), id, to === 'resubmitted' ? 'resubmitted' : 'submitted', now, {
        fromStatus: row.status,
        toStatus: to,
        comment: body.comment ? body.comment : null,
        details: detail.checks.warnings.length ? JSON.stringify({ confirmedWarnings: detail.checks.warnings.map((w) => w.code) }) : null,
      }),
    ]);
  });
  return getSubmission(deps, principal, id);
}

// --- uploads into a submission (the files module asks) ----------------------------------------

/** May this company user put a file into this slot now? (decision 016: the owner decides.) */
export async function authorizeSubmissionUpload(deps: Deps, principal: Principal, request: { ownerId: string; slot: string }) {
  const row = await findSubmission(deps.db, request.ownerId);
  if (!row || principal.companyId === null || row.companyId !== principal.companyId) throw notFound();
  assertEditable(row);
  if (request.slot === OTHER_SLOT) return { companyId: row.companyId };
  const types = (await listReferenceItemsOf(deps.db, ['document-types'])).filter((d) => Number(d.active) === 1);
  const item = types.find((d) => d.code === request.slot);
  if (!item) throw invalid([{ path: 'metadata.slot', code: 'unknown_choice', message: deps.t(EN, 'errors.field.unknown_choice') }]);
  return { companyId: row.companyId, allowedKinds: kindsOf(item, FILE_KINDS) };
}

/** Inside the file's transaction: still editable (else the file is refused), and a timeline event. */
export async function recordStoredFile(db: Executor, file: FilesTable, replaced: FilesTable | null, principal: Principal) {
  const now = nowIso();
  if (!(await touchIfEditable(db, file.ownerId, now))) throw new AppError(409, 'SUBMISSION_LOCKED');
  await insertEvents(db, [
    newEvent(principal, await actorName(db, principal), file.ownerId, replaced ? 'file_replaced' : 'file_uploaded', now, {
      fileId: file.id,
      slot: file.slot,
      fileName: file.originalName,
      details: replaced ? JSON.stringify({ replacedFileId: replaced.id }) : null,
    }),
  ]);
}

// Files go into a submission's slots through the files module (tus), which asks this module first.
// Registered when this module loads (routes and the demo seed import it).
registerFileOwner(SUBMISSION_OWNER, { authorizeUpload: authorizeSubmissionUpload, onStored: recordStoredFile });

// --- staff -------------------------------------------------------------------------------------

const AWAITING: SubmissionStatus[] = ['submitted', 'resubmitted', 'in_review'];
const NOT_DRAFT: SubmissionStatus[] = ['submitted', 'in_review', 'returned', 'resubmitted', 'accepted'];

export async function staffQueue(deps: Deps, q: StaffQueueQuery) {
  const statuses = q.status === 'awaiting' ? AWAITING : q.status === 'all' ? NOT_DRAFT : [q.status];
  const rows = await listQueue(deps.db, {
    statuses,
    bookYear: q.bookYear,
    provinceCode: q.provinceCode,
    sizeId: q.sizeId,
    after: decodeCursor(q.cursor),
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const ids = page.map((r) => r.id);
  const [ref, counts, receipts] = await Promise.all([loadReference(deps.db), countCurrentFiles(deps.db, ids), receiptsOf(deps.db, ids)]);
  const items = page.map((r) => {
    const size = sizeViewOf(ref, r, { categoryId: r.companyCategoryId, sizeId: r.companySizeId });
    return {
      ...presentSummary(r, counts.get(r.id) ?? 0, receipts.has(r.id)),
      company: {
        id: r.companyId,
        nameLo: r.companyNameLo,
        nameEn: r.companyNameEn,
        tin: r.companyTin,
        provinceCode: r.companyProvinceCode,
        sizeId: r.companySizeId,
      },
      declaredSize: size.declaredSize,
      derivedSize: size.derivedSize,
      sizeDiffers: size.sizeDiffers,
    };
  });
  const last = page[page.length - 1];
  return { items, nextCursor: rows.length > q.limit && last ? encodeCursor({ key: last.submittedAt ?? '', id: last.id }) : null };
}

/** Staff read every submission by id, drafts too (the queue lists only submitted ones). */
const staffReadable = readable;

export async function getStaffSubmission(deps: Deps, principal: Principal, id: string): Promise<StaffSubmissionDetail> {
  const row = await staffReadable(deps, principal, id);
  const [detail, company, people, events] = await Promise.all([
    detailOf(deps, row, principal),
    companyOfRow(deps.db, row),
    listPeople(deps.db, row.companyId),
    listEvents(deps.db, row.id, null, 1000),
  ]);
  return { ...detail, company: presentCompany(company, people), events: events.map(presentEvent) };
}

/** A file of this submission (any version), for comments; anything else is a field error. */
async function fileOfSubmission(deps: Deps, lang: Language, row: SubmissionsTable, fileId: string, path: string) {
  const file = await findFileById(deps.db, fileId);
  if (!file || file.ownerKind !== SUBMISSION_OWNER || file.ownerId !== row.id) throw invalid([field(deps, lang, path, 'unknown_choice')]);
  return file;
}

/** start-review: submitted | resubmitted → in_review. */
export async function startReview(deps: Deps, principal: Principal, id: string, version: number) {
  return staffTransition(deps, principal, id, version, 'startReview', async (trx, row, to, now, name) => {
    await insertEvents(trx, [newEvent(principal, name, id, 'review_started', now, { fromStatus: row.status, toStatus: to })]);
  });
}

/** A comment on one file or on the whole submission; checks the version, does not change it. */
export async function addStaffComment(
  deps: Deps,
  principal: Principal,
  id: string,
  body: { version: number; body: string; fileId?: string },
  lang: Language,
) {
  const row = await staffReadable(deps, principal, id);
  assertCurrent(row, body.version);
  const file = body.fileId ? await fileOfSubmission(deps, lang, row, body.fileId, 'body.fileId') : null;
  const event = newEvent(principal, await actorName(deps.db, principal), id, 'commented', nowIso(), {
    comment: body.body,
    fileId: file?.id ?? null,
    slot: file?.slot ?? null,
    fileName: file?.originalName ?? null,
  });
  await insertEvents(deps.db, [event]);
  return presentComment(event);
}

/** return: in_review → returned, with reasons (and comments on files), mailed to the company's users. */
export async function returnSubmission(
  deps: Deps,
  principal: Principal,
  id: string,
  body: { version: number; reasons: string; fileComments: { fileId: string; body: string }[] },
  lang: Language,
) {
  const pre = await staffReadable(deps, principal, id);
  const files: { file: FilesTable; body: string }[] = [];
  for (const [i, c] of body.fileComments.entries())
    files.push({ file: await fileOfSubmission(deps, lang, pre, c.fileId, `body.fileComments.${i}.fileId`), body: c.body });
  const company = await companyOfRow(deps.db, pre);
  const ref = await loadReference(deps.db);
  return staffTransition(deps, principal, id, body.version, 'return', async (trx, row, to, now, name) => {
    await insertEvents(trx, [
      newEvent(principal, name, id, 'returned', now, { fromStatus: row.status, toStatus: to, comment: body.reasons }),
      ...files.map(({ file, body: text }) =>
        newEvent(principal, name, id, 'commented', now, {
          comment: text,
          fileId: file.id,
          slot: file.slot,
          fileName: file.originalName,
          partOfReturn: 1,
        }),
      ),
    ]);
    for (const user of await listMailableUsers(trx, row.companyId)) {
      const userLang = user.language;
      const lines = files.map(({ file, body: text }) => {
        const type = ref.documentTypes.find((d) => d.code === file.slot);
        const slot = type ? (userLang === 'en' ? type.nameEn : type.nameLo) : deps.t(userLang, 'submission.upload.other');
        return `- ${slot} (${file.originalName}): ${text}`;
      });
      await enqueueMail(deps, trx, {
        to: user.email,
        lang: userLang,
        template: 'submissionReturned',
        vars: {
          company: userLang === 'en' ? company.nameEn : company.nameLo,
          bookYear: Number(row.bookYear),
          reasons: [body.reasons, ...lines].join('\n'),
          link: new URL(`/dashboard/submit-document/detail/${id}`, deps.config.PUBLIC_URL).toString(),
        },
      });
    }
  });
}

/**
 * accept: in_review → accepted. The receipt PDF is made first (its QR code carries a new secret
 * code, of which only the SHA-256 is kept) and staged; then, in ONE transaction, the status, the
 * event, the receipt, its file row and the e-mails are written and the PDF moved into the store
 * (the same unit as files.service keepStagedFile: no row without its file, no file without its row).
 */
export async function acceptSubmission(deps: SubmissionDeps, principal: Principal, id: string, body: { version: number; comment?: string }) {
  const pre = await staffReadable(deps, principal, id);
  assertCurrent(pre, body.version);
  transitionFor(pre, 'accept', 'staff');
  const [company, ref, fileRows, staffName] = await Promise.all([
    companyOfRow(deps.db, pre),
    loadReference(deps.db),
    listFilesOfOwner(deps.db, SUBMISSION_OWNER, id),
    actorName(deps.db, principal),
  ]);
  const files = buildFiles(deps, ref, fileRows);
  const listed = [
    ...files.slots.filter((s) => s.file).map((s) => ({ slotLo: s.nameLo, slotEn: s.nameEn, file: s.file! })),
    ...files.others.map((f) => ({
      slotLo: deps.t(LO, 'submission.documentKind.other_file'),
      slotEn: deps.t(EN, 'submission.documentKind.other_file'),
      file: f,
    })),
  ];
  const code = randomBytes(16).toString('base64url');
  const acceptedAt = nowIso();
  const pdf = await renderReceiptPdf(deps.t, {
    providerLo: deps.config.PROVIDER_NAME_LO,
    providerEn: deps.config.PROVIDER_NAME_EN,
    companyNameLo: company.nameLo,
    companyNameEn: company.nameEn,
    tin: company.tin,
    bookYear: Number(pre.bookYear),
    submissionId: id,
    acceptedAt,
    acceptedBy: staffName,
    files: listed.map((l) => ({ slotLo: l.slotLo, slotEn: l.slotEn, name: l.file.originalName, sha256: l.file.sha256 })),
    verifyUrl: new URL(qrScanPagePath(company.id, code), deps.config.PUBLIC_URL).toString(),
  });
  const fileName = deps.t(EN, 'submission.receipt.downloadName', { bookYear: Number(pre.bookYear) });
  const staged = await deps.store.put(Readable.from([pdf]), { maxBytes: pdf.length, allowedKinds: ['pdf'], name: fileName });
  const fileId = newId();
  const key = storageKeyFor(fileId);
  let renamed = false;
  try {
    return await staffTransition(
      deps,
      principal,
      id,
      body.version,
      'accept',
      async (trx, row, to, now, name) => {
        await insertEvents(trx, [
          newEvent(principal, name, id, 'accepted', now, { fromStatus: row.status, toStatus: to, comment: body.comment ? body.comment : null }),
        ]);
        await insertFile(trx, {
          id: fileId,
          companyId: row.companyId,
          ownerKind: RECEIPT_OWNER,
          ownerId: id,
          slot: 'receipt',
          originalName: fileName,
          kind: staged.kind,
          mediaType: staged.mediaType,
          size: staged.size,
          sha256: staged.sha256,
          storageKey: key,
          createdAt: now,
          createdBy: principal.userId,
          replacesId: null,
          supersededById: null,
          supersededAt: null,
        });
        await insertReceipt(trx, {
          submissionId: id,
          companyId: row.companyId,
          codeHash: sha256(code),
          fileId,
          bookYear: Number(row.bookYear),
          companyNameLo: company.nameLo,
          companyNameEn: company.nameEn,
          acceptedAt,
          acceptedByName: name,
        });
        for (const user of await listMailableUsers(trx, row.companyId)) {
          await enqueueMail(deps, trx, {
            to: user.email,
            lang: user.language,
            template: 'submissionAccepted',
            vars: {
              company: user.language === 'en' ? company.nameEn : company.nameLo,
              bookYear: Number(row.bookYear),
              link: new URL(`/dashboard/submit-document/detail/${id}`, deps.config.PUBLIC_URL).toString(),
            },
          });
        }
        renamed = true;
        await deps.store.commit(staged, key);
      },
      acceptedAt,
    );
  } catch (err) {
    if (renamed) await deps.store.delete(key).catch(() => undefined);
    throw err;
  } finally {
    await deps.store.discard(staged).catch(() => undefined);
  }
}

/**
 * One staff transition: the version must be the one read (409 STALE), the state machine must allow
 * it (409 INVALID_TRANSITION); then the conditional update and `effects` run in one transaction.
 */
async function staffTransition(
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
  action: SubmissionAction,
  effects: (trx: Executor, row: SubmissionsTable, to: SubmissionStatus, now: string, actorName: string) => Promise<void>,
  at?: string,
) {
  const row = await staffReadable(deps, principal, id);
  assertCurrent(row, version);
  const to = transitionFor(row, action, 'staff');
  const now = at ?? nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const patch: Partial<SubmissionsTable> = { status: to, updatedAt: now, ...(to === 'accepted' ? { acceptedAt: now } : {}) };
    if (!(await updateSubmissionIfCurrent(trx, id, version, patch, [row.status]))) throw new AppError(409, 'STALE');
    await effects(trx, row, to, now, await actorName(trx, principal));
  });
  return getStaffSubmission(deps, principal, id);
}

// --- all-document history ------------------------------------------------------------------------

registerDocumentSource('submissions', {
  kinds: ['submission', 'submission_file', 'other_file', 'receipt'],
  async list(deps, companyId, filter) {
    const [submissions, files, ref] = await Promise.all([
      listCompanySubmissionsForDocuments(deps.db, companyId, filter.bookYear),
      listCompanySubmissionFiles(deps.db, companyId, filter.bookYear),
      loadReference(deps.db),
    ]);
    const entries: DocumentEntry[] = submissions.map((s) => ({
      kind: 'submission',
      id: s.id,
      bookYear: Number(s.bookYear),
      at: s.updatedAt,
      submissionId: s.id,
      status: s.status,
      file: null,
      slotNameLo: null,
      slotNameEn: null,
      superseded: false,
    }));
    for (const f of files) {
      const kind = f.ownerKind === RECEIPT_OWNER ? 'receipt' : f.slot === OTHER_SLOT ? 'other_file' : 'submission_file';
      const type = kind === 'submission_file' ? ref.documentTypes.find((d) => d.code === f.slot) : undefined;
      entries.push({
        kind,
        id: f.id,
        bookYear: Number(f.bookYear),
        at: f.createdAt,
        submissionId: f.ownerId,
        status: f.submissionStatus,
        file: presentFile(f),
        slotNameLo: kind === 'submission_file' ? (type?.nameLo ?? f.slot) : null,
        slotNameEn: kind === 'submission_file' ? (type?.nameEn ?? f.slot) : null,
        superseded: f.supersededById !== null,
      });
    }
    return entries;
  },
});

/** Every document of the company, newest first, from every registered source. */
export async function listDocuments(deps: Deps, companyId: string, q: DocumentsQuery) {
  const lists = await Promise.all(documentSources(q.kind).map((s) => s.list(deps, companyId, { bookYear: q.bookYear })));
  const all = lists
    .flat()
    .filter((e) => !q.kind || e.kind === q.kind)
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  const after = decodeCursor(q.cursor);
  const rest = after ? all.filter((e) => e.at < after.key || (e.at === after.key && e.id < after.id)) : all;
  const page = rest.slice(0, q.limit);
  const last = page[page.length - 1];
  return { items: page, nextCursor: rest.length > q.limit && last ? encodeCursor({ key: last.at, id: last.id }) : null };
}
