import { KYC_ACCEPT, KYC_CONTENT_TYPES, KYC_MAX_BYTES } from '@loupe/contracts';
import { FileField } from '@loupe/platform';

const MAX_MB = KYC_MAX_BYTES / (1024 * 1024);
const EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/** Why a chosen KYC paper cannot be sent (a .docx, a 40 MB scan), or null. */
export function checkKycFile(file: File): string | null {
  const typeOk = (KYC_CONTENT_TYPES as readonly string[]).includes(file.type);
  if (!typeOk && !EXTENSIONS.test(file.name)) return 'Choose a PDF, JPG or PNG file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > KYC_MAX_BYTES) return `The file is larger than ${MAX_MB} MB.`;
  return null;
}

interface KycFieldProps {
  file: File | null;
  onChange(file: File | null): void;
  /** Upload progress 0–100 while sending, else null. */
  progress: number | null;
  error?: string | null;
  disabled?: boolean;
}

/** The KYC document of the client form (SPEC §5: accepts .pdf, .jpg, .png), sent after the client is saved. */
export function KycField(props: KycFieldProps) {
  return (
    <FileField
      {...props}
      label="KYC Document"
      name="kycFile"
      accept={KYC_ACCEPT}
      hint={`Passport, ID card or proof of address: PDF, JPG or PNG, up to ${MAX_MB} MB.`}
      check={checkKycFile}
      progressLabel="KYC upload"
      removeLabel="Remove File"
    />
  );
}
