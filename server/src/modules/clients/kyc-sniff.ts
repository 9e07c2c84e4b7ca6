/**
 * What a KYC document is, read from its first bytes: neither the file name nor the declared type is trusted,
 * so an HTML page named passport.png is refused rather than stored and later served.
 */
export type KycContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** How many leading bytes the signatures need. */
export const KYC_SNIFF_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

export function sniffKyc(head: Uint8Array): KycContentType | null {
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
