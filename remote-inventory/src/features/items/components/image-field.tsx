import { ITEM_IMAGE_MAX_BYTES } from '@loupe/contracts';
import { FileField } from '@loupe/platform';

const MAX_MB = ITEM_IMAGE_MAX_BYTES / (1024 * 1024);

/** Why a chosen file cannot be uploaded, or null (the server sniffs the content; this spares a round trip). */
export function checkImage(file: File): string | null {
  if (file.type && !file.type.startsWith('image/')) return 'Choose an image file.';
  if (file.size > ITEM_IMAGE_MAX_BYTES) return `The image is larger than ${MAX_MB} MB.`;
  return null;
}

interface ImageFieldProps {
  label: string;
  file: File | null;
  onChange(file: File | null): void;
  /** Upload progress 0–100 while sending, else null. */
  progress: number | null;
  error?: string | null;
  disabled?: boolean;
}

/** A picture of the item: any image type (SPEC §5), previewed before it is sent. */
export function ImageField(props: ImageFieldProps) {
  return (
    <FileField
      {...props}
      accept="image/*"
      hint={`Any image type, up to ${MAX_MB} MB.`}
      check={checkImage}
      progressLabel="Image upload"
      removeLabel="Remove Image"
      preview
    />
  );
}
