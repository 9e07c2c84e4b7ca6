import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import widgets from '../src/widgets';
import { FakeClientsServer, makeClient, makeEntry, makeSummary } from './support/fake-clients';

const SUMMARY = '/api/clients/summary/';

function server(summary: unknown = makeSummary(), status = 200) {
  const fake = new FakeClientsServer([
    makeClient(1, 'Ada Lovelace', {
      email: 'ada@example.com',
      phone: '+44 1',
      balance: -5000,
      kyc: true,
      updatedAt: '2026-03-02T09:00:00.000Z',
    }),
    makeClient(3, 'Clara Schumann', {
      balance: 6000.25,
      status: 'inactive',
      updatedAt: '2026-03-04T09:00:00.000Z',
    }),
    ...Array.from({ length: 6 }, (_, i) =>
      makeClient(40 + i, `Quiet ${i + 1}`, { updatedAt: `2026-01-0${i + 1}T09:00:00.000Z` }),
    ),
  ]);
  fake.ledger.set(1, [
    ...Array.from({ length: 6 }, (_, i) => makeEntry(20 + i, { note: `Older ${i + 1}` })),
    makeEntry(12, {
      direction: 'paid',
      amount: -5000,
      amountGbp: -5000,
      method: 'Bank Transfer',
      date: '2026-02-03',
      note: 'Advance',
    }),
  ]);
  fake.mock.on(`GET ${SUMMARY}`, { status, body: summary });
  return fake;
}

const widget = (title: string) => {
  const found = widgets.find((w) => w.title === title);
  if (!found) throw new Error(`no widget ${title}`);
  return found;
};

function renderWidgets(...titles: string[]) {
  return renderWithProviders(
    <>
      {titles.map((title) => {
        const { Component } = widget(title);
        return <Component key={title} />;
      })}
    </>,
    { route: '/dashboard' },
  );
}

const card = (name: string) => screen.getByRole('region', { name });

