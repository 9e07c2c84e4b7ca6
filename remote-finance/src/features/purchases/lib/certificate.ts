import { KYC_MAX_BYTES, REGISTER_CERTIFICATE_TYPES } from '@loupe/contracts';
import { formatFileSize } from '@loupe/platform';

/*
 * A register check's certificate: a PDF or a scan, kept in private storage as a KYC paper is, so it is held to
 * the same size. The service decides by the file's bytes; this only spares an upload bound to fail.
 */
export const CERTIFICATE_ACCEPT = REGISTER_CERTIFICATE_TYPES.join(',');
export const CERTIFICATE_HINT = `The register’s certificate: PDF, JPEG or PNG, up to ${formatFileSize(KYC_MAX_BYTES)}. Sent once the purchase is saved.`;

export function certificateProblem(file: File): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > KYC_MAX_BYTES) return `The file is larger than ${formatFileSize(KYC_MAX_BYTES)}.`;
  if (file.type && !(REGISTER_CERTIFICATE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PDF, JPEG or PNG file.';
  return null;
}
