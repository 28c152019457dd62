import { WebPaths } from '@bansi/shared/paths';
import type { SubjectNamer } from '../audit';
import { listCompanyNames } from './companies.repository';

/** Companies as the audit log names them: by name, opening the company's staff page. */
export const nameCompanies: SubjectNamer = async (db, ids) =>
  new Map((await listCompanyNames(db, ids)).map((r) => [r.id, { nameLo: r.nameLo, nameEn: r.nameEn, link: WebPaths.staff.company(r.id) }]));

/** Something of a company, named `head · company` in each language (a filing, notes). */
export async function nameOfCompanies<T extends { id: string; companyId: string }>(
  db: Parameters<SubjectNamer>[0],
  rows: T[],
  head: (row: T) => string,
  link: (row: T) => string,
) {
  const companies = new Map(
    (
      await listCompanyNames(
        db,
        rows.map((r) => r.companyId),
      )
    ).map((c) => [c.id, c]),
  );
  return new Map(
    rows.flatMap((r) => {
      const c = companies.get(r.companyId);
      return c ? [[r.id, { nameLo: `${head(r)} · ${c.nameLo}`, nameEn: `${head(r)} · ${c.nameEn}`, link: link(r) }] as const] : [];
    }),
  );
}
