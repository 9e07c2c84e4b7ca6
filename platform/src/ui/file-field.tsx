import { useEffect, useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { FieldError } from './fields';

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

const Chosen = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

/** "12 KB", "3.4 MB": how big a chosen file is, as a person checks they picked the right scan. */
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The browser's object URL for an image while it is chosen, revoked when it changes or the field goes. */
function usePreview(file: File | null, enabled: boolean): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    // jsdom and old browsers have no object URLs: no preview then, the name still shows.
    if (!enabled || !file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, enabled]);
  return preview;
}

export interface FileFieldProps {
  label: string;
  /** The input's `accept` (the file picker's filter; `check` is what actually refuses). */
  accept: string;
  name?: string;
  /** What may be chosen, under the input (and read with it by a screen reader). */
  hint: ReactNode;
  /**
   * Why a chosen file cannot be sent, or null. The service decides by the file's bytes; this only spares the
   * user an upload that is bound to fail.
   */
  check(file: File): string | null;
  file: File | null;
  onChange(file: File | null): void;
  /** Upload progress 0–100 while sending (set from `upload`'s onProgress), else null. */
  progress: number | null;
  /** The progress bar's accessible name, e.g. "KYC upload". */
  progressLabel: string;
  /** The button that drops the chosen file, e.g. "Remove File". */
  removeLabel: string;
  /** Show the chosen image before it is sent. */
  preview?: boolean;
  error?: string | null;
  disabled?: boolean;
}

/**
 * A file input whose file is sent after the record it belongs to is saved: it checks the choice, shows its
 * name and size (and a preview for images), lets the user drop it, and shows the upload's progress.
 */
export function FileField({
  label,
  accept,
  name,
  hint,
  check,
  file,
  onChange,
  progress,
  progressLabel,
  removeLabel,
  preview: showPreview = false,
  error,
  disabled,
}: FileFieldProps) {
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  // Remounting the input is the only way to clear a file input's own selection.
  const [inputKey, setInputKey] = useState(0);
  const preview = usePreview(file, showPreview);
  const shownError = localError ?? error ?? null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  return (
    <Wrapper>
      <label htmlFor={id}>{label}</label>
      <input
        key={inputKey}
        id={id}
        name={name}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const problem = chosen ? check(chosen) : null;
          setLocalError(problem);
          onChange(problem ? null : chosen);
          // A refused file must not stay named in the input as if it were going to be sent.
          if (problem) setInputKey((n) => n + 1);
        }}
      />
      <Hint id={hintId}>{hint}</Hint>
      {file ? (
        <>
          {preview ? <img src={preview} alt={`Preview of ${file.name}`} /> : null}
          <Chosen>
            <span>
              {file.name} ({formatFileSize(file.size)})
            </span>
            {progress === null ? (
              <Button
                variant="ghost"
                disabled={disabled}
                onClick={() => {
                  onChange(null);
                  setInputKey((n) => n + 1);
                }}
              >
                {removeLabel}
              </Button>
            ) : (
              <>
                <progress aria-label={progressLabel} max={100} value={progress}>
                  {progress}%
                </progress>
                <span>Uploading… {progress}%</span>
              </>
            )}
          </Chosen>
        </>
      ) : null}
      {shownError ? <FieldError id={errorId}>{shownError}</FieldError> : null}
    </Wrapper>
  );
}
