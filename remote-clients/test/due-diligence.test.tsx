import { amlRefusalDetail, CDD_NOT_ALLOWED, type Client, type Role } from '@loupe/contracts';
import { today } from '@loupe/platform';
import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientListPage } from '../src/features/clients/components/client-list-page';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeClient } from './support/fake-clients';

const VERIFICATION = '/api/clients/7/verification/';

/** The fake service with the verification endpoints, answering as `role`. */
function serve(client: Client, role: Role) {
  const server = new FakeClientsServer([client]);
  server.mock.on('GET /auth-check/', { body: authCheckAs(role) });
  server.mock.on(`POST ${VERIFICATION}`, (call) => {
    if (role === 'silver') return { status: 403, body: { detail: CDD_NOT_ALLOWED } };
    const c = server.find(7) as Client;
    const verifiedOn = (call.body as { verifiedOn: string }).verifiedOn;
    c.cdd = { verifiedBy: role, verifiedOn, complete: c.kyc };
    return { body: c };
  });
  server.mock.on(`DELETE ${VERIFICATION}`, () => {
    const c = server.find(7) as Client;
    c.cdd = { verifiedBy: null, verifiedOn: null, complete: false };
    return { body: c };
  });
  return server;
}

const renderEdit = () =>
  renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });
const panel = async () => within(await screen.findByRole('region', { name: 'Due diligence' }));

describe('the Due diligence panel on the client’s page', () => {
  it('shows the identity document and “Not verified”, and records a verification dated today by default', async () => {
    const server = serve(makeClient(7, 'Grace Hopper', { kyc: true }), 'gold');
    renderEdit();
    const p = await panel();
    expect(p.getByText('Identity document on file').nextElementSibling).toHaveTextContent('Yes');
    expect(p.getByText('Not verified')).toBeInTheDocument();
    expect(p.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();

    await userEvent.click(p.getByRole('button', { name: 'Record verification' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Record verification for Grace Hopper' }),
    );
    expect(dialog.getByLabelText('Verified on')).toHaveValue(today());
    await userEvent.click(dialog.getByRole('button', { name: 'Save verification' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.mock.callsTo('POST', VERIFICATION).map((c) => c.body)).toEqual([{ verifiedOn: today() }]);
    // The client is read again: the panel says who verified and when.
    const after = await panel();
    expect(await after.findByText(/^Verified by gold on /)).toBeInTheDocument();
    expect(after.getByText('Complete: cash of €10,000 or more can be accepted')).toBeInTheDocument();
  });

  it('refuses a future date in the dialog without asking the service', async () => {
    const server = serve(makeClient(7, 'Grace Hopper'), 'platinum');
    renderEdit();
    await userEvent.click((await panel()).getByRole('button', { name: 'Record verification' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Record verification/ }));
    const field = dialog.getByLabelText('Verified on');
    await userEvent.clear(field);
    await userEvent.type(field, '2999-01-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Save verification' }));
    expect(await dialog.findByText('The date cannot be in the future.')).toBeInTheDocument();
    // The form controller puts the keyboard on the field that needs it.
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.mock.callsTo('POST', VERIFICATION)).toHaveLength(0);
  });

  it('shows the service’s refusal of the day beside the field and keeps the dialog open', async () => {
    const server = serve(makeClient(7, 'Grace Hopper'), 'gold');
    server.mock.on(`POST ${VERIFICATION}`, {
      status: 400,
      body: { verifiedOn: ['Ensure this date is not before the client was added.'] },
    });
    renderEdit();
    await userEvent.click((await panel()).getByRole('button', { name: 'Record verification' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Record verification/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save verification' }));
    const field = dialog.getByLabelText('Verified on');
    expect(
      await dialog.findByText('Ensure this date is not before the client was added.'),
    ).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveValue(today());
    expect(dialog.getByRole('button', { name: 'Save verification' })).toBeEnabled();
    expect(server.mock.callsTo('POST', VERIFICATION)).toHaveLength(1);
  });

  it('withdraws only after a confirmation, and Cancel keeps the verification', async () => {
    const verified = makeClient(7, 'Grace Hopper', {
      kyc: true,
      cdd: { verifiedBy: 'platinum', verifiedOn: '2026-02-14', complete: true },
    });
    const server = serve(verified, 'platinum');
    renderEdit();
    const p = await panel();
    expect(p.getByText('Verified by platinum on 14 Feb 2026')).toBeInTheDocument();

    await userEvent.click(p.getByRole('button', { name: 'Withdraw' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Withdraw the verification?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.mock.callsTo('DELETE', VERIFICATION)).toHaveLength(0);

    await userEvent.click(p.getByRole('button', { name: 'Withdraw' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Withdraw the verification?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw verification' }));
    await waitFor(() => expect(server.mock.callsTo('DELETE', VERIFICATION)).toHaveLength(1));
    expect(await (await panel()).findByText('Not verified')).toBeInTheDocument();
  });

  it('for silver: the button is disabled and the reason is shown as text', async () => {
    serve(makeClient(7, 'Grace Hopper'), 'silver');
    renderEdit();
    const p = await panel();
    const button = await p.findByRole('button', { name: 'Record verification' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(CDD_NOT_ALLOWED);
    expect(p.getByText(CDD_NOT_ALLOWED)).toBeInTheDocument();
    expect(p.getByText('Identity document on file').nextElementSibling).toHaveTextContent('No');
  });
});

describe('the Payment dialog and the AML cash guard', () => {
  it('shows a refused cash payment as the AML alert naming what is missing, keeping what was typed', async () => {
    const server = serve(makeClient(7, 'Grace Hopper', { balance: 0 }), 'gold');
    server.mock.on('POST /api/clients/7/ledger/', {
      status: 409,
      body: {
        detail: amlRefusalDetail(['verification']),
        rule: 'aml_cash_threshold',
        missing: ['verification'],
        amountEur: 10000,
        linkedTotalEur: 10000,
      },
    });
    renderWithProviders(<ClientListPage />, { route: '/clients' });
    const table = await screen.findByRole('table', { name: 'Clients' });
    const row = within(table).getByRole('rowheader', { name: 'Grace Hopper' }).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment for Grace Hopper' }));
    await userEvent.type(dialog.getByLabelText('Amount'), '8500');
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Cash payment refused (anti-money-laundering rule).');
    expect(alert).toHaveTextContent(amlRefusalDetail(['verification']));
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Record the verification');
    expect(dialog.getByLabelText('Amount')).toHaveValue('8500');
  });
});
