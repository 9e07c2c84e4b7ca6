import { formatMoment, RetryAlert, Spinner } from '@loupe/platform';
import styled from 'styled-components';
import { kycDownloadUrl, useKycDocuments } from '../api/get-kyc-documents';

const List = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding-left: ${({ theme }) => theme.space(5)};
  li {
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

const KINDS: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The KYC documents on file for a client, each a download (an attachment the service sends to staff only). */
export function KycDocuments({ clientId }: { clientId: number }) {
  const documents = useKycDocuments(clientId);
  if (documents.status === 'error') {
    return (
      <RetryAlert
        error={documents.error}
        what="Failed to load the KYC documents."
        onRetry={() => void documents.refetch()}
      />
    );
  }
  if (!documents.data) return <Spinner label="Loading KYC documents..." />;
  if (documents.data.results.length === 0) return <p>No KYC documents on file.</p>;
  return (
    <List aria-label="KYC documents on file">
      {documents.data.results.map((doc) => (
        <li key={doc.id}>
          <a href={kycDownloadUrl(clientId, doc.id)} download={doc.name}>
            {doc.name}
          </a>{' '}
          <Muted>
            ({KINDS[doc.contentType] ?? doc.contentType}, {sizeText(doc.size)}, uploaded{' '}
            {formatMoment(doc.uploadedAt)})
          </Muted>
        </li>
      ))}
    </List>
  );
}
