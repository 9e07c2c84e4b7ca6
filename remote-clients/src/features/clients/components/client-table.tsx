import { CLIENT_STATUS_LABELS, type Client } from '@loupe/contracts';
import { Button, Table, TableScroll, VisuallyHidden } from '@loupe/platform';
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
`;

const NoWrap = styled.td`
  white-space: nowrap;
`;

/** Long addresses break anywhere rather than push the row's buttons off a laptop screen. */
const Email = styled.td`
  overflow-wrap: anywhere;
  min-width: 16ch;
`;

const Compact = styled(Table)`
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)}`};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

const Status = styled.span<{ $active: boolean }>`
  white-space: nowrap;
  color: ${({ theme, $active }) => ($active ? theme.colors.text : theme.colors.muted)};
`;

const Name = styled.th`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text} !important;
`;

const Row = styled.tr`
  td,
  th {
    vertical-align: middle;
  }
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

interface ClientTableProps {
  clients: Client[];
  onAction(action: ClientAction, client: Client): void;
}

/**
 * The clients of one page (SPEC §2): name, email, phone, balance, KYC and status, and the row's Edit,
 * Payment, Check Out and Return. Each button keeps its short name and is described by the client's name,
 * so a screen reader hears whose row it acts on.
 */
export function ClientTable({ clients, onAction }: ClientTableProps) {
  return (
    <TableScroll>
      <Compact>
        <caption>
          <VisuallyHidden>Clients</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Phone</th>
            <th scope="col">Balance</th>
            <th scope="col">KYC</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((client) => {
            const nameId = `client-${client.id}-name`;
            return (
              <Row key={client.id}>
                <Name scope="row" id={nameId}>
                  {client.name}
                </Name>
                <Email>{breakableEmail(client.email)}</Email>
                <NoWrap>
                  {client.phone || (
                    <Muted>
                      <span aria-hidden="true">—</span>
                      <VisuallyHidden>No phone</VisuallyHidden>
                    </Muted>
                  )}
                </NoWrap>
                <td>
                  <Balance value={client.balance} />
                </td>
                <NoWrap>
                  <span aria-hidden="true">{client.kyc ? '✓ ' : '✗ '}</span>
                  {client.kyc ? 'Yes' : 'No'}
                </NoWrap>
                <td>
                  <Status $active={client.status === 'active'}>{CLIENT_STATUS_LABELS[client.status]}</Status>
                </td>
                <td>
                  <Actions>
                    <Button
                      variant="secondary"
                      aria-describedby={nameId}
                      onClick={() => onAction('edit', client)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      aria-describedby={nameId}
                      onClick={() => onAction('payment', client)}
                    >
                      Payment
                    </Button>
                    <Button
                      variant="secondary"
                      aria-describedby={nameId}
                      onClick={() => onAction('checkout', client)}
                    >
                      Check Out
                    </Button>
                    <Button
                      variant="secondary"
                      aria-describedby={nameId}
                      disabled={!client.hasItemCheckedOut}
                      title={client.hasItemCheckedOut ? undefined : 'No item is checked out to this client'}
                      onClick={() => onAction('return', client)}
                    >
                      Return
                    </Button>
                  </Actions>
                </td>
              </Row>
            );
          })}
        </tbody>
      </Compact>
    </TableScroll>
  );
}
