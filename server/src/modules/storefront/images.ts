import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database';
import type { FileKey } from '../../config';
import { openStoredFile } from '../../kernel/file-storage';
import { KeptAnswers } from '../../kernel/kept-answers';
import { loadSharp } from '../../kernel/sharp';
import type { ImageFormat, ImageWidth } from './urls';

/*
 * The storefront's photos (issue 24 item 1): the stored original (an item image, kernel file storage) resized
 * by sharp (libvips) to a square of one of the fixed widths, the whole photo fitted in on white (nothing
 * cropped; every rendition's width and height are known to the page, which never shifts as photos load), and
 * encoded as AVIF, WebP or JPEG. Encoded renditions are kept in memory, least recently used first out, within a
 * byte budget; two requests for one rendition share one encoding.
 *
 * The ETag names the photo, the width, the format and the photo's version (its storage key: a stored photo is
 * never changed, only added or removed), so it is known before anything is encoded and a revalidation is
 * answered 304 from one database read: whether the photo's item is on the storefront right now.
 */

const MEDIA_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** The best format the browser accepts (Accept: image/avif, image/webp…); JPEG, which every browser reads, else. */
export function formatFor(accept: string | undefined): ImageFormat {
  const types = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.q > 0)
    .map((t) => t.type);
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'jpg';
}

export const mediaType = (format: ImageFormat) => MEDIA_TYPES[format];

export function renditionEtag(
  imageId: number,
  width: number,
  format: ImageFormat,
  storageKey: string,
): string {
  const version = createHash('sha256').update(storageKey).digest('hex').slice(0, 12);
  return `"${imageId}-${width}-${format}-${version}"`;
}

/** Encoded renditions, least recently used evicted first once their bytes pass the budget (kernel/kept-answers.ts). */
export class RenditionCache {
  private readonly renditions: KeptAnswers<Buffer>;

  constructor(readonly budgetBytes: number) {
    this.renditions = new KeptAnswers({ budget: budgetBytes, weigh: (bytes) => bytes.length });
  }

  get size(): { entries: number; bytes: number } {
    const { entries, weight } = this.renditions.counts;
    return { entries, bytes: weight };
  }

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    return this.renditions.read(key, make, { stamp: undefined });
  }

  /** Forgets every rendition (kernel/in-memory-state.ts); an encoding under way is not kept either. */
  forget(): void {
    this.renditions.forget();
  }
}

/** One photo resized and encoded. */
export async function encodeRendition(
  original: Buffer,
  width: ImageWidth,
  format: ImageFormat,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const pipeline = sharp(original, { failOn: 'error' })
    .rotate() // the camera's orientation (EXIF), before the metadata is dropped
    .resize(width, width, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
    .flatten({ background: { r: 255, g: 255, b: 255 } });
  // Qualities for photographs of products on a phone; AVIF's effort kept low, as it is encoded on request.
  if (format === 'avif') return pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
  if (format === 'webp') return pipeline.webp({ quality: 78 }).toBuffer();
  return pipeline.jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer();
}

/** The stored original's bytes (decrypted), or null when the file is not there. */
export async function readOriginal(db: Queryable, key: FileKey, storageKey: string): Promise<Buffer | null> {
  const file = await openStoredFile(db, key, storageKey);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const chunk of file.chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
