import * as pdfjsLib from 'pdfjs-dist';
// The worker is a file of this app (Vite copies it under /static/media), never a CDN. CSP: worker-src 'self'.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// pdfjs-dist/web/pdf_viewer.mjs reads the library from this global, so it must be set before that module runs.
(globalThis as { pdfjsLib?: typeof pdfjsLib }).pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = workerUrl;

export { pdfjsLib };

// pdf.js 5.6 can leave a copy of a failed request's error unhandled: WorkerTransport's "GetReader"
// handler rethrows it from `sink.ready.catch(...)` when the worker cancels the stream (pdf.mjs,
// `messageHandler.on("GetReader")`), timing-dependent. The same error also rejects the loading task,
// which is how the viewer shows "not found" or "cannot load" (use-pdf-document.ts), so the stray copy
// would only print "Uncaught (in promise) ResponseException" on the console. Exactly that is dropped.
window.addEventListener('unhandledrejection', (event) => {
  if ((event.reason as { name?: unknown } | null)?.name === 'ResponseException') event.preventDefault();
});
