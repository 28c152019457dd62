export { PdfViewer } from './lazy';
export type { PdfViewerProps } from './types';
