import {
  vientianeStamp,
  type Language,
  type ReportState,
  type StaffCompaniesQuery,
  type StaffCompanyDetail,
  type SubmissionReport,
} from '@bansi/shared';
import { withPlaceNameEn } from '@bansi/shared/domain/place-name';
import { normalizeSearchText } from '@bansi/shared/domain/search-text';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { findCompany, listAllCompanies, listPeople, searchCompanies, presentCompany, presentMember } from '../companies';
import { listAllItems, listProvinces } from '../reference';
import { filedCompanyIds, listSubmissionsOfCompany, listSubmissionsOfYear, loadReference, sizeViewOf } from '../submissions';
import { toCsv } from '../../lib/csv';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import { listCompanyAudit } from '../audit';
import { listCompanyUsers } from '../auth';
import { listBookingsOfCompany } from '../bookings';
import { listNotesOfCompany } from '../notes';
import { listInvoicesOfCompany } from '../payments';

// --- companies -----------------------------------------------------------------------------------

/**
 * The search words of `q`: split at spaces, each normalised as content search normalises text. A Lao
 * word is a fragment found anywhere inside a name (Lao has no spaces between words), so "ລາວ" finds
 * "ບໍລິສັດລາວພັດທະນາ"; a TIN or registration number is found by any part of it.
 */
export const searchWords = (q: string | undefined) =>
  (q ?? '')
    .split(/\s+/)
    .map((w) => normalizeSearchText(w))
    .filter(Boolean)
    .slice(0, 8);

export async function findCompanies(deps: Deps, q: StaffCompaniesQuery, lang: Language) {
  const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
  const rows = await searchCompanies(deps.db, {
    terms: searchWords(q.q),
    provinceCode: q.provinceCode,
    sizeId: q.sizeId,
    categoryId: q.categoryId,
    except: q.withoutSubmission === undefined ? undefined : filedCompanyIds(deps.db, q.withoutSubmission),
    after: after ? { key: after[0], id: after[1] } : null,
    limit: q.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.nameEn, r.id]);
  return { items: page, nextCursor };
}

export async function getCompanyDetail(deps: Deps, id: string): Promise<StaffCompanyDetail> {
  const company = await findCompany(deps.db, id);
  if (!company) throw notFound();
  const [people, users, submissions, notes, bookings, invoices, audit] = await Promise.all([
    listPeople(deps.db, id),
    listCompanyUsers(deps.db, id),
    listSubmissionsOfCompany(deps.db, id),
    listNotesOfCompany(deps.db, id),
    listBookingsOfCompany(deps.db, id, 50),
    listInvoicesOfCompany(deps.db, id, 50),
    listCompanyAudit(deps.db, id, 50),
  ]);
  return {
    company: { ...presentCompany(company, people), createdAt: company.createdAt },
    members: users.map((u) => ({ ...presentMember(u), language: u.language, disabled: u.disabledAt !== null })),
    submissions: submissions.map((s) => ({ ...s, bookYear: Number(s.bookYear) })),
    notes: notes.map((n) => ({ ...n, bookYear: Number(n.bookYear) })),
    bookings: bookings.map((b) => ({
      ...b,
      documentCount: Number(b.documentCount),
      receivedCount: b.receivedCount === null ? null : Number(b.receivedCount),
    })),
    invoices: invoices.map((i) => ({ ...i, total: Number(i.total) })),
    audit,
  };
}

// --- reports -------------------------------------------------------------------------------------

type YearSubmission = Awaited<ReturnType<typeof listSubmissionsOfYear>>[number];
const NO_SUBMISSION: { [K in keyof Omit<YearSubmission, 'companyId'>]: null } = {
  status: null,
  departmentId: null,
  declaredSizeId: null,
  averageLabour: null,
  totalAssets: null,
  annualIncome: null,
  bookYear: null,
  reviewerSize: null,
  reviewerSizeReason: null,
  reviewerSizeAt: null,
  startedAt: null,
  firstSubmittedAt: null,
  submittedAt: null,
  acceptedAt: null,
};

