import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import widgets from '../src/widgets';
import { enquiry, onlineServer, saleReport } from './support/online';

// Typing into forms on a busy machine: jsdom and user-event take their time.
jest.setTimeout(20_000);

function renderWidget(title: string) {
  const found = widgets.find((w) => w.title === title);
  if (!found) throw new Error(`no widget ${title}`);
  const { Component } = found;
  return renderWithProviders(<Component />, { route: '/dashboard' });
}

const card = (name: string) => screen.getByRole('region', { name });

it('contributes Enquiries to the Clients tab and Report to Chrono24 beside the past-due cards on Stats', () => {
  expect(widgets.map(({ id, title, tab, order }) => ({ id, title, tab, order }))).toEqual([
    { id: 'enquiries', title: 'Enquiries', tab: 'clients', order: 200 },
    { id: 'chrono24-reports', title: 'Report to Chrono24', tab: 'stats', order: 149 },
  ]);
});

describe('Enquiries', () => {
  it('counts the new ones, names the newest three, each a link, and links to the list', async () => {
    onlineServer({
      enquiries: [
        ...Array.from({ length: 4 }, (_, i) =>
          enquiry(i + 1, { name: `Person ${i + 1}`, createdAt: `2026-11-2${i + 1}T09:00:00Z` }),
        ),
        enquiry(9, { status: 'answered' }),
      ],
    });
    renderWidget('Enquiries');
    await screen.findByText('4');
    const enquiries = card('Enquiries');
    expect(enquiries).toHaveTextContent('new · 5 open');
    const latest = within(enquiries).getByRole('list', { name: 'Newest enquiries' });
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Person 4 about Rolex Submariner 126610LN'),
      expect.stringContaining('Person 3 about'),
      expect.stringContaining('Person 2 about'),
    ]);
    expect(within(latest).getByRole('link', { name: 'Person 4' })).toHaveAttribute(
      'href',
      '/online/enquiries/4',
    );
    expect(within(enquiries).getByRole('link', { name: 'View enquiries' })).toHaveAttribute(
      'href',
      '/online/enquiries',
    );
  });

  it('shows 0 and says so when nothing is new; a failure offers Retry in the card alone', async () => {
    const server = onlineServer({ enquiries: [] });
    server.mock.on('GET /api/enquiries/', { status: 500, body: { detail: 'Server error.' } });
    renderWidget('Enquiries');
    expect(await within(card('Enquiries')).findByText(/Failed to load enquiries\./)).toBeInTheDocument();
    server.mock.on('GET /api/enquiries/', {
      body: { results: [], count: 0, counts: { new: 0, open: 0, all: 0 } },
    });
    await userEvent.click(within(card('Enquiries')).getByRole('button', { name: /retry/i }));
    expect(await within(card('Enquiries')).findByText('No new enquiries.')).toBeInTheDocument();
    expect(card('Enquiries')).toHaveTextContent('0new · 0 open');
  });
});

describe('Report to Chrono24', () => {
  it('one line per open report: "Report this sale to Chrono24 by <date>" with the watch and the deal', async () => {
    onlineServer({
      reports: [
        saleReport(1, { dueOn: '2026-12-02' }),
        saleReport(2, { dueOn: '2026-11-20', overdue: true }),
      ],
    });
    renderWidget('Report to Chrono24');
    const reports = await screen.findByRole('region', { name: 'Report to Chrono24' });
    await within(reports).findByText(/Report this sale to Chrono24 by 2 Dec 2026/);
    expect(reports).toHaveTextContent('Report this sale to Chrono24 by 20 Nov 2026 (overdue)');
    expect(within(reports).getAllByRole('link', { name: 'Rolex Daytona 116500LN' })[0]).toHaveAttribute(
      'href',
      '/inventory/item/71',
    );
    expect(within(reports).getByRole('link', { name: 'D-501' })).toHaveAttribute('href', '/deals/501');
    expect(within(reports).getByRole('link', { name: 'View Chrono24 sale reports' })).toHaveAttribute(
      'href',
      '/online/reports',
    );
  });

  it('Mark done from the card, after the confirmation; the card then says nothing is left', async () => {
    const server = onlineServer({ reports: [saleReport(1)] });
    renderWidget('Report to Chrono24');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark done: Rolex Daytona 116500LN, D-501' }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Mark this report done?' })).getByRole('button', {
        name: 'Mark done',
      }),
    );
    await waitFor(() =>
      expect(server.mock.callsTo('POST', '/api/marketplace/sale-reports/1/done/')).toHaveLength(1),
    );
    expect(
      await within(card('Report to Chrono24')).findByText('Nothing to report to Chrono24.'),
    ).toBeInTheDocument();
    expect(card('Report to Chrono24')).toHaveTextContent(
      'Marked done: the sale of Rolex Daytona 116500LN (D-501)',
    );
  });

  it('is there when nothing is open, as the other cards are', async () => {
    onlineServer({ reports: [] });
    renderWidget('Report to Chrono24');
    expect(
      await within(card('Report to Chrono24')).findByText('Nothing to report to Chrono24.'),
    ).toBeInTheDocument();
  });
});
