import { renderWithProviders } from '@loupe/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import widgets from '../src/widgets';
import { enquiry, onlineServer } from './support/online';

// Typing into forms on a busy machine: jsdom and user-event take their time.
jest.setTimeout(20_000);

function renderWidget(title: string) {
  const found = widgets.find((w) => w.title === title);
  if (!found) throw new Error(`no widget ${title}`);
  const { Component } = found;
  return renderWithProviders(<Component />, { route: '/dashboard' });
}

const card = (name: string) => screen.getByRole('region', { name });

it('contributes Enquiries to the Clients tab', () => {
  expect(widgets.map(({ id, title, tab, order }) => ({ id, title, tab, order }))).toEqual([
    { id: 'enquiries', title: 'Enquiries', tab: 'clients', order: 200 },
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
