import { darkTheme, lightTheme } from '@loupe/platform';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientListPage } from '../src/features/clients/components/client-list-page';
import { FakeClientsServer, makeClient } from './support/fake-clients';

const ADA = makeClient(1, 'Ada Lovelace', {
  email: 'ada@example.com',
  phone: '+44 20 7946 0001',
  balance: -1234.5,
  kyc: true,
  hasItemCheckedOut: true,
});
const BRIAN = makeClient(2, 'Brian Eno', { email: 'brian@example.com', balance: 250, status: 'inactive' });
const CLARA = makeClient(3, 'Clara Schumann', { email: 'clara@example.com', balance: 0 });

const location = () => screen.getByTestId('location').textContent ?? '';
const renderList = (route = '/clients') =>
  renderWithProviders(<ClientListPage />, { route, path: '/clients' });
const table = () => screen.getByRole('table', { name: 'Clients' });
const row = (name: string) => {
  const header = within(table()).getByRole('rowheader', { name });
  return header.closest('tr') as HTMLTableRowElement;
};
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
/** A cell's text as read aloud: without the sort arrows, which are decoration (aria-hidden). */
const shownText = (cell: HTMLElement) => {
  const copy = cell.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent;
};
const listQuery = (call: { url: string }) => new URLSearchParams(call.url.split('?')[1] ?? '');
const lastListQuery = (server: FakeClientsServer) => {
  const calls = server.mock.callsTo('GET', '/api/clients/');
  return listQuery(calls[calls.length - 1] ?? { url: '' });
};

