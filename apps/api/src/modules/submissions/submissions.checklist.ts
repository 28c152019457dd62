import {
  OTHER_SLOT,
  SmeSector,
  SmeSize,
  deriveSmeSize,
  isEditableByCompany,
  submissionChecks,
  sizeDiffers,
  type DeclaredSize,
  type FieldError,
  type FileKind,
  type Language,
  type SmeThresholdCell,
  type SubmissionChecks,
  type SubmissionFiles,
} from '@bansi/shared';
import type { Selectable } from 'kysely';
import type { Deps, Executor } from '../../lib/deps';
import type { CompaniesTable } from '../companies';
import { presentFile, type FilesTable } from '../files';
import { type ReferenceItemsTable as ReferenceItemsColumns, stampedCache } from '../reference';
import { presentThresholdCell, listThresholdCells } from '../sme-thresholds';
import type { SizeView } from './submissions.presenter';
import { listItemsOfLists } from '../reference';
import type { SIZE_COLUMNS, SubmissionsTable } from './submissions.tables';

// The checklist of a submission: its slots (from the document types), the sizes and the checks
// before a submit. The rules themselves are pure, in packages/shared/src/domain (sme-size,
// submission-checklist); this file feeds them the reference data and the rows.

type ReferenceItemsTable = Selectable<ReferenceItemsColumns>;

/**
 * What the size derivation and the checklist need from reference data. Shared by every request of
 * the process until reference data changes: read it, never change it.
 */
export interface Reference {
  items: ReadonlyMap<string, ReferenceItemsTable>;
  documentTypes: readonly ReferenceItemsTable[];
  cells: readonly SmeThresholdCell[];
}

async function loadReferenceNow(db: Executor): Promise<Reference> {
  const [rows, cells] = await Promise.all([
    listItemsOfLists(db, ['categories', 'departments', 'sizes', 'document-types']),
    listThresholdCells(db).then((r) => r.map(presentThresholdCell)),
  ]);
  return {
    items: new Map(rows.map((r) => [r.id, r])),
    documentTypes: Object.freeze(rows.filter((r) => r.list === 'document-types')),
    cells: Object.freeze(cells),
  };
}

/** Reference items and SME thresholds, cached per process and reloaded when the reference stamp moves (decision 105). */
export const loadReference = stampedCache(loadReferenceNow);

export function extraOf(item: Pick<ReferenceItemsTable, 'extra'> | undefined): Record<string, unknown> {
  if (!item?.extra) return {};
  try {
    const value: unknown = JSON.parse(item.extra);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The kinds a document type takes (its `extra.kinds`), within what the server accepts at all. */
export function kindsOf(item: ReferenceItemsTable | undefined, configured: readonly FileKind[]): FileKind[] {
  const listed = extraOf(item).kinds;
  if (!Array.isArray(listed)) return [...configured];
  return configured.filter((k) => listed.includes(k));
}

/** 31 December of the book year: the figures are that year's, so are the thresholds. */
const endOfBookYear = (bookYear: number) => new Date(Date.UTC(bookYear, 11, 31, 12));

function declaredSizeOf(ref: Reference, sizeId: string | null): DeclaredSize | null {
  const item = sizeId ? ref.items.get(sizeId) : undefined;
  if (!item || item.list !== 'sizes') return null;
  const size = SmeSize.safeParse(item.code);
  return { sizeId: item.id, code: item.code, size: size.success ? size.data : null };
}

const figure = (value: number | string | bigint | null) => (value === null ? null : Number(value));

/**
 * Sector from the department's category (else the company's), the declared size (the profile's
 * now while the company edits; as it was at the last submit afterwards) and the derived size.
 */
export function sizeViewOf(
  ref: Reference,
  row: Pick<SubmissionsTable, (typeof SIZE_COLUMNS)[number]>,
  company: Pick<CompaniesTable, 'categoryId' | 'sizeId'>,
): SizeView {
  const department = row.departmentId ? ref.items.get(row.departmentId) : undefined;
  const categoryId = department?.list === 'departments' && department.parentId ? department.parentId : company.categoryId;
  const sectorParsed = SmeSector.safeParse(extraOf(ref.items.get(categoryId)).sector);
  const sector = sectorParsed.success ? sectorParsed.data : null;
  const declaredSize = declaredSizeOf(ref, isEditableByCompany(row.status) ? company.sizeId : (row.declaredSizeId ?? company.sizeId));
  const derivedSize = sector
    ? deriveSmeSize(
        { sector, averageLabour: figure(row.averageLabour), totalAssets: figure(row.totalAssets), annualIncome: figure(row.annualIncome) },
        ref.cells,
        endOfBookYear(Number(row.bookYear)),
      )
    : null;
  // Where the rule cannot decide (thresholds no source gives, or no sector), the reviewer's setting is the size.
  const reviewer = SmeSize.safeParse(row.reviewerSize);
  const size =
    derivedSize?.kind !== 'size' && reviewer.success
      ? {
          kind: 'size' as const,
          size: reviewer.data,
          basis: [],
          setByReviewer: { reason: row.reviewerSizeReason ?? '', at: row.reviewerSizeAt ?? '' },
        }
      : derivedSize;
  return { sector, declaredSize, derivedSize: size, sizeDiffers: sizeDiffers(declaredSize?.size, size) };
}

/** The checklist slots (active document types, then slots only old files still use) with their files. */
export function buildFiles(deps: Deps, ref: Reference, rows: FilesTable[]): SubmissionFiles {
  const configured = deps.config.UPLOAD_ALLOWED_KINDS;
  const bySlot = new Map<string, FilesTable[]>();
  for (const row of rows) bySlot.set(row.slot, [...(bySlot.get(row.slot) ?? []), row]);
  const types = ref.documentTypes.filter((d) => Number(d.active) === 1);
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

/** The checks before a submit (DESIGN §4), from the pure rule. */
export function checksOf(row: SubmissionsTable, files: SubmissionFiles, size: SizeView): SubmissionChecks {
  return submissionChecks({
    departmentId: row.departmentId,
    averageLabour: figure(row.averageLabour),
    totalAssets: figure(row.totalAssets),
    annualIncome: figure(row.annualIncome),
    hasSignatories: Boolean(row.signatories),
    slots: files.slots.map((s) => ({ code: s.code, required: s.required, kinds: s.kinds, fileKind: s.file?.kind ?? null })),
    declaredSize: size.declaredSize?.size ?? null,
    derivedSize: size.derivedSize,
  });
}

/** Checks as problem field errors (see `checksFromFieldErrors` in the shared contract). */
export function checksAsFieldErrors(
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

/** A field error in the caller's language (`errors.field.<code>`). */
export const fieldError = (deps: Deps, lang: Language, path: string, code: string): FieldError => ({
  path,
  code,
  message: deps.t(lang, `errors.field.${code}`),
});
