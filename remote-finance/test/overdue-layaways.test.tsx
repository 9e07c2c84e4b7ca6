import { formatDay, today } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { screen, within } from '@testing-library/react';
import widgets from '../src/widgets';
import { reservedDeal } from './support/deals';

/** The day `days` before today, on the same calendar as the widget's. */
function daysAgo(days: number): string {
  const [y, m, d] = today().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - days)).toISOString().slice(0, 10);
}

const widget = widgets.find((w) => w.id === 'overdue-layaways')!;

function server(body: unknown, status = 200) {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/deals/': { status, body },
  });
  window.fetch = mock.fetch;
  return mock;
}

describe('Overdue layaways (dashboard)', () => {
  it('lists the reserved deals past their collect-by day: client, deal, collect-by, days overdue, balance', async () => {
    const late = reservedDeal(6, { overdue: true, buyerName: 'Ana Domínguez', collectBy: daysAgo(12) });
    const justLate = reservedDeal(8, { overdue: true, collectBy: daysAgo(1) });
    const mock = server({ results: [late, justLate], count: 2 });
    renderWithProviders(<widget.Component />);
    const table = await screen.findByRole('table', { name: 'Overdue layaways' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows[0]).toEqual(['Ana Domínguez', 'D-6', formatDay(daysAgo(12)), '12 days', '£12,000.00']);
    expect(rows[1]?.[3]).toBe('1 day');
    expect(within(table).getByRole('link', { name: 'Open deal D-6' })).toHaveAttribute('href', '/deals/6');
    const query = new URL(mock.callsTo('GET', '/api/deals/')[0]!.url, 'http://localhost').searchParams;
    expect(query.get('overdue')).toBe('true');
    expect(widget).toMatchObject({ title: 'Overdue layaways', tab: 'stats' });
  });

  it('says when none is overdue, and points to the rest when there are more than it shows', async () => {
    server({ results: [], count: 0 });
    const first = renderWithProviders(<widget.Component />);
    expect(await screen.findByText('No layaways past their collect-by day.')).toBeInTheDocument();
    first.unmount();

    const rows = Array.from({ length: 10 }, (_, i) =>
      reservedDeal(20 + i, { overdue: true, collectBy: daysAgo(3) }),
    );
    server({ results: rows, count: 14 });
    renderWithProviders(<widget.Component />);
    expect(await screen.findByText(/Showing 10 of 14\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All overdue layaways' })).toHaveAttribute(
      'href',
      '/deals?overdue=true',
    );
  });

  it('shows its own error with Retry, never a broken dashboard', async () => {
    server({ detail: 'Try later.' }, 503);
    renderWithProviders(<widget.Component />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load Overdue layaways. Try later.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
