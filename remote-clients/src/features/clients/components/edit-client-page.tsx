import type { Client } from '@loupe/contracts';
import { Alert, Card, HistoryPanel, PageHeader, usePageTitle, useQueryClient } from '@loupe/platform';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Balance } from '../../../components/balance';
import { clientQueryOptions } from '../../../api/get-client';
import { ClientLoader } from '../../../components/client-loader';
import { RecentLedger } from '../../../components/recent-ledger';
import { useUpdateClient } from '../api/update-client';
import { toWrite, valuesOf, type ClientValues } from '../lib/client-values';
import { ClientCheckouts } from './client-checkouts';
import { ClientDueDiligence } from './client-due-diligence';
import { ClientRiskSection } from './client-risk';
import { ClientForm } from './client-form';
import { ClientInvoices } from './client-invoices';
import { ClientPrivacy } from './client-privacy';
import { ClientReportSuspicion } from './report-suspicion';
import { KycDocuments } from './kyc-documents';

export const UPDATED_ALERT = 'Client updated';
const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Facts = styled.p`
  margin-top: 0;
  font-size: 1.05rem;
`;

/**
 * What other features add to the client's page, above its History (the wanted list, issue 24): features are
 * combined at route level (routes.tsx), never by one importing another.
 */
export type ClientSections = (client: Client) => ReactNode;

/** /clients/edit/:id (SPEC §2): Edit Client on the real record, Update Client, then the alert and back. */
export function EditClientPage({ sections }: { sections?: ClientSections }) {
  // One title for every client: the id in the URL says nothing to a reader of the tab strip.
  usePageTitle('Edit Client');
  return (
    <>
      <PageHeader title="Edit Client" />
      <EditClientBody sections={sections} />
    </>
  );
}

function EditClientBody({ sections }: { sections?: ClientSections }) {
  const { id = '' } = useParams();
  // Like the service's <int:pk> route, anything but digits is no client at all.
  const valid = /^\d{1,10}$/.test(id);
  if (!valid) return <NotFound />;
  return (
    <ClientLoader key={id} id={Number(id)} notFound={<NotFound />}>
      {(client) => <EditClient client={client} sections={sections} />}
    </ClientLoader>
  );
}

function NotFound() {
  return (
    <Alert>
      Client not found: it does not exist, or it belongs to another shop.{' '}
      <Link to="/clients">Back to Clients</Link>
    </Alert>
  );
}

function EditClient({ client, sections }: { client: Client; sections?: ClientSections }) {
  const kycId = useId();
  const ledgerId = useId();
  const update = useUpdateClient();
  const queryClient = useQueryClient();
  // The controller keeps the version the edits are based on (issue 12) and answers a stale edit with Reload.
  const save = (values: ClientValues, { record }: { record: Client | null }) =>
    update.mutateAsync({ id: client.id, input: { ...toWrite(values), version: (record ?? client).version } });
  const reload = () => queryClient.fetchQuery({ ...clientQueryOptions(client.id), staleTime: 0 });
  return (
    <>
      <Card>
        <Facts>
          Balance: <Balance value={client.balance} />
          {client.hasItemCheckedOut ? ' · has an item checked out' : null}
        </Facts>
        <ClientForm
          label="Edit Client"
          initial={valuesOf(client)}
          record={client}
          submitLabel="Update Client"
          save={save}
          reload={reload}
          successAlert={UPDATED_ALERT}
        />
      </Card>
      <Card aria-labelledby={kycId}>
        <SectionTitle id={kycId}>KYC Documents</SectionTitle>
        <KycDocuments clientId={client.id} />
      </Card>
      <ClientDueDiligence client={client} />
      <ClientRiskSection clientId={client.id} clientName={client.name} />
      <Card aria-labelledby={ledgerId}>
        <SectionTitle id={ledgerId}>Recent Ledger Entries</SectionTitle>
        <RecentLedger clientId={client.id} voidFor={{ clientName: client.name }} />
      </Card>
      <ClientInvoices clientId={client.id} />
      <ClientCheckouts clientId={client.id} />
      <ClientPrivacy client={client} />
      <ClientReportSuspicion clientId={client.id} />
      {sections?.(client)}
      <HistoryPanel resource="clients" id={client.id} />
    </>
  );
}
