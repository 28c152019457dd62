import type { Generated } from 'kysely';

export interface ProvincesTable {
  code: string;
  nameLo: string;
  nameEn: string;
}

export interface DistrictsTable {
  code: string;
  provinceCode: string;
  nameLo: string;
  nameEn: string;
}

export interface VillagesTable {
  code: string;
  districtCode: string;
  nameLo: string;
  nameEn: string;
}

/** One table for every simple list staff admins edit (categories, sizes, units …). */
export interface ReferenceItemsTable {
  id: string;
  list: string;
  code: string;
  nameLo: string;
  nameEn: string;
  /** departments belong to a category */
  parentId: string | null;
  sortOrder: Generated<number>;
  active: Generated<number>;
  /** list-specific attributes as JSON (e.g. a document type's required flag and allowed kinds) */
  extra: string | null;
}

/** Version stamps of cached data, raised by triggers (docs/decisions/105). */
export interface ReferenceStampsTable {
  name: string;
  version: number;
}

export interface ReferenceTables {
  referenceStamps: ReferenceStampsTable;
  provinces: ProvincesTable;
  districts: DistrictsTable;
  villages: VillagesTable;
  referenceItems: ReferenceItemsTable;
}
