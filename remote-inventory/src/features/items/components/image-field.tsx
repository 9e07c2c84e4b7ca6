import { ITEM_IMAGE_MAX_BYTES } from '@loupe/contracts';
import { errorMessage, FileField } from '@loupe/platform';
import { useState } from 'react';
import { useUploadItemImage } from '../api/upload-item-image';

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

/**
 * The image a form sends after its item is saved (add and edit): the chosen file, the upload's progress and
 * why it failed, which the field shows, and `send`, which uploads it to the saved item.
 */
export function useImageUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadItemImage();

  /** Uploads the chosen file to the item: true when it arrived (or none was chosen), else the field says why. */
  async function send(itemId: number): Promise<boolean> {
    if (!file) return true;
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ itemId, file, onProgress: setProgress });
      return true;
    } catch (failure) {
      setError(errorMessage(failure, 'The image could not be uploaded.'));
      return false;
    } finally {
      setProgress(null);
    }
  }

  const choose = (next: File | null) => {
    setFile(next);
    setError(null);
  };
  return { field: { file, onChange: choose, progress, error }, send };
}
