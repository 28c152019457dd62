import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { VillagesTable } from './reference.tables';

/** A file that cannot be read as the lao-admin format, named with the line at fault. */
export class GeoFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

/** Rows of a plain CSV file with a header line (the lao-admin files have no quoted fields). */
export function readCsv(path: string): Record<string, string>[] {
  const lines = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const header = lines[0];
  if (!header?.trim()) throw new GeoFileError(path, 1, 'no header line');
  if (header.includes('"')) throw new GeoFileError(path, 1, 'quoted CSV fields are not supported');
  const columns = header.split(',');
  const rows: Record<string, string>[] = [];
  lines.forEach((line, index) => {
    if (index === 0 || line.trim() === '') return;
    if (line.includes('"')) throw new GeoFileError(path, index + 1, 'quoted CSV fields are not supported');
    const values = line.split(',');
    if (values.length !== columns.length) throw new GeoFileError(path, index + 1, `${values.length} fields where the header has ${columns.length}`);
    rows.push(Object.fromEntries(values.map((v, i) => [columns[i]!, v.trim()])));
  });
  return rows;
}

/** JSON.parse, with a syntax error named by file and line (V8 gives the character position). */
function readJson(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : 1;
    throw new GeoFileError(path, line, message);
  }
}

interface NestedFile {
  provincesData: {
    districtsData: { districtCode: string; villagesData: { villageCode: string; villageLaoName: string; villageEngName: string }[] }[];
  }[];
}

function nested(file: string): NestedFile {
  const data = readJson(file) as Partial<NestedFile> | null;
  if (!Array.isArray(data?.provincesData)) throw new GeoFileError(file, 1, 'no provincesData list (not the lao-admin nested format)');
  return data as NestedFile;
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
    ? nested(file).provincesData.flatMap((p) =>
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
