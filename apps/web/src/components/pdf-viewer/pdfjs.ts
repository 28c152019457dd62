// Import order matters: the global first, then the viewer classes that read it.
import { pdfjsLib } from './pdfjs-global';
import 'pdfjs-dist/web/pdf_viewer.css';

export { pdfjsLib };
export { EventBus, FindState, PDFFindController, PDFLinkService, PDFViewer, ScrollMode, SpreadMode } from 'pdfjs-dist/web/pdf_viewer.mjs';
export type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';

/** pdf.js's resources, served by the app itself under a versioned path (apps/web/pdfjs-assets.ts). */
const assetBase = () => new URL(`/static/pdfjs-${pdfjsLib.version}/`, window.location.origin).href;

/** HTTP range loading in 64 KiB chunks (DESIGN §5): the first page shows without the whole file. */
export const RANGE_CHUNK_SIZE = 65_536;

export type PdfSource = { url: string } | { data: Uint8Array };

/**
 * Opens a document. Range requests of RANGE_CHUNK_SIZE bytes; no streaming of the whole file and no
 * fetching of the rest in the background. `isEvalSupported: false` and `useWasm: false` because the
 * app's CSP has neither 'unsafe-eval' nor 'wasm-unsafe-eval' (pdf.js then uses its JS decoders).
 */
export function openDocument(source: PdfSource) {
  const base = assetBase();
  return pdfjsLib.getDocument({
    ...('url' in source ? { url: source.url } : { data: source.data }),
    rangeChunkSize: RANGE_CHUNK_SIZE,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    useWasm: false,
    wasmUrl: `${base}wasm/`,
    cMapUrl: `${base}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${base}standard_fonts/`,
    iccUrl: `${base}iccs/`,
    verbosity: pdfjsLib.VerbosityLevel.ERRORS,
  });
}
