import { createHash } from 'node:crypto';
import { CONTENT_LIMITS, type ImageVariant } from '@bansi/shared';
import sharp, { type ResizeOptions } from 'sharp';
import { newId } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { ContentSniffer } from '../../lib/file-sniff';
import { storageKeyFor, type StagedBytes } from '../../lib/file-store';
import { registerStoredKeys, keepInTransaction } from '../files';
import * as repo from './content.repository';
import type { ContentImagesTable } from './content.tables';

// Cover-image variants are named by content_image_variants.storage_key: clean-up keeps them.
registerStoredKeys('content-image', repo.existingImageKeys);

/** Images larger than this many pixels are refused before decoding (decompression bombs). */
const MAX_PIXELS = 40_000_000;
const SIZES: Record<ImageVariant, ResizeOptions> = {
  large: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true },
  thumb: { width: 480, height: 320, fit: 'cover', position: 'attention' },
};

/** JPEG and PNG by the files module's sniffer; WebP (not an upload kind of submissions) by its RIFF header. */
function isImage(buf: Buffer): boolean {
  const sniffer = new ContentSniffer(['jpeg', 'png']);
  sniffer.update(buf.subarray(0, 16));
  if (sniffer.possible() && buf.length >= 8) return true;
  return buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP';
}

/**
 * Checks a cover image (size, magic bytes, decodes within the pixel limit), re-encodes its variants
 * as WebP (dropping metadata such as an EXIF location and anything hidden after the image) and keeps
 * them in the FileStore with their rows as one unit (files.service keepInTransaction).
 */
export async function storeCoverImage(deps: Deps, buf: Buffer, createdBy: string | null, createdAt: string): Promise<ContentImagesTable> {
  if (buf.length > CONTENT_LIMITS.imageBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
  if (!isImage(buf)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
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
  const image: ContentImagesTable = {
    id: newId(),
    width,
    height,
    bytes: buf.length,
    sha256: createHash('sha256').update(buf).digest('hex'),
    createdBy,
    createdAt,
  };
  const staged: { variant: ImageVariant; staged: StagedBytes; key: string }[] = [];
  try {
    for (const variant of Object.keys(outputs) as ImageVariant[]) {
      staged.push({ variant, staged: await deps.store.stageBytes(outputs[variant], 'image/webp'), key: storageKeyFor(newId()) });
    }
  } catch (err) {
    await Promise.all(staged.map((s) => deps.store.discard(s.staged)));
    throw err;
  }
  await keepInTransaction(deps, staged, async (trx) => {
    await repo.insertImage(trx, image);
    await repo.insertImageVariants(
      trx,
      staged.map((s) => ({ imageId: image.id, variant: s.variant, storageKey: s.key, size: s.staged.size, sha256: s.staged.sha256 })),
    );
  });
  return image;
}
