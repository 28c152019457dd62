import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text layer of a PDF as pdftotext (poppler-utils) reads it: what a search or a copy gets. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bansi-pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), join(dir, 'out.txt')]);
    return await readFile(join(dir, 'out.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Page `page` (1-based) rendered to PNG files by pdftoppm, for looking at the shaping. */
export async function pdfPagePng(pdf: Buffer, outPrefix: string, page = 1, dpi = 110): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bansi-pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-png', join(dir, 'in.pdf'), outPrefix]);
    return (await readdir(dir)).map((f) => join(dir, f));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
