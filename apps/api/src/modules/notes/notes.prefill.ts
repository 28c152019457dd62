import { NOTES_TABLE_SECTIONS, emptyNotesSections, type NotesLanguage, type NotesPrefill, type NotesSectionData } from '@bansi/shared';
import type { Executor } from '../../lib/deps';
import { findCompany, listPeople } from '../companies';
import { sectionsOf } from './notes.presenter';
import { findDistrict, findItemById, findProvince, findVillage } from '../reference';
import { findNotesOfYear } from './notes.repository';

/**
 * What the company profile says now, as the general information and approval fields want it, in the
 * document's language: names, registration number, TIN, legal form (enterprise type), address
 * (street, village, district, province), activities (the category); director and accountant from
 * the company's people.
 */
export async function profilePrefill(db: Executor, companyId: string, lang: NotesLanguage): Promise<NotesPrefill> {
  const company = await findCompany(db, companyId);
  if (!company) return { general: {}, approval: {} };
  const [type, category, province, district, village, people] = await Promise.all([
    company.enterpriseTypeId ? findItemById(db, company.enterpriseTypeId) : undefined,
    company.categoryId ? findItemById(db, company.categoryId) : undefined,
    findProvince(db, company.provinceCode),
    findDistrict(db, company.districtCode),
    company.villageCode ? findVillage(db, company.villageCode) : undefined,
    listPeople(db, companyId),
  ]);
  const name = (item: { nameLo: string; nameEn: string } | undefined) => (item ? (lang === 'en' ? item.nameEn || item.nameLo : item.nameLo) : '');
  const address = [company.address, village ? name(village) : (company.villageName ?? ''), name(district), name(province)]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  const person = (role: 'owner' | 'holder') => people.find((p) => p.role === role)?.name ?? '';
  return {
    general: {
      nameLo: company.nameLo,
      nameEn: company.nameEn,
      registrationNo: company.registrationNo,
      tin: company.tin,
      legalForm: name(type),
      address,
      activities: name(category),
    },
    approval: { director: person('owner'), accountant: person('holder'), approvalDate: '' },
  };
}

/**
 * The sections of a new document: general information and approval from the profile; each table's
 * lines from the previous year's accepted notes, their amounts moved to the prior-year column.
 */
export async function initialSections(
  db: Executor,
  companyId: string,
  bookYear: number,
  prefill: NotesPrefill,
): Promise<{ sections: NotesSectionData[]; priorFilledFrom: number | null }> {
  const sections = emptyNotesSections();
  for (const s of sections) {
    if (s.key === 'general') s.fields = { ...s.fields, ...prefill.general };
    if (s.key === 'approval') s.fields = { ...s.fields, ...prefill.approval };
  }
  const prior = await findNotesOfYear(db, companyId, bookYear - 1);
  if (!prior || prior.status !== 'accepted') return { sections, priorFilledFrom: null };
  const before = sectionsOf(prior);
  for (const s of sections) {
    if (!NOTES_TABLE_SECTIONS.includes(s.key)) continue;
    const old = before.find((b) => b.key === s.key);
    if (!old || old.notApplicable) continue;
    // `carried` keeps the accepted figure: the prior-year cell is locked to it unless restated with a reason.
    s.rows = old.rows.map((r) => ({ label: r.label, current: null, prior: r.current, carried: r.current }));
  }
  return { sections, priorFilledFrom: bookYear - 1 };
}
