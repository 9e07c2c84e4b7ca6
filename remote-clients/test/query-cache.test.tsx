import { createTestQueryClient, renderWithProviders } from '@loupe/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { AddClientPage } from '../src/features/clients/components/add-client-page';
import { ClientListPage } from '../src/features/clients/components/client-list-page';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import widgets from '../src/widgets';
import { FakeClientsServer, makeClient, makeSummary } from './support/fake-clients';

const ADA = makeClient(1, 'Ada Lovelace', { balance: -1000 });
const BRIAN = makeClient(2, 'Brian Eno', { balance: 250 });

const SUMMARY = 'GET /api/clients/summary/';

/** The summary as the service computes it from the clients it holds, so a payment moves its net balance. */
function serveSummary(server: FakeClientsServer) {
  server.mock.on(SUMMARY, () => ({
    body: makeSummary({ netBalance: server.clients.reduce((sum, c) => sum + c.balance, 0) }),
  }));
}

const ClientBalances = widgets.find((w) => w.title === 'Client Balances')!.Component;

const row = (name: string) =>
  within(screen.getByRole('table', { name: 'Clients' }))
    .getByRole('rowheader', { name })
    .closest('tr') as HTMLTableRowElement;

describe('remote-clients on the shared query cache', () => {
  it('a payment refreshes the client list and the dashboard’s client figures, with no reload', async () => {
    const server = new FakeClientsServer([ADA, BRIAN]);
    serveSummary(server);
    renderWithProviders(
      <>
        <ClientListPage />
        <ClientBalances />
      </>,
      { route: '/clients', path: '/clients' },
    );
    const balances = await screen.findByRole('region', { name: 'Client Balances' });
    await within(balances).findByText('-£750.00', { exact: false });

    await userEvent.click(within(row('Ada Lovelace')).getByRole('button', { name: 'Payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment for Ada Lovelace' }));
    await userEvent.type(dialog.getByLabelText('Amount'), '400');
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));

    // The other consumer of the cache (the dashboard card, mounted beside the list) asks again by itself.
    expect(await within(balances).findByText('-£350.00', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(row('Ada Lovelace')).toHaveTextContent('-£600.00'));
    expect(server.mock.callsTo('GET', '/api/clients/summary/')).toHaveLength(2);
  });

  it('the Return button follows a Check Out saved elsewhere (an invalidation of the clients root)', async () => {
    const server = new FakeClientsServer([ADA, BRIAN]);
    const { queryClient } = renderWithProviders(<ClientListPage />, { route: '/clients', path: '/clients' });
    const returnButton = () => within(row('Ada Lovelace')).getByRole('button', { name: 'Return' });
    await screen.findByRole('table', { name: 'Clients' });
    expect(returnButton()).toBeDisabled();

    // What remote-inventory's Check Out does once the service has saved it: the item is out to Ada, and every
    // query under ['clients'] is stale. The key root is the contract between the two remotes.
    server.find(1)!.hasItemCheckedOut = true;
    await queryClient.invalidateQueries({ queryKey: ['clients'] });
    await waitFor(() => expect(returnButton()).toBeEnabled());
  });

  it('an edit and a new client show in the list cached before them, as soon as it is back', async () => {
    jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    try {
      new FakeClientsServer([ADA, BRIAN]);
      renderWithProviders(<ClientListPage />, {
        route: '/clients',
        path: '/clients',
        extraRoutes: (
          <>
            <Route path="/clients/edit/:id" element={<EditClientPage />} />
            <Route path="/clients/add" element={<AddClientPage />} />
          </>
        ),
      });
      await screen.findByRole('table', { name: 'Clients' });

      await userEvent.click(within(row('Ada Lovelace')).getByRole('button', { name: 'Edit' }));
      const name = await screen.findByLabelText('Name');
      await userEvent.clear(name);
      await userEvent.type(name, 'Ada King');
      await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
      // Within the cache's fresh time: without the edit's invalidation the list would show the old name.
      expect(await screen.findByRole('rowheader', { name: 'Ada King' })).toBeInTheDocument();

      await userEvent.click(screen.getByRole('link', { name: '+ Add Client' }));
      await userEvent.type(await screen.findByLabelText('Name'), 'Clara Schumann');
      await userEvent.type(screen.getByLabelText('Email'), 'clara@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
      expect(await screen.findByRole('rowheader', { name: 'Clara Schumann' })).toBeInTheDocument();
      expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('revisiting the list shows its rows at once, from the cache', async () => {
    const server = new FakeClientsServer([ADA, BRIAN]);
    const queryClient = createTestQueryClient();
    const first = renderWithProviders(<ClientListPage />, {
      route: '/clients',
      path: '/clients',
      queryClient,
    });
    await screen.findByRole('table', { name: 'Clients' });
    first.unmount();

    renderWithProviders(<ClientListPage />, { route: '/clients', path: '/clients', queryClient });
    // No await: the rows are there on the first render, before any request could have answered.
    expect(screen.getByRole('rowheader', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading clients...' })).not.toBeInTheDocument();
    expect(server.mock.callsTo('GET', '/api/clients/')).toHaveLength(1);
    // Let the second mount's sign-in check land inside the test.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(server.mock.callsTo('GET', '/api/clients/')).toHaveLength(1);
  });
});

describe('page titles', () => {
  beforeEach(() => {
    document.title = 'Loupe';
  });

  it.each([
    ['/clients', '/clients', <ClientListPage key="list" />, 'Clients · Loupe'],
    ['/clients/add', '/clients/add', <AddClientPage key="add" />, 'Add Client · Loupe'],
    ['/clients/edit/1', '/clients/edit/:id', <EditClientPage key="edit" />, 'Edit Client · Loupe'],
  ])('%s is titled after its heading', async (route, path, page, title) => {
    new FakeClientsServer([ADA]);
    renderWithProviders(page, { route, path });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
