import {
  STOREFRONT_SLUG_INVALID,
  STOREFRONT_SLUG_TAKEN,
  type MarketplaceChannelItem,
  type StorefrontSettings,
} from '@loupe/contracts';
import type { MockHandler } from '@loupe/platform/testing';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChannelsPage } from '../src/features/channels/components/channels-page';
import { channel, channelItem, onlineServer, param } from './support/online';

// Typing into forms on a busy machine: jsdom and user-event take their time.
jest.setTimeout(20_000);

const location = () => screen.getByTestId('location').textContent;

const ITEMS: MarketplaceChannelItem[] = [
  channelItem(1),
  channelItem(2, {
    brand: 'Cartier',
    model: 'Tank',
    referenceNumber: '',
    included: false,
    problems: ['no reference number', 'no photo'],
  }),
];

/** The items of a channel as the service filters them (excluded=true: only those kept out). */
const itemsHandler =
  (items: MarketplaceChannelItem[]): MockHandler =>
  (call) => {
    const rows = param(call.url, 'excluded') === 'true' ? items.filter((item) => !item.included) : items;
    return { body: { results: rows, count: rows.length } };
  };

function server(storefront: Partial<StorefrontSettings> = {}) {
  let settings: StorefrontSettings = {
    slug: 'loupe-demo',
    enabled: true,
    publicUrl: 'https://shop.example/store/loupe-demo/',
    ...storefront,
  };
  const fake = onlineServer({
    handlers: {
      'GET /api/storefront/settings/': () => ({ body: settings }),
      'PUT /api/storefront/settings/': (call) => {
        const body = call.body as { slug: string; enabled: boolean };
        if (body.slug === 'taken') return { status: 409, body: { detail: STOREFRONT_SLUG_TAKEN } };
        settings = { ...body, publicUrl: body.slug ? `https://shop.example/store/${body.slug}/` : '' };
        return { body: settings };
      },
      'GET /api/marketplace/channels/chrono24/items/': itemsHandler(ITEMS),
      'GET /api/marketplace/channels/google/items/': itemsHandler([
        channelItem(1, { included: false, problems: ['no description'] }),
      ]),
    },
  });
  return fake;
}

function renderPage(route = '/online/channels') {
  return renderWithProviders(<ChannelsPage />, { route });
}

describe('/online/channels: the storefront', () => {
  it('shows the public address as a link and saves a new address and the switch', async () => {
    const fake = server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Online Selling' })).toBeInTheDocument();
    const storefront = await screen.findByRole('region', { name: 'Storefront' });
    expect(
      await within(storefront).findByRole('link', { name: 'https://shop.example/store/loupe-demo/' }),
    ).toHaveAttribute('href', 'https://shop.example/store/loupe-demo/');
    const address = within(storefront).getByRole('textbox', { name: 'Storefront address' });
    expect(address).toHaveValue('loupe-demo');
    await userEvent.clear(address);
    await userEvent.type(address, 'Hart-Sons');
    await userEvent.click(
      within(storefront).getByRole('checkbox', { name: 'Show the storefront to the public' }),
    );
    await userEvent.click(within(storefront).getByRole('button', { name: 'Save storefront' }));
    expect(await within(storefront).findByText('Storefront saved.')).toBeInTheDocument();
    expect(fake.mock.callsTo('PUT', '/api/storefront/settings/')[0]!.body).toEqual({
      slug: 'hart-sons',
      enabled: false,
    });
    expect(storefront).toHaveTextContent(
      'Switched off: https://shop.example/store/hart-sons/ shows nothing to the public',
    );
  });

  it('says at the field what an address may be before sending, and what the service refused', async () => {
    const fake = server();
    renderPage();
    const storefront = await screen.findByRole('region', { name: 'Storefront' });
    const address = await within(storefront).findByRole('textbox', { name: 'Storefront address' });
    await userEvent.clear(address);
    await userEvent.type(address, 'a b');
    await userEvent.click(within(storefront).getByRole('button', { name: 'Save storefront' }));
    expect(await within(storefront).findByRole('alert')).toHaveTextContent(STOREFRONT_SLUG_INVALID);
    expect(fake.mock.callsTo('PUT', '/api/storefront/settings/')).toHaveLength(0);

    await userEvent.clear(address);
    await userEvent.type(address, 'taken');
    await userEvent.click(within(storefront).getByRole('button', { name: 'Save storefront' }));
    expect(await within(storefront).findByText(STOREFRONT_SLUG_TAKEN)).toBeInTheDocument();
  });

  it('a shop without an address yet is told to choose one', async () => {
    server({ slug: '', enabled: false, publicUrl: '' });
    renderPage();
    expect(
      await screen.findByText('No address yet: choose one below, then switch the storefront on.'),
    ).toBeInTheDocument();
  });
});

