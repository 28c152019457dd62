import type { ReferenceList } from '@bansi/shared';
import type { Executor } from '../../lib/deps';
import { definePort } from '../../lib/port';

/** What a company's fields are checked against: the reference lists and the places of Laos. */
export interface CompanyReference {
  findItem(db: Executor, list: ReferenceList, id: string): Promise<{ id: string } | undefined>;
  findItemByCode(db: Executor, list: ReferenceList, code: string): Promise<{ id: string } | undefined>;
  findProvince(db: Executor, code: string): Promise<{ code: string } | undefined>;
  findDistrict(db: Executor, code: string): Promise<{ code: string; provinceCode: string } | undefined>;
  findVillage(db: Executor, code: string): Promise<{ code: string; districtCode: string } | undefined>;
  districtHasVillages(db: Executor, districtCode: string): Promise<boolean>;
}

/**
 * Companies and reference both stand on the core floor and do not import each other (decision 221): the
 * composition (modules/providers.ts) gives companies the reference module's read functions.
 */
export const companyReference = definePort<CompanyReference>('the reference lists of companies');
