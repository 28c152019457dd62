import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let fontDir: string | null = null;

/** A face of Noto Sans Lao (its Lao or its Latin subset, OFL) from the npm package; never a system font. */
export function fontFile(subset: 'lao' | 'latin', weight: 400 | 700): string {
  fontDir ??= join(dirname(require.resolve('@fontsource/noto-sans-lao/package.json')), 'files');
  return join(fontDir, `noto-sans-lao-${subset}-${weight}-normal.woff`);
}

let monoDir: string | null = null;

/** Noto Sans Mono (OFL, npm): ids, hashes and URLs, embedded like every face (PDFKit's Courier is not). */
export function monoFontFile(): string {
  monoDir ??= join(dirname(require.resolve('@fontsource/noto-sans-mono/package.json')), 'files');
  return join(monoDir, 'noto-sans-mono-latin-400-normal.woff');
}

/** The four faces every document registers, by the names `fontName` gives. */
export const FACES = [
  { name: 'lao', subset: 'lao', weight: 400 },
  { name: 'lao-bold', subset: 'lao', weight: 700 },
  { name: 'latin', subset: 'latin', weight: 400 },
  { name: 'latin-bold', subset: 'latin', weight: 700 },
] as const;

export type FaceName = (typeof FACES)[number]['name'];

export const fontName = (lao: boolean, bold: boolean): FaceName => `${lao ? 'lao' : 'latin'}${bold ? '-bold' : ''}`;

const LAO = /[\u0E80-\u0EFF\u200B-\u200D]/;

/**
 * Runs of Lao and of everything else, so that each run is set in the subset that has its glyphs.
 * A space joins the run it follows (Lao phrases are separated by spaces).
 */
export function scriptRuns(text: string): { lao: boolean; text: string }[] {
  const out: { lao: boolean; text: string }[] = [];
  for (const ch of text) {
    const lao = LAO.test(ch);
    const last = out[out.length - 1];
    if (last && (last.lao === lao || ch === ' ')) last.text += ch;
    else out.push({ lao, text: ch });
  }
  return out;
}
