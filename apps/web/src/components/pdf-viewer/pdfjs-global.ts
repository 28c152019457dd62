import * as pdfjsLib from 'pdfjs-dist';
// The worker is a file of this app (Vite copies it under /static/media), never a CDN. CSP: worker-src 'self'.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// pdfjs-dist/web/pdf_viewer.mjs reads the library from this global, so it must be set before that module runs.
(globalThis as { pdfjsLib?: typeof pdfjsLib }).pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = workerUrl;

export { pdfjsLib };
