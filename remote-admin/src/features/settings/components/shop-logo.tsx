import { LOGO_MAX_BYTES, type ShopSettings } from '@loupe/contracts';
import {
  Alert,
  Button,
  errorMessage,
  FileField,
  formatFileSize,
  HttpError,
  Modal,
  Spinner,
} from '@loupe/platform';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useDeleteLogo, useLogo, useUploadLogo } from '../api/shop-settings';

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1.2rem;
`;

const Preview = styled.img`
  display: block;
  max-width: min(280px, 100%);
  max-height: 140px;
  margin-bottom: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: #fff;
  object-fit: contain;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const LOGO_TYPES = ['image/png', 'image/jpeg'];

/**
 * Why a chosen file cannot be the logo, or null. The browser's type comes from the file's name, so this only
 * spares an upload that is bound to fail; the service decides by the bytes.
 */
export function logoProblem(file: File): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'The logo must be a PNG or JPEG image.';
  if (file.size > LOGO_MAX_BYTES) {
    return `The logo must be 1 MB or smaller; this file is ${formatFileSize(file.size)}.`;
  }
  return null;
}

/** The service's refusal in words: its own message when it gives one, else what its status means. */
function uploadError(error: unknown): string {
  if (error instanceof HttpError && error.status === 413) {
    return errorMessage(error, 'The logo must be 1 MB or smaller.');
  }
  return errorMessage(error, 'The logo could not be uploaded. Please try again.');
}

/** The browser's object URL for the logo's bytes, revoked when they change or the screen goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // jsdom and old browsers have no object URLs: no preview then, the logo's size still shows.
    if (!blob || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(next);
    };
  }, [blob]);
  return url;
}

/**
 * The logo printed on invoices and approval notes: the current one, a new one (PNG or JPEG up to 1 MB) and
 * its removal after a confirmation.
 */
export function ShopLogo({ settings }: { settings: ShopSettings }) {
  const titleId = useId();
  const logo = useLogo(settings);
  const preview = useObjectUrl(settings.logo ? logo.data : undefined);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const uploadLogo = useUploadLogo((p) => setProgress(p.percent));
  const deleteLogo = useDeleteLogo();

  const send = () => {
    if (!file) return;
    setDone(null);
    setProgress(0);
    uploadLogo.mutate(file, {
      onSuccess: () => {
        setFile(null);
        setDone('Logo uploaded.');
      },
      onSettled: () => setProgress(null),
    });
  };

  const remove = () => {
    setDone(null);
    deleteLogo.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setDone('Logo removed.');
      },
    });
  };

  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId}>Logo</Title>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {settings.logo ? (
        <>
          {logo.isPending ? <Spinner label="Loading the logo..." /> : null}
          {logo.isError ? <Alert>{errorMessage(logo.error, 'The logo could not be loaded.')}</Alert> : null}
          {preview ? <Preview src={preview} alt="The shop's current logo" /> : null}
          <Muted>
            Current logo: {settings.logo.contentType === 'image/png' ? 'PNG' : 'JPEG'},{' '}
            {formatFileSize(settings.logo.size)}.
          </Muted>
          <Row>
            <Button variant="danger" onClick={() => setConfirming(true)} disabled={deleteLogo.isPending}>
              Remove Logo
            </Button>
          </Row>
        </>
      ) : (
        <Muted>No logo yet: documents print the shop’s name alone.</Muted>
      )}
      <FileField
        label={settings.logo ? 'New logo file' : 'Logo file'}
        accept="image/png,image/jpeg"
        hint="PNG or JPEG, up to 1 MB."
        check={logoProblem}
        file={file}
        onChange={(chosen) => {
          setFile(chosen);
          setDone(null);
          uploadLogo.reset();
        }}
        progress={progress}
        progressLabel="Logo upload"
        removeLabel="Remove File"
        preview
        error={uploadLogo.isError ? uploadError(uploadLogo.error) : null}
        disabled={uploadLogo.isPending}
      />
      {file ? (
        <Row>
          <Button
            onClick={send}
            disabled={uploadLogo.isPending}
            aria-busy={uploadLogo.isPending || undefined}
          >
            {uploadLogo.isPending ? 'Uploading...' : 'Upload Logo'}
          </Button>
        </Row>
      ) : null}
      <Modal
        open={confirming}
        title="Remove the logo?"
        closeLabel="Cancel"
        onClose={() => {
          setConfirming(false);
          deleteLogo.reset();
        }}
      >
        <p>Invoices and approval notes will print without a logo until a new one is uploaded.</p>
        {deleteLogo.isError ? (
          <Alert>{errorMessage(deleteLogo.error, 'The logo could not be removed. Please try again.')}</Alert>
        ) : null}
        <Row>
          <Button variant="danger" onClick={remove} disabled={deleteLogo.isPending}>
            {deleteLogo.isPending ? 'Removing...' : 'Remove Logo'}
          </Button>
        </Row>
      </Modal>
    </section>
  );
}
