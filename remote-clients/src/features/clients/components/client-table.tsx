import { CLIENT_ORDERINGS, CLIENT_STATUS_LABELS, type Client, type ClientOrdering } from '@loupe/contracts';
import { Button, DataTable, VisuallyHidden, type DataColumn } from '@loupe/platform';
import styled from 'styled-components';
import { Balance } from '../../../components/balance';

export type ClientAction = 'edit' | 'payment' | 'checkout' | 'return';

/** Four compact buttons in two rows, so the table fits a laptop screen without scrolling sideways. */
const Actions = styled.div`
  display: grid;
  grid-template-columns: repeat(2, max-content);
  gap: ${({ theme }) => theme.space(1)};
  button {
    min-height: 32px;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    font-size: 0.85rem;
  }
  /* Issue 21: in a card (a phone) the buttons wrap to the card's width instead of two fixed columns. */
  @container (max-width: 480px) {
    display: flex;
    flex-wrap: wrap;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

const Status = styled.span<{ $active: boolean }>`
  white-space: nowrap;
  color: ${({ theme, $active }) => ($active ? theme.colors.text : theme.colors.muted)};
`;

/** An address may wrap after its @ (and anywhere else only when it must). */
function breakableEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const nameId = (client: Client) => `client-${client.id}-name`;

function RowActions({ client, onAction }: { client: Client; onAction(action: ClientAction): void }) {
  const describedBy = nameId(client);
  return (
    <Actions>
      <Button variant="secondary" aria-describedby={describedBy} onClick={() => onAction('edit')}>
        Edit
      </Button>
      <Button variant="secondary" aria-describedby={describedBy} onClick={() => onAction('payment')}>
        Payment
      </Button>
      <Button variant="secondary" aria-describedby={describedBy} onClick={() => onAction('checkout')}>
        Check Out
      </Button>
      <Button
        variant="secondary"
        aria-describedby={describedBy}
        disabled={!client.hasItemCheckedOut}
        title={client.hasItemCheckedOut ? undefined : 'No item is checked out to this client'}
        onClick={() => onAction('return')}
      >
        Return
      </Button>
    </Actions>
  );
}

const isOrdering = (value: string): value is ClientOrdering =>
  (CLIENT_ORDERINGS as readonly string[]).includes(value);

interface ClientTableProps {
  clients: Client[];
  onAction(action: ClientAction, client: Client): void;
  ordering: ClientOrdering;
  onSort(ordering: ClientOrdering): void;
}

/**
 * The clients of one page (SPEC §2): name, email, phone, balance, KYC and status, and the row's Edit,
 * Payment, Check Out and Return. Each button keeps its short name and is described by the client's name,
 * so a screen reader hears whose row it acts on.
 */
export function ClientTable({ clients, onAction, ordering, onSort }: ClientTableProps) {
  // Name and Balance sort both ways, as the Sort by box offers them, so the box and the headers always agree.
  const columns: DataColumn<Client>[] = [
    { key: 'name', header: 'Name', rowHeader: true, cellId: nameId, sortField: 'name', cell: (c) => c.name },
    {
      key: 'email',
      header: 'Email',
      // Long addresses break rather than push the row's buttons off a laptop screen.
      wrap: { minCh: 16 },
      cell: (c) => breakableEmail(c.email),
    },
    {
      key: 'phone',
      header: 'Phone',
      noWrap: true,
      cell: (c) =>
        c.phone || (
          <Muted>
            <span aria-hidden="true">—</span>
            <VisuallyHidden>No phone</VisuallyHidden>
          </Muted>
        ),
    },
    {
      key: 'balance',
      header: 'Balance',
      numeric: true,
      sortField: 'balance',
      cell: (c) => <Balance value={c.balance} />,
    },
    {
      key: 'kyc',
      header: 'KYC',
      noWrap: true,
      cell: (c) => (
        <>
          <span aria-hidden="true">{c.kyc ? '✓ ' : '✗ '}</span>
          {c.kyc ? 'Yes' : 'No'}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => <Status $active={c.status === 'active'}>{CLIENT_STATUS_LABELS[c.status]}</Status>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (c) => <RowActions client={c} onAction={(action) => onAction(action, c)} />,
    },
  ];
  return (
    <DataTable
      caption="Clients"
      compact
      columns={columns}
      rows={clients}
      rowKey={(c) => c.id}
      sort={{ ordering, onSort: (next) => (isOrdering(next) ? onSort(next) : undefined) }}
    />
  );
}
