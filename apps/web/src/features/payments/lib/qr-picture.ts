import { toCanvas } from 'qrcode';

const WIDTH = 600;
const FONT = '"Noto Sans Lao", system-ui, sans-serif';

/**
 * The invoice's LAO QR as a picture a bank app can read from the gallery (the phone that shows the code cannot
 * scan itself): the code as on screen (error correction M, a quiet zone of 4 modules), and under it the amount
 * in bold and the invoice number, so the picture says what it pays. PNG, 600 px wide.
 */
export async function qrPicture(payload: string, lines: { amount: string; number: string }): Promise<Blob> {
  const code = document.createElement('canvas');
  await toCanvas(code, payload, { errorCorrectionLevel: 'M', margin: 4, width: WIDTH });
  // The Lao font is the page's (fontsource); the canvas only draws it once it has loaded.
  await Promise.all([document.fonts.load(`700 34px ${FONT}`), document.fonts.load(`400 26px ${FONT}`)]).catch(() => undefined);

  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = WIDTH + 130;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(code, 0, 0, WIDTH, WIDTH);
  g.fillStyle = '#000';
  g.textAlign = 'center';
  g.textBaseline = 'alphabetic';
  g.font = `700 34px ${FONT}`;
  g.fillText(lines.amount, WIDTH / 2, WIDTH + 44, WIDTH - 40);
  g.font = `400 26px ${FONT}`;
  g.fillText(lines.number, WIDTH / 2, WIDTH + 94, WIDTH - 40);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'));
}
