import { join } from 'node:path';
import { newId } from '../../lib/crypto';
import type { CliCommand, SeedStep } from '../../db/seed-step';
import { REPO_ROOT } from '../../paths';
import { existsSync } from 'node:fs';
import { GeoFileError, readCsv, readVillages } from './geo-files';
import type { Executor } from '../../lib/deps';
import {
  findItemByCode,
  insertMissingDistricts,
  insertMissingItems,
  insertMissingProvinces,
  insertMissingVillages,
  listDistrictCodes,
} from './reference.repository';

type Item = [code: string, nameLo: string, nameEn: string, extra?: Record<string, unknown>];

/** Sensible defaults of the lists staff admins edit (DESIGN §4). Codes are stable; names are editable. */
const lists: Record<string, Item[]> = {
  categories: [
    ['production', 'ການຜະລິດ', 'Commodity production', { sector: 'commodity_production' }],
    ['trade', 'ການຄ້າ', 'Trade', { sector: 'trade' }],
    ['services', 'ການບໍລິການ', 'Services', { sector: 'services' }],
  ],
  'enterprise-types': [
    ['state', 'ວິສາຫະກິດລັດ', 'State enterprise'],
    ['private', 'ວິສາຫະກິດສ່ວນບຸກຄົນ', 'Private (sole) enterprise'],
    ['limited', 'ບໍລິສັດຈຳກັດ', 'Limited company'],
    ['public', 'ບໍລິສັດມະຫາຊົນ', 'Public company'],
    ['foreign', 'ວິສາຫະກິດຕ່າງປະເທດ', 'Foreign enterprise'],
    ['joint-venture', 'ວິສາຫະກິດຮ່ວມທຶນ', 'Joint venture'],
    ['cooperative', 'ສະຫະກອນ', 'Cooperative'],
  ],
  sizes: [
    ['micro', 'ວິສາຫະກິດຈຸລະພາກ', 'Micro'],
    ['small', 'ວິສາຫະກິດຂະໜາດນ້ອຍ', 'Small'],
    ['medium', 'ວິສາຫະກິດຂະໜາດກາງ', 'Medium'],
    ['large', 'ວິສາຫະກິດຂະໜາດໃຫຍ່', 'Large'],
  ],
  units: [
    ['head-office', 'ສຳນັກງານໃຫຍ່', 'Head office'],
    ['branch', 'ສາຂາ', 'Branch'],
    ['representative', 'ຫ້ອງການຜູ້ຕາງໜ້າ', 'Representative office'],
  ],
  'special-categories': [
    ['sez', 'ວິສາຫະກິດໃນເຂດເສດຖະກິດພິເສດ', 'Enterprise in a special economic zone'],
    ['promoted', 'ວິສາຫະກິດທີ່ໄດ້ຮັບການສົ່ງເສີມການລົງທຶນ', 'Investment-promoted enterprise'],
    ['concession', 'ວິສາຫະກິດສຳປະທານ', 'Concession enterprise'],
    ['non-profit', 'ອົງການບໍ່ຫວັງຜົນກຳໄລ', 'Non-profit organisation'],
  ],
  'account-programs': [
    ['excel', 'Excel / ຕາຕະລາງຄຳນວນ', 'Excel / spreadsheet'],
    ['manual', 'ບັນທຶກດ້ວຍມື', 'Kept by hand'],
    ['quickbooks', 'QuickBooks', 'QuickBooks'],
    ['odoo', 'Odoo', 'Odoo'],
    ['sap', 'SAP', 'SAP'],
    ['in-house', 'ໂປຣແກຣມພາຍໃນ', 'In-house software'],
    ['other', 'ອື່ນໆ', 'Other'],
  ],
  'document-types': [
    ['balance-sheet', 'ໃບລາຍງານຖານະການເງິນ', 'Balance sheet', { required: true, kinds: ['pdf', 'xlsx'] }],
    ['income-statement', 'ໃບລາຍງານຜົນການດຳເນີນງານ', 'Income statement', { required: true, kinds: ['pdf', 'xlsx'] }],
    ['cash-flow', 'ໃບລາຍງານກະແສເງິນສົດ', 'Cash-flow statement', { required: true, kinds: ['pdf', 'xlsx'] }],
    ['notes', 'ບົດອະທິບາຍປະກອບໃບລາຍງານການເງິນ', 'Notes to the financial statements', { required: true, kinds: ['pdf', 'docx'] }],
    ['trial-balance', 'ໃບດຸ່ນດ່ຽງທົດລອງ', 'Trial balance', { required: false, kinds: ['pdf', 'xlsx', 'csv'] }],
    ['fixed-assets', 'ບັນຊີຊັບສົມບັດຄົງທີ່', 'Fixed-asset list', { required: false, kinds: ['pdf', 'xlsx', 'csv'] }],
    ['tax-summary', 'ສັງລວມການເສຍອາກອນ', 'Tax-payment summary', { required: false, kinds: ['pdf', 'jpeg', 'png'] }],
    ['audit-report', 'ບົດລາຍງານການກວດສອບ', 'Audit report', { required: false, kinds: ['pdf'] }],
  ],
};

