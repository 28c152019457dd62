import * as pdfjs from 'pdfjs-dist';
// The worker is a file of this app (Vite copies it under /static/media), never a CDN. CSP: worker-src 'self'.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * What pdfjs-dist/web/pdf_viewer.mjs reads from `globalThis.pdfjsLib` (the names it takes when it loads), less
 * the annotation editors: AnnotationEditorLayer, AnnotationEditorUIManager, ColorPicker, DrawLayer and
 * SignatureExtractor are left out, so the bundler drops them (apps/web/pdfjs-lean.ts, decision 280). The viewer
 * never reaches them: use-viewer.ts opens every document with `annotationEditorMode: AnnotationEditorType.DISABLE`.
 * Listed name by name: handing on the whole module namespace would keep every class of pdf.mjs.
 */
export const pdfjsLib = {
  AbortException: pdfjs.AbortException,
  AnnotationEditorParamsType: pdfjs.AnnotationEditorParamsType,
  AnnotationEditorType: pdfjs.AnnotationEditorType,
  AnnotationLayer: pdfjs.AnnotationLayer,
  AnnotationMode: pdfjs.AnnotationMode,
  AnnotationType: pdfjs.AnnotationType,
  applyOpacity: pdfjs.applyOpacity,
  build: pdfjs.build,
  createValidAbsoluteUrl: pdfjs.createValidAbsoluteUrl,
  CSSConstants: pdfjs.CSSConstants,
  DOMSVGFactory: pdfjs.DOMSVGFactory,
  FeatureTest: pdfjs.FeatureTest,
  fetchData: pdfjs.fetchData,
  findContrastColor: pdfjs.findContrastColor,
  getDocument: pdfjs.getDocument,
  getFilenameFromUrl: pdfjs.getFilenameFromUrl,
  getPdfFilenameFromUrl: pdfjs.getPdfFilenameFromUrl,
  getRGB: pdfjs.getRGB,
  getUuid: pdfjs.getUuid,
  getXfaPageViewport: pdfjs.getXfaPageViewport,
  GlobalWorkerOptions: pdfjs.GlobalWorkerOptions,
  ImageKind: pdfjs.ImageKind,
  InvalidPDFException: pdfjs.InvalidPDFException,
  isDataScheme: pdfjs.isDataScheme,
  isPdfFile: pdfjs.isPdfFile,
  isValidExplicitDest: pdfjs.isValidExplicitDest,
  makeArr: pdfjs.makeArr,
  makeMap: pdfjs.makeMap,
  makeObj: pdfjs.makeObj,
  MathClamp: pdfjs.MathClamp,
  noContextMenu: pdfjs.noContextMenu,
  normalizeUnicode: pdfjs.normalizeUnicode,
  OPS: pdfjs.OPS,
  OutputScale: pdfjs.OutputScale,
  PasswordResponses: pdfjs.PasswordResponses,
  PDFDataRangeTransport: pdfjs.PDFDataRangeTransport,
  PDFDateString: pdfjs.PDFDateString,
  PDFWorker: pdfjs.PDFWorker,
  PermissionFlag: pdfjs.PermissionFlag,
  PixelsPerInch: pdfjs.PixelsPerInch,
  RenderingCancelledException: pdfjs.RenderingCancelledException,
  renderRichText: pdfjs.renderRichText,
  ResponseException: pdfjs.ResponseException,
  setLayerDimensions: pdfjs.setLayerDimensions,
  shadow: pdfjs.shadow,
  stopEvent: pdfjs.stopEvent,
  SupportedImageMimeTypes: pdfjs.SupportedImageMimeTypes,
  TextLayer: pdfjs.TextLayer,
  TextLayerImages: pdfjs.TextLayerImages,
  TouchManager: pdfjs.TouchManager,
  updateUrlHash: pdfjs.updateUrlHash,
  Util: pdfjs.Util,
  VerbosityLevel: pdfjs.VerbosityLevel,
  version: pdfjs.version,
  XfaLayer: pdfjs.XfaLayer,
};

// pdfjs-dist/web/pdf_viewer.mjs reads the library from this global, so it must be set before that module runs.
(globalThis as { pdfjsLib?: unknown }).pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = workerUrl;

// pdf.js 5.6 can leave a copy of a failed request's error unhandled: WorkerTransport's "GetReader"
// handler rethrows it from `sink.ready.catch(...)` when the worker cancels the stream (pdf.mjs,
// `messageHandler.on("GetReader")`), timing-dependent. The same error also rejects the loading task,
// which is how the viewer shows "not found" or "cannot load" (use-pdf-document.ts), so the stray copy
// would only print "Uncaught (in promise) ResponseException" on the console. Exactly that is dropped.
window.addEventListener('unhandledrejection', (event) => {
  if ((event.reason as { name?: unknown } | null)?.name === 'ResponseException') event.preventDefault();
});
