import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportsPage } from '../src/features/reports/components/reports-page';
import { onlineServer, param, saleReport } from './support/online';

// Typing into forms on a busy machine: jsdom and user-event take their time.
jest.setTimeout(20_000);

const location = () => screen.getByTestId('location').textContent;

describe('/online/reports', () => {
  it('lists the open reports with the day they are due by, the watch and the sale, each a link', async () => {
    const server = onlineServer({
      reports: [
        saleReport(1, { overdue: true, dueOn: '2026-11-20', saleDate: '2026-11-13' }),
        saleReport(2, { dealChannel: 'phone', brand: 'Omega', model: 'Speedmaster', referenceNumber: '' }),
        saleReport(3, { status: 'done', doneAt: '2026-11-26T09:00:00Z', doneBy: 'Pat Owner' }),
      ],
    });
    renderWithProviders(<ReportsPage />, { route: '/online/reports' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chrono24 sale reports' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Chrono24 sale reports' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('20 Nov 2026');
    expect(rows[0]).toHaveTextContent('Overdue');
    expect(within(rows[0]!).getByRole('link', { name: 'Rolex Daytona 116500LN' })).toHaveAttribute(
      'href',
      '/inventory/item/71',
    );
    expect(rows[0]).toHaveTextContent('Stock no. 701');
    expect(within(rows[0]!).getByRole('link', { name: 'D-501' })).toHaveAttribute('href', '/deals/501');
    expect(rows[0]).toHaveTextContent('Shop, 13 Nov 2026');
    expect(rows[1]).toHaveTextContent('Omega Speedmaster');
    expect(rows[1]).toHaveTextContent('Phone');
    expect(rows[1]).not.toHaveTextContent('Overdue');
    expect(param(server.mock.callsTo('GET', '/api/marketplace/sale-reports/')[0]!.url, 'status')).toBeNull();
  });

  it('shows done ones by the filter in the address, with who marked them and when', async () => {
    onlineServer({
      reports: [
        saleReport(1),
        saleReport(3, { status: 'done', doneAt: '2026-11-26T09:00:00Z', doneBy: 'Pat Owner' }),
      ],
    });
    renderWithProviders(<ReportsPage />, { route: '/online/reports' });
    await screen.findByRole('table', { name: 'Chrono24 sale reports' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'done');
    await waitFor(() => expect(location()).toBe('/online/reports?status=done'));
    const table = screen.getByRole('table', { name: 'Chrono24 sale reports' });
    await waitFor(() => expect(table).toHaveTextContent('by Pat Owner'));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).queryByRole('button', { name: /Mark done/ })).toBeNull();
  });

  it('Mark done asks first; Cancel sends nothing, confirming marks it and it leaves the open list', async () => {
    const server = onlineServer({ reports: [saleReport(1)] });
    renderWithProviders(<ReportsPage />, { route: '/online/reports' });
    const table = await screen.findByRole('table', { name: 'Chrono24 sale reports' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Mark done: Rolex Daytona 116500LN, D-501' }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Mark this report done?' });
    expect(dialog).toHaveTextContent(
      'Only once the sale of Rolex Daytona 116500LN (D-501) has been reported',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.mock.callsTo('POST', '/api/marketplace/sale-reports/1/done/')).toHaveLength(0);

    await userEvent.click(within(table).getByRole('button', { name: /Mark done/ }));
    dialog = screen.getByRole('dialog', { name: 'Mark this report done?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(
      await screen.findByText(/Marked done: the sale of Rolex Daytona 116500LN \(D-501\)/),
    ).toBeInTheDocument();
    expect(server.mock.callsTo('POST', '/api/marketplace/sale-reports/1/done/')).toHaveLength(1);
    expect(await screen.findByText('Nothing to report to Chrono24.')).toBeInTheDocument();
  });

  it('a refused Mark done (already done by someone else) says why in the dialog', async () => {
    const server = onlineServer({ reports: [saleReport(1)] });
    server.mock.on('POST /api/marketplace/sale-reports/1/done/', {
      status: 409,
      body: { detail: 'This report is already done.' },
    });
    renderWithProviders(<ReportsPage />, { route: '/online/reports' });
    await userEvent.click(await screen.findByRole('button', { name: /Mark done/ }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this report done?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await within(dialog).findByText('This report is already done.')).toBeInTheDocument();
  });
});
