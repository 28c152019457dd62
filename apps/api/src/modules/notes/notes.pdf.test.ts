import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { formatLak, notesSectionTotal } from '@bansi/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTranslator, loadCatalogs } from '../../lib/i18n';
import { pdfText } from '../../lib/pdf/pdf-text';
import { renderNotesPdf } from './notes.pdf';
import { fixtureNotes } from './notes.pdf.fixture';

const run = promisify(execFile);
const t = createTranslator(loadCatalogs());
const REFERENCE = join(import.meta.dirname, '__fixtures__', 'notes-page1.png');
const DPI = 100;

/** Page 1 rasterised by pdftoppm (poppler), in grey levels. */
async function page1(pdf: Buffer): Promise<{ data: Buffer; width: number; height: number; png: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'bansi-notes-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(DPI), '-f', '1', '-l', '1', '-gray', '-png', '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
    const png = await sharp(join(dir, 'page.png')).toBuffer();
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, png };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Pixels that differ by more than an anti-aliasing step (a quarter of the grey range). A glyph drawn
 * elsewhere — an unshaped Lao vowel or tone mark, a missing glyph box, a moved line — changes dozens
 * of pixels by far more than that; smoothing differences between poppler builds change edges by less.
 */
function differingPixels(a: Buffer, b: Buffer): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 64) n++;
  return n;
}
const TOLERANCE = 12;

describe('the notes PDF', () => {
  it('matches the reviewed image of page 1 (Lao shaped by Noto Sans Lao from npm)', async () => {
    const pdf = await renderNotesPdf(t, fixtureNotes());
    // The same input gives the same bytes: nothing random and no clock in the document.
    expect((await renderNotesPdf(t, fixtureNotes())).equals(pdf)).toBe(true);
    const page = await page1(pdf);
    if (!existsSync(REFERENCE) || process.env.UPDATE_NOTES_REFERENCE === '1') {
      writeFileSync(REFERENCE, page.png);
      throw new Error(`wrote ${REFERENCE}: look at it, then run the test again`);
    }
    const ref = await sharp(REFERENCE).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([page.width, page.height]).toEqual([ref.info.width, ref.info.height]);
    expect(differingPixels(page.data, ref.data)).toBeLessThanOrEqual(TOLERANCE);
  });

  it('would notice one Lao tone mark out of place (the comparison is that strict)', async () => {
    const input = fixtureNotes();
    // ຈຳກັດ → ຈັກັດ in the company name of the first line: one vowel fewer in a 13 pt line.
    input.companyNameLo = input.companyNameLo.replace('ຈຳກັດ', 'ຈັກັດ');
    const page = await page1(await renderNotesPdf(t, input));
    const ref = await sharp(REFERENCE).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(differingPixels(page.data, ref.data)).toBeGreaterThan(TOLERANCE * 4);
  });

  it('has a text layer with the Lao section titles, the page numbers and the amounts grouped as the language writes them', async () => {
    const input = fixtureNotes(3);
    const text = await pdfText(await renderNotesPdf(t, input));
    for (const [i, key] of ['general', 'cash', 'ppe', 'related-parties', 'approval'].entries())
      expect(text, key).toContain(`${[1, 5, 8, 15, 18][i]}. ${t('lo', `notesDocument.sections.${key}`)}`);
    const cash = input.sections.find((s) => s.key === 'cash')!;
    expect(text).toContain(formatLak(cash.rows[0]!.current!, 'lo'));
    expect(text).toContain(formatLak(notesSectionTotal(cash)!.current, 'lo'));
    expect(formatLak(1_234_571, 'lo')).toMatch(/1\.234\.571/);
    expect(text).toContain('ປີບັນຊີ 2023');
    expect(text).toMatch(/\b1 ?\/ ?\d+/);

    const en = (await pdfText(await renderNotesPdf(t, fixtureNotes(3, 'en')))).replace(/\u00A0/g, ' ');
    expect(en).toContain('5. Cash and cash equivalents');
    expect(en).toContain(formatLak(notesSectionTotal(cash)!.current, 'en').replace(/\u00A0/g, ' '));
    expect(en).toContain('Demo Trading Co., Ltd. · Book year 2023');
  });
});