describe('/clients', () => {
  it('is titled Clients with a "+ Add Client" link to /clients/add', async () => {
    new FakeClientsServer([ADA]);
    renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '+ Add Client' });
    expect(link).toHaveAttribute('href', '/clients/add');
    await userEvent.click(link);
    expect(location()).toBe('/clients/add');
  });

  it('shows each client’s name, email, phone, balance to two decimals in £, KYC and status', async () => {
    new FakeClientsServer([ADA, BRIAN, CLARA]);
    renderList();
    await screen.findByRole('table', { name: 'Clients' });
    expect(within(table()).getAllByRole('columnheader').map(shownText)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Balance',
      'KYC',
      'Status',
      'Actions',
    ]);
    expect(names()).toEqual(['Ada Lovelace', 'Brian Eno', 'Clara Schumann']);
    const ada = within(row('Ada Lovelace'));
    expect(ada.getByText('ada@example.com')).toBeInTheDocument();
    expect(ada.getByText('+44 20 7946 0001')).toBeInTheDocument();
    expect(ada.getByText('-£1,234.50', { exact: false })).toBeInTheDocument();
    expect(ada.getByText('Yes')).toBeInTheDocument();
    expect(ada.getByText('Active')).toBeInTheDocument();
    const brian = within(row('Brian Eno'));
    expect(brian.getByText('£250.00', { exact: false })).toBeInTheDocument();
    expect(brian.getByText('No')).toBeInTheDocument();
    expect(brian.getByText('Not Active')).toBeInTheDocument();
    expect(within(row('Brian Eno')).getByText('No phone')).toBeInTheDocument();
    expect(within(row('Clara Schumann')).getByText('£0.00', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it.each([
    ['dark', darkTheme],
    ['light', lightTheme],
  ])(
    'shows a negative balance in red with a minus sign and a ▼, others in green, and says who owes whom (%s theme)',
    async (mode, theme) => {
      window.localStorage.setItem('theme', mode);
      new FakeClientsServer([ADA, BRIAN, CLARA]);
      renderList();
      await screen.findByRole('table', { name: 'Clients' });
      const balance = (name: string) => row(name).cells[3]!.firstElementChild as HTMLElement;
      expect(balance('Ada Lovelace')).toHaveStyle({ color: theme.colors.danger });
      expect(balance('Ada Lovelace')).toHaveTextContent('▼ -£1,234.50 (owes the shop)');
      expect(balance('Brian Eno')).toHaveStyle({ color: theme.colors.success });
      expect(balance('Brian Eno')).toHaveTextContent('▲ £250.00 (the shop owes)');
      expect(balance('Clara Schumann')).toHaveStyle({ color: theme.colors.success });
      expect(balance('Clara Schumann')).toHaveTextContent('£0.00 (settled)');
    },
  );

  it('has Edit, Payment, Check Out and Return in each row; Return is disabled unless an item is checked out', async () => {
    new FakeClientsServer([ADA, BRIAN]);
    renderList();
    await screen.findByRole('table', { name: 'Clients' });
    for (const name of ['Ada Lovelace', 'Brian Eno']) {
      expect(
        within(row(name))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Edit', 'Payment', 'Check Out', 'Return']);
      // The short names are described by the row's client for screen readers.
      expect(within(row(name)).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(name);
    }
    expect(within(row('Ada Lovelace')).getByRole('button', { name: 'Return' })).toBeEnabled();
    expect(within(row('Brian Eno')).getByRole('button', { name: 'Return' })).toBeDisabled();
    await userEvent.click(within(row('Brian Eno')).getByRole('button', { name: 'Return' }));
    expect(location()).toBe('/clients');
  });

  it('Edit goes to /clients/edit/{id}', async () => {
    new FakeClientsServer([ADA, BRIAN]);
    renderList();
    await screen.findByRole('table', { name: 'Clients' });
    await userEvent.click(within(row('Brian Eno')).getByRole('button', { name: 'Edit' }));
    expect(location()).toBe('/clients/edit/2');
  });

  it('Check Out goes to the in-stock list to pick an item for the client', async () => {
    new FakeClientsServer([ADA, BRIAN]);
    renderList();
    await screen.findByRole('table', { name: 'Clients' });
    await userEvent.click(within(row('Brian Eno')).getByRole('button', { name: 'Check Out' }));
    expect(location()).toBe('/inventory/available?checkout_client=2');
  });

  it('Return goes to the items checked out to the client', async () => {
    new FakeClientsServer([ADA, BRIAN]);
    renderList();
    await screen.findByRole('table', { name: 'Clients' });
    await userEvent.click(within(row('Ada Lovelace')).getByRole('button', { name: 'Return' }));
    expect(location()).toBe('/inventory/checked-out?client=1');
  });

  it('pages on the server: Next asks for page 2 and keeps it in the URL; Items per page starts again at 1', async () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      makeClient(i + 1, `Client ${String(i + 1).padStart(2, '0')}`),
    );
    const server = new FakeClientsServer(many);
    renderList();
    await screen.findByText('Page 1 of 3');
    expect(names()).toHaveLength(10);
    expect(lastListQuery(server).get('page')).toBe('1');
    expect(lastListQuery(server).get('page_size')).toBe('10');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(location()).toBe('/clients?page=2');
    expect(lastListQuery(server).get('page')).toBe('2');
    expect(names()[0]).toBe('Client 11');
    expect(screen.getByText('Showing 11–20 of 23')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Items per page'), '25');
    await screen.findByText('Page 1 of 1');
    expect(location()).toBe('/clients?page_size=25');
    expect(lastListQuery(server).get('page_size')).toBe('25');
    expect(names()).toHaveLength(23);
  });

  it('searches on the server when the search is submitted, from page 1, with the text in the URL', async () => {
    const server = new FakeClientsServer([ADA, BRIAN, CLARA]);
    renderList();
    await screen.findByRole('table', { name: 'Clients' });
    const box = screen.getByRole('searchbox', { name: 'Search clients' });
    await userEvent.type(box, 'eno');
    expect(names()).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(names()).toEqual(['Brian Eno']));
    expect(location()).toBe('/clients?search=eno');
    expect(lastListQuery(server).get('search')).toBe('eno');

    // Enter submits too; clearing the filters empties the box and the URL.
    await userEvent.clear(box);
    await userEvent.type(box, 'example.com{Enter}');
    await waitFor(() => expect(names()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('');
  });

  it('filters by status and by balance, going back to page 1', async () => {
    const many = [
      ...Array.from({ length: 12 }, (_, i) => makeClient(i + 10, `Active ${i + 10}`, { balance: -i - 1 })),
      BRIAN,
    ];
    const server = new FakeClientsServer(many);
    renderList('/clients?page=2');
    await screen.findByText('Page 2 of 2');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Not Active');
    await waitFor(() => expect(names()).toEqual(['Brian Eno']));
    expect(location()).toBe('/clients?status=inactive');
    expect(lastListQuery(server).get('status')).toBe('inactive');
    expect(lastListQuery(server).get('page')).toBe('1');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    await userEvent.selectOptions(screen.getByLabelText('Balance'), 'Debtors (owe the shop)');
    await waitFor(() => expect(location()).toBe('/clients?balance=negative'));
    await screen.findByText('Showing 1–10 of 12');
    expect(lastListQuery(server).get('balance')).toBe('negative');
    expect(lastListQuery(server).has('status')).toBe(false);
  });

  it('restores the list state from the URL: the query sent and the controls shown', async () => {
    const server = new FakeClientsServer([ADA, BRIAN, CLARA]);
    renderList('/clients?search=a&status=active&ordering=-balance&page_size=25');
    await screen.findByRole('table', { name: 'Clients' });
    const sent = lastListQuery(server);
    expect(Object.fromEntries(sent)).toEqual({
      page: '1',
      page_size: '25',
      search: 'a',
      status: 'active',
      ordering: '-balance',
    });
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('a');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByLabelText('Sort by')).toHaveValue('-balance');
    expect(screen.getByLabelText('Items per page')).toHaveValue('25');
    expect(names()).toEqual(['Clara Schumann', 'Ada Lovelace']);
  });

  it('sorts on the server; the default order (name) is not written to the URL', async () => {
    const server = new FakeClientsServer([ADA, BRIAN, CLARA]);
    renderList();
    await screen.findByRole('table', { name: 'Clients' });
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'balance');
    await waitFor(() => expect(names()).toEqual(['Ada Lovelace', 'Clara Schumann', 'Brian Eno']));
    expect(location()).toBe('/clients?ordering=balance');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'name');
    await waitFor(() => expect(location()).toBe('/clients'));
    // The server is always told the order on screen; going back to it shows the cached rows at once.
    expect(names()).toEqual(['Ada Lovelace', 'Brian Eno', 'Clara Schumann']);
    const orderings = server.mock
      .callsTo('GET', '/api/clients/')
      .map((call) => listQuery(call).get('ordering'));
    expect(orderings).toEqual(['name', 'balance']);
  });

  it('goes back to page 1 when the page in the URL is past the end', async () => {
    new FakeClientsServer([ADA, BRIAN]);
    renderList('/clients?page=4');
    await screen.findByText('Page 1 of 1');
    expect(location()).toBe('/clients');
    expect(names()).toEqual(['Ada Lovelace', 'Brian Eno']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when there are no clients, or none matching', async () => {
    new FakeClientsServer([]);
    const { unmount } = renderList();
    expect(await screen.findByText('No clients yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    new FakeClientsServer([ADA]);
    renderList('/clients?search=zzz');
    expect(await screen.findByText('No clients match these filters.')).toBeInTheDocument();
  });

  it('shows a spinner while loading and a clear error with Retry when the list fails', async () => {
    const server = new FakeClientsServer([ADA]);
    let fail = true;
    const list = server.mock;
    const original = { body: { results: [ADA], count: 1 } };
    list.on('GET /api/clients/', () =>
      fail ? { status: 500, body: { detail: 'Database unavailable.' } } : original,
    );
    renderList();
    expect(await screen.findByText('Loading clients...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Clients' });
    expect(names()).toEqual(['Ada Lovelace']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failure without a detail says "Failed to load clients."', async () => {
    const server = new FakeClientsServer([ADA]);
    server.mock.on('GET /api/clients/', { status: 502 });
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load clients.');
  });
});
