import type { ReferenceList, StaffCompaniesQuery } from '@bansi/shared';

/** The back office's query keys, from one factory (a mutation invalidates exactly what it changes). */
export const backofficeKeys = {
  all: ['backoffice'] as const,
  overview: () => ['backoffice', 'overview'] as const,
  companies: (filters: Omit<Partial<StaffCompaniesQuery>, 'cursor' | 'limit'>) => ['backoffice', 'companies', filters] as const,
  company: (id: string) => ['backoffice', 'company', id] as const,
  report: (bookYear: number) => ['backoffice', 'report', bookYear] as const,
  reference: (list: ReferenceList) => ['backoffice', 'reference', list] as const,
  sme: () => ['reference', 'sme-thresholds'] as const,
};