describe('dashboard widgets', () => {
  it('Clients: the number of clients, active and not active, with KYC, and a link to the list', async () => {
    server();
    renderWidgets('Clients');
    await screen.findByText('25');
    expect(card('Clients')).toHaveTextContent('20 active · 5 not active · 14 with KYC');
    expect(within(card('Clients')).getByRole('link', { name: 'View clients' })).toHaveAttribute(
      'href',
      '/clients',
    );
  });

  it('Client Balances: owed each way and net, and the clients whose balances moved last', async () => {
    const fake = server();
    renderWidgets('Client Balances');
    await screen.findByText(/Owed to the shop/);
    const balances = card('Client Balances');
    const terms = within(balances)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(balances)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Owed to the shop (7 clients)', 'Owed by the shop (6 clients)', 'Net balance']);
    expect(values).toEqual([
      '▼ -£12,450.50 (owes the shop)',
      '▲ £8,100.25 (the shop owes)',
      '▼ -£4,350.25 (owes the shop)',
    ]);
    const table = await within(balances).findByRole('table', { name: 'Recently active clients' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => Array.from((r as HTMLTableRowElement).cells).map((c) => c.textContent)),
    ).toEqual([
      ['Clara Schumann', '▲ £6,000.25 (the shop owes)', 'Not Active'],
      ['Ada Lovelace', '▼ -£5,000.00 (owes the shop)', 'Active'],
      ['Quiet 6', '£0.00 (settled)', 'Active'],
      ['Quiet 5', '£0.00 (settled)', 'Active'],
      ['Quiet 4', '£0.00 (settled)', 'Active'],
    ]);
    expect(
      Object.fromEntries(
        new URLSearchParams(fake.mock.callsTo('GET', '/api/clients/')[0]?.url.split('?')[1]),
      ),
    ).toEqual({
      // Page 1 of the clients list as the list screen asks for it, so both share one cache entry.
      ordering: '-updated_at',
      page: '1',
      page_size: '10',
    });
    await userEvent.click(within(table).getByRole('button', { name: 'Ada Lovelace' }));
    expect(await screen.findByRole('dialog', { name: 'Client Details' })).toBeInTheDocument();
  });

  it('Client Balances keeps its figures when the latest clients fail, with their own Retry', async () => {
    const fake = server();
    fake.mock.on('GET /api/clients/', { status: 500 });
    renderWidgets('Client Balances');
    const alert = await within(await screen.findByRole('region', { name: 'Client Balances' })).findByRole(
      'alert',
    );
    expect(alert).toHaveTextContent('Failed to load the latest clients.');
    expect(card('Client Balances')).toHaveTextContent('Net balance');
    fake.mock.on('GET /api/clients/', { body: { results: [fake.find(1)], count: 1 } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Recently active clients' })).toBeInTheDocument();
  });

  it('Debtors and Creditors list the names with the amounts; links to the full lists when there are more', async () => {
    server();
    renderWidgets('Debtors', 'Creditors');
    const debtors = await screen.findByRole('table', { name: 'Debtors' });
    expect(
      within(debtors)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Ada Lovelace', 'Brian Eno']);
    expect(card('Debtors')).toHaveTextContent('7 clients, £12,450.50 in all');
    expect(within(card('Debtors')).getByRole('link', { name: 'All debtors' })).toHaveAttribute(
      'href',
      '/clients?balance=negative&ordering=balance',
    );
    const creditors = screen.getByRole('table', { name: 'Creditors' });
    expect(
      within(creditors)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Clara Schumann', 'Dmitri Shostakovich']);
    expect(within(card('Creditors')).getByRole('link', { name: 'All creditors' })).toHaveAttribute(
      'href',
      '/clients?balance=positive&ordering=-balance',
    );
  });

  it('the four widgets share one summary request', async () => {
    const fake = server();
    renderWidgets('Clients', 'Client Balances', 'Debtors', 'Creditors');
    await screen.findByRole('table', { name: 'Creditors' });
    expect(fake.mock.callsTo('GET', SUMMARY)).toHaveLength(1);
  });

  it('says so when nobody owes anything either way', async () => {
    server(
      makeSummary({
        debtors: [],
        creditors: [],
        debtorCount: 0,
        creditorCount: 0,
        totalOwedByShop: 0,
        totalOwedToShop: 0,
        netBalance: 0,
      }),
    );
    renderWidgets('Client Balances', 'Debtors', 'Creditors');
    expect(await screen.findByText('No client owes the shop.')).toBeInTheDocument();
    expect(screen.getByText('The shop owes no client.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All debtors' })).not.toBeInTheDocument();
  });

  it('a debtor opens the Client Details modal: details, balance and recent ledger entries', async () => {
    const fake = server();
    renderWidgets('Debtors');
    const debtors = await screen.findByRole('table', { name: 'Debtors' });
    const name = within(debtors).getByRole('button', { name: 'Ada Lovelace' });
    expect(name).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(name);
    const dialog = within(await screen.findByRole('dialog', { name: 'Client Details' }));
    expect(await dialog.findByText('ada@example.com')).toBeInTheDocument();
    const terms = dialog.getAllByRole('term').map((t) => t.textContent);
    const values = dialog.getAllByRole('definition').map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Phone: '+44 1',
      Address: '—',
      Status: 'Active',
      KYC: 'Yes',
      Balance: '▼ -£5,000.00 (owes the shop)',
    });
    const ledger = await dialog.findByRole('table', { name: 'Recent ledger entries' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[6]?.textContent)).toEqual([
      'Older 1',
      'Older 2',
      'Older 3',
      'Older 4',
      'Older 5',
    ]);
    expect(dialog.getByText('The latest 5 of 7 entries.')).toBeInTheDocument();
    // The service's smallest page is 10; the modal shows the latest five.
    expect(fake.mock.callsTo('GET', '/api/clients/1/ledger/')[0]?.url).toContain('page_size=10');
    expect(dialog.getByRole('link', { name: 'Open Ada Lovelace' })).toHaveAttribute(
      'href',
      '/clients/edit/1',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a creditor opens the modal too; a client gone since is said so', async () => {
    server();
    renderWidgets('Creditors');
    const creditors = await screen.findByRole('table', { name: 'Creditors' });
    await userEvent.click(within(creditors).getByRole('button', { name: 'Clara Schumann' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Client Details' }));
    expect(await dialog.findByText('Not Active')).toBeInTheDocument();
    expect(await dialog.findByText('No payments or charges yet.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));

    await userEvent.click(within(creditors).getByRole('button', { name: 'Dmitri Shostakovich' }));
    const gone = within(await screen.findByRole('dialog', { name: 'Client Details' }));
    expect(await gone.findByRole('alert')).toHaveTextContent('This client no longer exists.');
  });

  it('each widget shows its own spinner, then its own error with Retry', async () => {
    const fake = server(undefined, 500);
    let release: () => void = () => undefined;
    fake.mock.on(
      `GET ${SUMMARY}`,
      () =>
        new Promise(
          (resolve) => (release = () => resolve({ status: 500, body: { detail: 'Summary unavailable.' } })),
        ),
    );
    renderWidgets('Clients', 'Debtors');
    expect(await screen.findByText('Loading Clients...')).toBeInTheDocument();
    expect(screen.getByText('Loading Debtors...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(within(card('Clients')).getByRole('alert')).toHaveTextContent('Summary unavailable.');

    fake.mock.on(`GET ${SUMMARY}`, { body: makeSummary() });
    await userEvent.click(within(card('Clients')).getByRole('button', { name: 'Retry' }));
    expect(await within(card('Clients')).findByText('25')).toBeInTheDocument();
    // Both cards read the one cached summary: a Retry in one brings the other back with it.
    expect(await within(card('Debtors')).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failure without a detail says "Failed to load client figures."', async () => {
    server({}, 502);
    renderWidgets('Creditors');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load client figures.');
  });
});