/** Every company (by English name) with its submission of the year, if any: two reads through the owners' faces (decision 210). */
async function listCompaniesWithSubmission(deps: Deps, bookYear: number) {
  const [companies, submissions] = await Promise.all([listAllCompanies(deps.db), listSubmissionsOfYear(deps.db, bookYear)]);
  const byCompany = new Map(submissions.map(({ companyId, ...s }) => [companyId, s]));
  return companies.map((c) => ({ ...c, ...(byCompany.get(c.id) ?? NO_SUBMISSION) }));
}

export async function submissionReport(deps: Deps, bookYear: number): Promise<SubmissionReport> {
  const rows = await listCompaniesWithSubmission(deps, bookYear);
  const cells = new Map<string, { state: ReportState; sizeId: string; provinceCode: string; count: number }>();
  for (const row of rows) {
    const state: ReportState = row.status ?? 'none';
    const key = `${state}|${row.sizeId}|${row.provinceCode}`;
    const cell = cells.get(key) ?? { state, sizeId: row.sizeId, provinceCode: row.provinceCode, count: 0 };
    cell.count += 1;
    cells.set(key, cell);
  }
  return { bookYear, companies: rows.length, cells: [...cells.values()] };
}

/**
 * One row per company: names, TIN, registration number, province, size (names in both languages),
 * the state of its submission for the year and its dates. RFC 4180, UTF-8 with a byte-order mark so
 * that Excel opens the Lao text as Lao.
 */
export async function submissionReportCsv(deps: Deps, bookYear: number, lng: 'lo' | 'en'): Promise<string> {
  const [rows, provinces, sizes, ref] = await Promise.all([
    listCompaniesWithSubmission(deps, bookYear),
    listProvinces(deps.db),
    listAllItems(deps.db, 'sizes'),
    loadReference(deps.db),
  ]);
  // The filing's size: derived by the rule, or set by the reviewer where the rule cannot decide.
  const filingSize = (r: (typeof rows)[number]) => {
    if (!r.status || r.bookYear === null) return '';
    const derived = sizeViewOf(ref, { ...r, status: r.status, bookYear: r.bookYear }, { categoryId: r.categoryId, sizeId: r.sizeId }).derivedSize;
    if (derived?.kind !== 'size') return deps.t(lng, 'submission.derived.byServiceBadge');
    const name = deps.t(lng, `submission.size.${derived.size}`);
    return derived.setByReviewer ? `${name} (${deps.t(lng, 'submission.size.setByService')})` : name;
  };
  const province = new Map(provinces.map((p) => [p.code, p]));
  const size = new Map(sizes.map((s) => [s.id, s]));
  const h = (key: string) => deps.t(lng, `backoffice.csv.${key}`);
  const header = [
    h('bookYear'),
    h('nameLo'),
    h('nameEn'),
    h('tin'),
    h('registrationNo'),
    h('province'),
    h('size'),
    h('state'),
    h('stateCode'),
    h('startedAt'),
    h('firstSubmittedAt'),
    h('submittedAt'),
    h('acceptedAt'),
    h('filingSize'),
  ];
  const pick = (item: { nameLo: string; nameEn: string } | undefined, fallback: string) =>
    item ? (lng === 'en' ? item.nameEn : item.nameLo) : fallback;
  const placeName = (item: { nameLo: string; nameEn: string } | undefined, fallback: string) => pick(item && withPlaceNameEn(item), fallback);
  const body = rows.map((r) => {
    const state = r.status ?? 'none';
    return [
      bookYear,
      r.nameLo,
      r.nameEn,
      r.tin,
      r.registrationNo,
      // as the screen shows it: English names of places in title case, not the import's capitals
      placeName(province.get(r.provinceCode), r.provinceCode),
      pick(size.get(r.sizeId), r.sizeId),
      deps.t(lng, `backoffice.states.${state}`),
      state,
      // Vientiane local "YYYY-MM-DD HH:MM": a spreadsheet reads it as a date and time
      vientianeStamp(r.startedAt),
      vientianeStamp(r.firstSubmittedAt),
      vientianeStamp(r.submittedAt),
      vientianeStamp(r.acceptedAt),
      filingSize(r),
    ];
  });
  return toCsv([header, ...body]);
}
