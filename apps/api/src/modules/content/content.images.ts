import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CONTENT_LIMITS, type ImageVariant } from '@bansi/shared';
import sharp, { type ResizeOptions } from 'sharp';
import { AppError } from '../../lib/errors';

/** What an uploaded cover image is, judged by its first bytes, never by its name or Content-Type. */
export function sniffImageType(buf: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Images larger than this many pixels are refused before decoding (decompression bombs). */
const MAX_PIXELS = 40_000_000;
const SIZES: Record<ImageVariant, ResizeOptions> = {
  large: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true },
  thumb: { width: 480, height: 320, fit: 'cover', position: 'attention' },
};

export interface ProcessedImage {
  id: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
}

export const imageDir = (dataDir: string) => resolve(dataDir, 'content-images');
export const imagePath = (dataDir: string, id: string, variant: ImageVariant) => join(imageDir(dataDir), `${id}-${variant}.webp`);

/**
 * Checks an upload (size, magic bytes, decodes as an image within the pixel limit) and writes its
 * variants as WebP: re-encoding drops metadata (EXIF location) and anything hidden after the image.
 * Files are written under temporary names and renamed into place; `commit` records the row and the
 * files are removed again if it fails.
 */
export async function storeImage(dataDir: string, buf: Buffer, commit: (img: ProcessedImage) => Promise<void>): Promise<ProcessedImage> {
  if (buf.length > CONTENT_LIMITS.imageBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
  if (!sniffImageType(buf)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  let width: number;
  let height: number;
  let outputs: Record<ImageVariant, Buffer>;
  try {
    const meta = await sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    const base = () => sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const [large, thumb] = await Promise.all([
      base().resize(SIZES.large).webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
      base().resize(SIZES.thumb).webp({ quality: 78 }).toBuffer(),
    ]);
    width = large.info.width;
    height = large.info.height;
    outputs = { large: large.data, thumb };
  } catch {
    // The first bytes claimed an image but it does not decode (or is too large to decode).
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  const img: ProcessedImage = { id: randomUUID(), width, height, bytes: buf.length, sha256: createHash('sha256').update(buf).digest('hex') };
  await mkdir(imageDir(dataDir), { recursive: true });
  const written: string[] = [];
  try {
    for (const variant of Object.keys(outputs) as ImageVariant[]) {
      const final = imagePath(dataDir, img.id, variant);
      const tmp = `${final}.${randomUUID()}.tmp`;
      written.push(tmp);
      await writeFile(tmp, outputs[variant], { flush: true });
      await rename(tmp, final);
      written[written.length - 1] = final;
    }
    await commit(img);
  } catch (err) {
    await Promise.all(written.map((f) => rm(f, { force: true })));
    throw err;
  }
  return img;
}