const departments: Record<string, Item[]> = {
  production: [
    ['agriculture', 'ກະສິກຳ ແລະ ປ່າໄມ້', 'Agriculture and forestry'],
    ['manufacturing', 'ອຸດສາຫະກຳປຸງແຕ່ງ', 'Manufacturing'],
    ['construction', 'ການກໍ່ສ້າງ', 'Construction'],
    ['mining-energy', 'ບໍ່ແຮ່ ແລະ ພະລັງງານ', 'Mining and energy'],
  ],
  trade: [
    ['wholesale', 'ການຄ້າຂາຍຍົກ', 'Wholesale'],
    ['retail', 'ການຄ້າຂາຍຍ່ອຍ', 'Retail'],
    ['import-export', 'ການນຳເຂົ້າ ແລະ ສົ່ງອອກ', 'Import and export'],
  ],
  services: [
    ['transport', 'ການຂົນສົ່ງ', 'Transport and logistics'],
    ['tourism', 'ການທ່ອງທ່ຽວ ແລະ ໂຮງແຮມ', 'Tourism and hotels'],
    ['finance', 'ການເງິນ ແລະ ການປະກັນໄພ', 'Finance and insurance'],
    ['ict', 'ເຕັກໂນໂລຊີຂໍ້ມູນຂ່າວສານ', 'Information technology'],
    ['professional', 'ບໍລິການວິຊາຊີບ', 'Professional services'],
  ],
};

const toRows = (list: string, items: Item[], parentId: string | null = null) =>
  items.map(([code, nameLo, nameEn, extra], index) => ({
    id: newId(),
    list,
    code,
    nameLo,
    nameEn,
    parentId,
    sortOrder: index,
    extra: extra ? JSON.stringify(extra) : null,
  }));

/** The 18 provinces and 148 districts (Lao and English names); villages refer to them. */
async function seedGeography(db: Executor) {
  const geo = join(REPO_ROOT, 'apps/api/assets/geo');
  await insertMissingProvinces(
    db,
    readCsv(join(geo, 'provinces.csv')).map((r) => ({ code: r.province_code!, nameLo: r.province_name_lo!, nameEn: r.province_name_en! })),
  );
  await insertMissingDistricts(
    db,
    readCsv(join(geo, 'districts.csv')).map((r) => ({
      code: r.district_code!,
      provinceCode: r.province_code!,
      nameLo: r.district_name_lo!,
      nameEn: r.district_name_en!,
    })),
  );
}

export interface VillagesImported {
  /** villages read and valid (imported now or already present) */
  villages: number;
  /** rows skipped: listed under a district their code does not belong to, or a district we do not know */
  skipped: number;
  skippedDistricts: string[];
}

/**
 * Loads villages in the lao-admin format after the provinces and districts they refer to; run again,
 * it adds only what is missing. A malformed file throws a GeoFileError naming the file and line.
 */
export async function importVillages(db: Executor, path: string): Promise<VillagesImported> {
  await seedGeography(db);
  const { villages, skipped } = readVillages(path);
  const known = new Set(await listDistrictCodes(db));
  const importable = villages.filter((v) => known.has(v.districtCode));
  const unknown = villages.filter((v) => !known.has(v.districtCode)).map((v) => ({ code: v.code, listedUnder: v.districtCode }));
  await insertMissingVillages(db, importable);
  const all = [...skipped, ...unknown];
  return { villages: importable.length, skipped: all.length, skippedDistricts: [...new Set(all.map((s) => s.listedUnder))].sort() };
}

const describeImport = (r: VillagesImported) =>
  `villages: ${r.villages} imported or already present; ${r.skipped} rows skipped (listed under a district their code does not belong to${r.skippedDistricts.length ? `: ${r.skippedDistricts.join(', ')}` : ''})`;

export const referenceSeed: SeedStep = {
  name: 'reference',
  kind: 'reference',
  async run({ db, config, log }) {
    await seedGeography(db.kysely);
    for (const [list, items] of Object.entries(lists)) await insertMissingItems(db.kysely, toRows(list, items));
    for (const [categoryCode, items] of Object.entries(departments)) {
      const category = await findItemByCode(db.kysely, 'categories', categoryCode);
      if (category) await insertMissingItems(db.kysely, toRows('departments', items, category.id));
    }
    // Villages are optional: a missing or malformed file is reported and the server starts without them.
    const path = config.VILLAGES_DIR;
    if (!path) return;
    if (!existsSync(path)) {
      log?.warn({ path }, 'VILLAGES_DIR does not exist: no villages imported, users type the village name');
      return;
    }
    try {
      log?.info(describeImport(await importVillages(db.kysely, path)));
    } catch (err) {
      const unreadable = (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EACCES';
      if (err instanceof GeoFileError) log?.warn({ file: err.file, line: err.line }, `villages not imported: ${err.message}`);
      else if (unreadable) log?.warn({ path }, `villages not imported: ${(err as Error).message}`);
      else throw err;
    }
  },
};

/** `villages:import <folder or file>`: loads villages in the lao-admin format; run again, it adds only what is missing. */
export const importVillagesCommand: CliCommand = async ({ db }, [path]) => {
  if (!path) throw new Error('usage: villages:import <folder with villages.csv | villages.csv | laos_province_district_village.json>');
  console.log(describeImport(await importVillages(db.kysely, path)));
};
