/**
 * What kind of image the bytes are, read from their signature: neither the file name nor the declared type
 * is trusted. SVG is deliberately not recognised: it is a document that can carry script, and an image
 * served from our origin must never run any.
 */
export interface SniffedImage {
  contentType: string;
}

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

export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg' };
  const six = ascii(bytes, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return { contentType: 'image/gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { contentType: 'image/webp' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { contentType: 'image/tiff' };
  }
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 18 && BMP_HEADER_SIZES.has(bytes.readUInt32LE(14))) {
    return { contentType: 'image/bmp' };
  }
  // AVIF and HEIF: an ISO base media file whose first box is `ftyp`; its major brand names the format, and
  // a generic major brand (mif1) defers to the compatible brands that follow.
  if (ascii(bytes, 4, 8) === 'ftyp' && bytes.length >= 16) {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    const specific = brands.find((b) => b !== 'mif1' && b !== 'msf1' && b in ISO_BMFF_BRANDS);
    const brand = specific ?? brands.find((b) => b in ISO_BMFF_BRANDS);
    if (brand) return { contentType: ISO_BMFF_BRANDS[brand] as string };
  }
  return null;
}
