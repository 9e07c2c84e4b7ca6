import { Button, errorMessage, FieldError, useQueryClient, VisuallyHidden } from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { uploadCertificate } from '../api/create-purchase';
import { purchaseKeys } from '../api/get-purchases';
import type { Purchase } from '../api/get-purchases';
import { CERTIFICATE_ACCEPT, certificateProblem } from '../lib/certificate';
import { stockNumberText } from '../lib/purchase-labels';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  input {
    max-width: 220px;
  }
`;

/**
 * A register check saved without its certificate (the upload after the buy-in failed, or it came later): the
 * file is chosen and attached here, and the purchase shown as the service answers it.
 */
export function AttachCertificate({
  purchaseId,
  line,
}: {
  purchaseId: number;
  line: Purchase['lines'][number];
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const label = `Certificate for ${stockNumberText(line.stockNumber)}`;

  async function attach() {
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await uploadCertificate(purchaseId, line.id, file);
      queryClient.setQueryData(purchaseKeys.detail(purchaseId), saved);
    } catch (failure) {
      setError(errorMessage(failure, 'The certificate could not be attached. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <Row>
        <input
          id={id}
          type="file"
          aria-label={label}
          accept={CERTIFICATE_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const problem = chosen ? certificateProblem(chosen) : null;
            setError(problem);
            setFile(problem ? null : chosen);
          }}
        />
        <Button
          variant="secondary"
          disabled={!file || busy}
          aria-busy={busy || undefined}
          onClick={() => void attach()}
        >
          {busy ? 'Attaching...' : 'Attach'}
          <VisuallyHidden> {label.toLowerCase()}</VisuallyHidden>
        </Button>
      </Row>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}
