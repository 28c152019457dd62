export interface PdfViewerProps {
  /** Where to read the PDF, by HTTP range requests (the API's file endpoints). */
  url?: string;
  /** Or the bytes themselves. */
  data?: Uint8Array;
  /** Shown in the properties and used for downloads. */
  fileName?: string;
  /** A URL that answers the file as an attachment; without it the viewer saves what it loaded. */
  downloadUrl?: string;
  /** DESIGN §5: 1.2 unless a screen asks for another scale or 'page-fit' / 'page-width' / 'page-actual'. */
  defaultScale?: number | 'page-actual' | 'page-fit' | 'page-width';
  /** CSS height of the whole viewer; it fills its parent by default. */
  height?: string | number;
}
