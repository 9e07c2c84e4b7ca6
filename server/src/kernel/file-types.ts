/**
 * What a stored file is, read from its first bytes: neither the file name nor the declared type is trusted,
 * so an HTML page named passport.png is refused rather than stored and later served.
 */

/** How many leading bytes the signatures below need (an ISO BMFF `ftyp` box lists its brands in far less). */
export const SNIFF_BYTES = 4096;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

const ISO_BMFF_BRANDS: Record<string, string> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  hevc: 'image/heic-sequence',
  hevx: 'image/heic-sequence',
  mif1: 'image/heif',
  msf1: 'image/heif-sequence',
};

const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, from: number, to: number) =>
  bytes.length >= to ? bytes.subarray(from, to).toString('latin1') : '';

/** KYC papers: a PDF or a photo of one. */
export type KycContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

export function sniffKyc(head: Buffer): KycContentType | null {
  if (startsWith(head, PDF)) return 'application/pdf';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  return null;
}

/** The extension a download should carry for its type. */
export const KYC_EXTENSIONS: Record<KycContentType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};

/**
 * Any raster image a browser shows. SVG is deliberately not recognised: it is a document that can carry
 * script, and an image served from our origin must never run any.
 */
export function sniffImage(bytes: Buffer): string | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  const six = ascii(bytes, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return 'image/tiff';
  }
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 18 && BMP_HEADER_SIZES.has(bytes.readUInt32LE(14))) {
    return 'image/bmp';
  }
  // AVIF and HEIF: an ISO base media file whose first box is `ftyp`; its major brand names the format, and
  // a generic major brand (mif1) defers to the compatible brands that follow.
  if (ascii(bytes, 4, 8) === 'ftyp' && bytes.length >= 16) {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    const specific = brands.find((b) => b !== 'mif1' && b !== 'msf1' && b in ISO_BMFF_BRANDS);
    const brand = specific ?? brands.find((b) => b in ISO_BMFF_BRANDS);
    if (brand) return ISO_BMFF_BRANDS[brand] as string;
  }
  return null;
}

/** The extension of each image type sniffImage recognises. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/heic-sequence': 'heics',
  'image/heif-sequence': 'heifs',
};

/**
 * Content-Disposition of an image shown inline (an item's photo, the shop's logo). Never the name it was
 * uploaded under: that is the client's choice, and a photo kept as "dial.html" or "dial.svg" would open as a
 * page once saved. The name is ours: `stem` (letters, digits and dashes) and the extension of the type the
 * bytes were recognised as, e.g. `item-7-image-3.png`.
 */
export function inlineImageDisposition(stem: string, contentType: string): string {
  const safeStem = stem.replace(/[^A-Za-z0-9-]/g, '') || 'image';
  return `inline; filename="${safeStem}.${IMAGE_EXTENSIONS[contentType] ?? 'bin'}"`;
}
