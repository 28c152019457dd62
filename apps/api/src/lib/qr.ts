import QRCode from 'qrcode';

/**
 * QR code images (npm `qrcode`): one error-correction level and quiet zone for every code the
 * product prints, so a receipt, a booking cover sheet and an invoice scan alike.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 1 } as const;

/** A PNG of the code (e-mails, downloads). */
export function qrPng(text: string, options: { scale?: number } = {}): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png', scale: options.scale ?? 6 });
}

/** An SVG document of the code (web pages, printing at any size); `margin` widens the quiet zone (modules). */
export function qrSvg(text: string, options: { margin?: number } = {}): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, ...options, type: 'svg' });
}

/** The code's modules, for drawing it as vectors (lib/pdf): `dark(row, col)`, `size` modules a side. */
export function qrMatrix(text: string): { size: number; dark(row: number, col: number): boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel });
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}
