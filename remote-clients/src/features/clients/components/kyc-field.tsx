import { KYC_ACCEPT, KYC_CONTENT_TYPES, KYC_MAX_BYTES } from '@loupe/contracts';
import { Button, FieldError } from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    display: block;
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  progress {
    width: min(320px, 100%);
    margin-right: ${({ theme }) => theme.space(2)};
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

const MAX_MB = KYC_MAX_BYTES / (1024 * 1024);
const EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/**
 * Why a chosen file cannot be sent, or null. The service decides by the file's bytes; this only spares the
 * user an upload that is bound to fail (a .docx, a 40 MB scan).
 */
export function checkKycFile(file: File): string | null {
  const typeOk = (KYC_CONTENT_TYPES as readonly string[]).includes(file.type);
  if (!typeOk && !EXTENSIONS.test(file.name)) return 'Choose a PDF, JPG or PNG file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > KYC_MAX_BYTES) return `The file is larger than ${MAX_MB} MB.`;
  return null;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface KycFieldProps {
  file: File | null;
  onChange(file: File | null): void;
  /** Upload progress 0–100 while sending, else null. */
  progress: number | null;
  error?: string | null;
  disabled?: boolean;
}

/** The KYC document of the client form (SPEC §5: accepts .pdf, .jpg, .png), sent after the client is saved. */
export function KycField({ file, onChange, progress, error, disabled }: KycFieldProps) {
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  // Remounting the input is the only way to clear a file input's own selection.
  const [inputKey, setInputKey] = useState(0);
  const shownError = localError ?? error ?? null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  return (
    <Wrapper>
      <label htmlFor={id}>KYC Document</label>
      <input
        key={inputKey}
        id={id}
        name="kycFile"
        type="file"
        accept={KYC_ACCEPT}
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const problem = chosen ? checkKycFile(chosen) : null;
          setLocalError(problem);
          onChange(problem ? null : chosen);
          if (problem) setInputKey((n) => n + 1);
        }}
      />
      <Hint id={hintId}>Passport, ID card or proof of address: PDF, JPG or PNG, up to {MAX_MB} MB.</Hint>
      {file ? (
        <Chosen>
          <span>
            {file.name} ({sizeText(file.size)})
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
              Remove File
            </Button>
          ) : (
            <>
              <progress aria-label="KYC upload" max={100} value={progress}>
                {progress}%
              </progress>
              <span>Uploading… {progress}%</span>
            </>
          )}
        </Chosen>
      ) : null}
      {shownError ? <FieldError id={errorId}>{shownError}</FieldError> : null}
    </Wrapper>
  );
}
