import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { VillagesTable } from './reference.tables';

/** Rows of a plain CSV file with a header line (the lao-admin files have no quoted fields). */
export function readCsv(path: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (!header) return [];
  if (header.includes('"') || lines.some((l) => l.includes('"'))) throw new Error(`${path}: quoted CSV fields are not supported`);
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i] ?? `col${i}`, v.trim()])));
}

interface NestedFile {
  provincesData: {
    districtsData: { districtCode: string; villagesData: { villageCode: string; villageLaoName: string; villageEngName: string }[] }[];
  }[];
}

export interface VillageImport {
  villages: VillagesTable[];
  /** rows whose code does not belong to the district that lists them (copies of another district's list) */
  skipped: { code: string; listedUnder: string }[];
}

/**
 * Reads villages from a file (or folder) in the lao-admin format: `villages.csv` or the nested
 * `laos_province_district_village.json`. A village's code starts with its district's code; rows
 * listed under another district are the known copying defects and are skipped, so those districts
 * keep no list and the user types the village name (shared/data/lao-admin/README.md).
 */
export function readVillages(path: string): VillageImport {
  const file = statSync(path).isDirectory() ? join(path, 'villages.csv') : path;
  const listed: { code: string; districtCode: string; nameLo: string; nameEn: string }[] = file.endsWith('.json')
    ? (JSON.parse(readFileSync(file, 'utf8')) as NestedFile).provincesData.flatMap((p) =>
        p.districtsData.flatMap((d) =>
          d.villagesData.map((v) => ({ code: v.villageCode, districtCode: d.districtCode, nameLo: v.villageLaoName, nameEn: v.villageEngName })),
        ),
      )
    : readCsv(file).map((r) => ({
        code: r.village_code ?? '',
        districtCode: r.district_code ?? '',
        nameLo: r.village_name_lo ?? '',
        nameEn: r.village_name_en ?? '',
      }));
  const villages: VillagesTable[] = [];
  const skipped: VillageImport['skipped'] = [];
  const seen = new Set<string>();
  for (const v of listed) {
    if (!/^\d{7}$/.test(v.code) || !v.code.startsWith(v.districtCode) || seen.has(v.code)) {
      skipped.push({ code: v.code, listedUnder: v.districtCode });
      continue;
    }
    seen.add(v.code);
    villages.push(v);
  }
  return { villages, skipped };
}
