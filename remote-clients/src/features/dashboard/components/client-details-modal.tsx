import { CLIENT_STATUS_LABELS, postalAddressLines, type Client } from '@loupe/contracts';
import { Alert, Modal } from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Balance } from '../../../components/balance';
import { ClientLoader } from '../../../components/client-loader';
import { RecentLedger } from '../../../components/recent-ledger';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  column-gap: ${({ theme }) => theme.space(4)};
  row-gap: ${({ theme }) => theme.space(1)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Footer = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0;
`;

const RECENT = 5;

/** The postal address one line per part, as every document prints it (contracts' postalAddressLines). */
function PostalAddress({ client }: { client: Client }) {
  const lines = postalAddressLines(client);
  if (lines.length === 0) return <>—</>;
  return (
    <address style={{ fontStyle: 'normal' }}>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {i < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </address>
  );
}

function ClientDetails({ client: c }: { client: Client }) {
  return (
    <>
      <Details>
        <dt>Name</dt>
        <dd>{c.name}</dd>
        <dt>Email</dt>
        <dd>{c.email}</dd>
        <dt>Phone</dt>
        <dd>{c.phone || '—'}</dd>
        <dt>Address</dt>
        <dd>
          <PostalAddress client={c} />
        </dd>
        <dt>Status</dt>
        <dd>{CLIENT_STATUS_LABELS[c.status]}</dd>
        <dt>KYC</dt>
        <dd>{c.kyc ? 'Yes' : 'No'}</dd>
        <dt>Balance</dt>
        <dd>
          <Balance value={c.balance} />
        </dd>
      </Details>
      <h3>Recent Ledger Entries</h3>
      <RecentLedger clientId={c.id} limit={RECENT} />
      <Footer>
        <Link to={`/clients/edit/${c.id}`}>Open {c.name}</Link>
      </Footer>
    </>
  );
}

/** The dashboard's Client Details modal (SPEC §2): details, balance and recent ledger, loaded when opened. */
export function ClientDetailsModal({ clientId, onClose }: { clientId: number; onClose(): void }) {
  return (
    <Modal open title="Client Details" onClose={onClose}>
      <ClientLoader id={clientId} notFound={<Alert>This client no longer exists.</Alert>}>
        {(client) => <ClientDetails client={client} />}
      </ClientLoader>
    </Modal>
  );
}