describe('/online/channels: the feeds', () => {
  it('each feed with its address to copy, its counts and Rotate', async () => {
    server();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    const chrono = await screen.findByRole('region', { name: 'Chrono24' });
    expect(within(chrono).getByRole('textbox', { name: 'Chrono24 feed address' })).toHaveValue(
      'https://shop.example/store/loupe-demo/feeds/chrono24/secret-chrono24-1.xml',
    );
    expect(chrono).toHaveTextContent('7 in the feed · 2 kept out');
    await userEvent.click(within(chrono).getByRole('button', { name: 'Copy Chrono24 feed address' }));
    expect(writeText).toHaveBeenCalledWith(
      'https://shop.example/store/loupe-demo/feeds/chrono24/secret-chrono24-1.xml',
    );
    expect(await within(chrono).findByRole('status')).toHaveTextContent('Copied.');
    expect(screen.getByRole('region', { name: 'Google Shopping' })).toBeInTheDocument();
  });

  it('Rotate warns that the old address stops working at once, then shows the new one', async () => {
    const fake = server();
    let rotated = false;
    fake.mock.on('GET /api/marketplace/channels/', () => ({
      body: {
        results: [
          channel(
            'chrono24',
            rotated ? { feedUrl: 'https://shop.example/store/loupe-demo/feeds/chrono24/secret-2.xml' } : {},
          ),
          channel('google'),
        ],
        count: 2,
      },
    }));
    fake.mock.on('POST /api/marketplace/channels/chrono24/rotate/', () => {
      rotated = true;
      return {
        body: channel('chrono24', {
          feedUrl: 'https://shop.example/store/loupe-demo/feeds/chrono24/secret-2.xml',
        }),
      };
    });
    renderPage();
    const chrono = await screen.findByRole('region', { name: 'Chrono24' });
    await userEvent.click(within(chrono).getByRole('button', { name: 'Rotate the Chrono24 feed address' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate the Chrono24 feed address?' });
    expect(dialog).toHaveTextContent('The old address stops working at once');
    expect(fake.mock.callsTo('POST', '/api/marketplace/channels/chrono24/rotate/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate the address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(chrono).getByText(/New address made/)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(chrono).getByRole('textbox', { name: 'Chrono24 feed address' })).toHaveValue(
        'https://shop.example/store/loupe-demo/feeds/chrono24/secret-2.xml',
      ),
    );
  });

  it('a switched-off storefront says its feeds list nothing', async () => {
    const fake = server();
    fake.mock.on('GET /api/marketplace/channels/', {
      body: { results: [channel('chrono24', { live: false }), channel('google', { live: false })], count: 2 },
    });
    renderPage();
    const chrono = await screen.findByRole('region', { name: 'Chrono24' });
    expect(chrono).toHaveTextContent('The storefront is switched off, so this feed lists nothing');
  });

  it('lists every item on the storefront with whether the feed takes it, and why not in contracts’ words', async () => {
    const fake = server();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Items and the Chrono24 feed' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('In the Chrono24 feed');
    expect(rows[1]).toHaveTextContent('Not in the Chrono24 feed: no reference number, no photo');
    expect(within(rows[1]!).getByRole('link', { name: 'Cartier Tank' })).toHaveAttribute(
      'href',
      '/inventory/item/2',
    );

    const items = screen.getByRole('region', { name: 'Items in the feeds' });
    await userEvent.selectOptions(within(items).getByRole('combobox', { name: 'Show' }), 'true');
    await waitFor(() => expect(location()).toBe('/online/channels?excluded=true'));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(
      fake.mock
        .callsTo('GET', '/api/marketplace/channels/chrono24/items/')
        .some((c) => param(c.url, 'excluded') === 'true'),
    ).toBe(true);

    await userEvent.selectOptions(within(items).getByRole('combobox', { name: 'Feed' }), 'google');
    await waitFor(() => expect(location()).toBe('/online/channels?excluded=true&channel=google'));
    expect(
      await screen.findByRole('table', { name: 'Items and the Google Shopping feed' }),
    ).toHaveTextContent('Not in the Google Shopping feed: no description');
  });

  it('says when no item is on the storefront yet', async () => {
    const fake = server();
    fake.mock.on('GET /api/marketplace/channels/chrono24/items/', { body: { results: [], count: 0 } });
    renderPage();
    expect(
      await screen.findByText('No item is on the storefront: list items online from their item page.'),
    ).toBeInTheDocument();
  });

  it('a failed load of the feeds offers Retry', async () => {
    const fake = server();
    fake.mock.on('GET /api/marketplace/channels/', { status: 503, body: { detail: 'Try again shortly.' } });
    renderPage();
    expect(await screen.findByText(/Failed to load the feeds\./)).toHaveTextContent('Try again shortly.');
    fake.mock.on('GET /api/marketplace/channels/', { body: { results: [channel('chrono24')], count: 1 } });
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('region', { name: 'Chrono24' })).toBeInTheDocument();
  });
});
