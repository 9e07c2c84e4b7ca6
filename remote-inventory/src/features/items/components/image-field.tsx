import { ITEM_IMAGE_MAX_BYTES } from '@loupe/contracts';
import { Button, FieldError } from '@loupe/platform';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    display: block;
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  img {
    display: block;
    max-width: 220px;
    max-height: 220px;
    margin: ${({ theme }) => theme.space(2)} 0;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    object-fit: contain;
  }
  progress {
    width: min(320px, 100%);
  }
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

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
export function ImageField({ label, file, onChange, progress, error, disabled }: ImageFieldProps) {
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // Remounting the input is the only way to clear a file input's own selection.
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shownError = localError ?? error ?? null;
  const errorId = `${id}-error`;
  return (
    <Wrapper>
      <label htmlFor={id}>{label}</label>
      <input
        key={inputKey}
        id={id}
        type="file"
        accept="image/*"
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const problem = chosen ? checkImage(chosen) : null;
          setLocalError(problem);
          onChange(problem ? null : chosen);
        }}
      />
      <Hint>Any image type, up to {MAX_MB} MB.</Hint>
      {file ? (
        <>
          {preview ? <img src={preview} alt={`Preview of ${file.name}`} /> : null}
          <Hint>{file.name}</Hint>
          {progress === null ? (
            <Button
              variant="ghost"
              disabled={disabled}
              onClick={() => {
                onChange(null);
                setInputKey((n) => n + 1);
              }}
            >
              Remove Image
            </Button>
          ) : (
            <progress aria-label="Image upload" max={100} value={progress}>
              {progress}%
            </progress>
          )}
        </>
      ) : null}
      {shownError ? <FieldError id={errorId}>{shownError}</FieldError> : null}
    </Wrapper>
  );
}
