import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/** The picture's width in CSS pixels: the viewer's page on a phone, sharp enough on a laptop's first screen. */
export const FIRST_PAGE_WIDTH = 720;
/** A page taller than this many widths (a long strip) is cut: the picture only fills the first screen. */
const MAX_HEIGHT = FIRST_PAGE_WIDTH * 3;
const WEBP_QUALITY = 70;

export interface FirstPagePicture {
  webp: Uint8Array;
  width: number;
  height: number;
}

/**
 * pdf.js in Node reads what some PDFs need from its own package, by file path (its Node factories read them
 * with fs; a path must end with a slash): the 14 standard fonts for PDFs that do not embed them
 * (`standardFontDataUrl`), the CMaps for CJK fonts that use predefined encodings (`cMapUrl`), the WebAssembly
 * decoders of JPEG 2000 and JBIG2 images and of ICC colour profiles (`wasmUrl`, `iccUrl`). Without them such a
 * page still renders, with a substitute font or without the image, and pdf.js warns.
 */
function pdfjsData() {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dir = (name: string) => `${join(root, name)}/`;
  return { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm'), iccUrl: dir('iccs') };
}

/**
 * The first page of a PDF as a WebP FIRST_PAGE_WIDTH pixels wide (decision 287). pdf.js (its legacy build, the one
 * for Node) draws on @napi-rs/canvas; sharp encodes. Throws when the PDF cannot be read or drawn.
 */
export async function renderFirstPage(pdf: Uint8Array): Promise<FirstPagePicture> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // No eval (fonts compiled to functions), no system fonts, no font faces: nothing outside the bytes and the package.
  const task = getDocument({ data: pdf, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, ...pdfjsData() });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: FIRST_PAGE_WIDTH / page.getViewport({ scale: 1 }).width });
    const width = Math.ceil(viewport.width);
    const height = Math.min(Math.ceil(viewport.height), MAX_HEIGHT);
    // In Node the factory makes an @napi-rs/canvas canvas (the API has no DOM types: hence the casts).
    const factory = doc.canvasFactory as { create(w: number, h: number): { canvas: { toBuffer(type: 'image/png'): Buffer }; context: unknown } };
    const { canvas, context } = factory.create(width, height);
    await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
    const png = canvas.toBuffer('image/png');
    const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    return { webp: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } finally {
    await task.destroy();
  }
}
