import {
  NOT_ONLINE_LABELS,
  NOT_ONLINE_REASONS,
  type ItemListing,
  type ItemListingUpdate,
  type MarketplaceItem,
  type NotOnlineReason,
  type Role,
  type WantMatch,
} from '@loupe/contracts';
import { authCheckAs, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { ItemPage } from '../src/features/items/components/item-page';
import { fakeInventory, makeItem } from './support/fake-inventory';

// Issue 24 on the item page: whether the item is on the storefront now and why not, its public page, whether each
// marketplace feed carries it (contracts/src/feeds.ts's reasons), its listing changed by platinum and gold
// (manageListings), and the clients whose wanted lists it matches.

const LISTING = '/api/storefront/items/7/listing/';
const FEEDS = '/api/marketplace/items/7/';
const MATCHES = '/api/items/7/want-matches/';
const PAGE = 'https://shop.example/store/demo/items/7-rolex-explorer';

const listing = (overrides: Partial<ItemListing> = {}): ItemListing => ({
  itemId: 7,
  listed: true,
  publicDescription: 'Serviced 2025, full set.',
  braceletMaterial: 'Steel',
  handlingDays: 3,
  priceOnRequest: false,
  listedAt: '2026-11-20T10:00:00Z',
  publicUrl: PAGE,
  online: true,
  notOnlineBecause: null,
  ...overrides,
});

const feeds = (online: boolean, googleProblems: string[] = ['no photo']): MarketplaceItem => ({
  itemId: 7,
  online,
  channels: [
    { channel: 'chrono24', label: 'Chrono24', included: online, problems: [] },
    {
      channel: 'google',
      label: 'Google Shopping',
      included: online && googleProblems.length === 0,
      problems: online ? googleProblems : [],
    },
  ],
});

const match = (id: number, clientId: number, clientName: string, wantSummary: string): WantMatch => ({
  id,
  wantId: id + 100,
  wantSummary,
  clientId,
  clientName,
  clientEmail: '',
  itemId: 7,
  stockNumber: 7,
  brand: 'Rolex',
  model: 'Explorer',
  referenceNumber: '224270',
  year: 2022,
  conditionGrade: null,
  itemStatus: 'available',
  reason: 'new_item',
  priceAtMatch: 6500,
  price: 6500,
  status: 'open',
  matchedAt: '2026-11-21T09:30:00Z',
  emailedAt: null,
  dismissedAt: null,
  mailId: null,
});

interface Options {
  role?: Role;
  listing?: ItemListing;
  feeds?: MarketplaceItem;
  matches?: WantMatch[];
}

function show({ role = 'gold', ...options }: Options = {}, page: 'item' | 'edit' = 'item') {
  const { mock } = fakeInventory([
    makeItem({ id: 7, serial: 'RLX-7', brand: 'Rolex', model: 'Explorer', referenceNumber: '224270' }),
  ]);
  mock.on('GET /auth-check/', { body: authCheckAs(role) });
  mock.on(`GET ${LISTING}`, { body: options.listing ?? listing() });
  mock.on(`GET ${FEEDS}`, { body: options.feeds ?? feeds(true) });
  const matches = options.matches ?? [];
  mock.on(`GET ${MATCHES}`, { body: { results: matches, count: matches.length } });
  if (page === 'item') {
    renderWithProviders(<ItemPage />, { route: '/inventory/item/7', path: '/inventory/item/:id' });
  } else {
    renderWithProviders(<EditItemPage />, { route: '/inventory/edit/7', path: '/inventory/edit/:id' });
  }
  return mock;
}

const online = () => screen.findByRole('region', { name: 'Online' });
const feedLines = async () =>
  within(await screen.findByRole('list', { name: 'Marketplace feeds' }))
    .getAllByRole('listitem')
    .map((line) => line.textContent);

/** The service's listing after a PUT: the fields as sent; online when listed (the storefront is open). */
function acceptPut(mock: FetchMock) {
  mock.on(`PUT ${LISTING}`, (call) => {
    const body = call.body as ItemListingUpdate;
    const saved = listing({
      ...body,
      online: body.listed,
      notOnlineBecause: body.listed ? null : 'unlisted',
    });
    mock.on(`GET ${LISTING}`, { body: saved });
    mock.on(`GET ${FEEDS}`, { body: feeds(body.listed, []) });
    return { body: saved };
  });
}

// The item page's sections wait on real timers (several requests each).
jest.setTimeout(20_000);

describe('the item online', () => {
  it('says the item is on the storefront, links its public page and names what keeps it out of a feed', async () => {
    show();
    const card = await online();
    expect(await within(card).findByText('On the storefront')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'View on the storefront (opens in a new tab)' });
    expect(link).toHaveAttribute('href', PAGE);
    expect(link).toHaveAttribute('target', '_blank');
    expect(await feedLines()).toEqual(['In the Chrono24 feed', 'Not in the Google Shopping feed: no photo']);
  });

  it('lists every reason a Chrono24 feed leaves the item out, in the contracts’ words', async () => {
    show({
      feeds: {
        itemId: 7,
        online: true,
        channels: [
          {
            channel: 'chrono24',
            label: 'Chrono24',
            included: false,
            problems: ['no reference number', 'no photo'],
          },
        ],
      },
    });
    expect(await feedLines()).toEqual(['Not in the Chrono24 feed: no reference number, no photo']);
  });

  it.each(NOT_ONLINE_REASONS.map((reason) => [reason]))(
    'says why an item is not online (%s), with no public link and no feed',
    async (reason: NotOnlineReason) => {
      show({ listing: listing({ online: false, notOnlineBecause: reason }), feeds: feeds(false) });
      const card = await online();
      expect(await within(card).findByText(NOT_ONLINE_LABELS[reason])).toBeInTheDocument();
      expect(within(card).queryByRole('link', { name: /View on the storefront/ })).not.toBeInTheDocument();
      expect(await feedLines()).toEqual([
        'Not in the Chrono24 feed: not on the storefront',
        'Not in the Google Shopping feed: not on the storefront',
      ]);
    },
  );

  it('lets gold list an item: the body the service takes, then the word and the item online', async () => {
    const mock = show({
      listing: listing({
        listed: false,
        publicDescription: '',
        braceletMaterial: '',
        online: false,
        notOnlineBecause: 'unlisted',
        listedAt: null,
      }),
      feeds: feeds(false),
    });
    acceptPut(mock);
    const card = await online();
    const form = await within(card).findByRole('form', { name: 'Online listing' });
    const listed = within(form).getByRole('checkbox', { name: 'Listed online' });
    expect(listed).not.toBeChecked();
    expect(within(form).getByLabelText('Handling time (days)')).toHaveValue('3');
    await userEvent.click(listed);
    await userEvent.type(within(form).getByLabelText('Public description'), 'Full set, serviced 2025.');
    await userEvent.type(within(form).getByLabelText('Bracelet material'), 'Steel');
    await userEvent.clear(within(form).getByLabelText('Handling time (days)'));
    await userEvent.type(within(form).getByLabelText('Handling time (days)'), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save listing' }));

    expect(await within(form).findByText('Listing saved.')).toHaveAttribute('role', 'status');
    expect(mock.callsTo('PUT', LISTING)).toHaveLength(1);
    expect(mock.callsTo('PUT', LISTING)[0]?.body).toEqual({
      listed: true,
      publicDescription: 'Full set, serviced 2025.',
      braceletMaterial: 'Steel',
      handlingDays: 5,
      priceOnRequest: false,
    } satisfies ItemListingUpdate);
    expect(mock.callsTo('PUT', LISTING)[0]?.headers['x-csrftoken']).toBe('tok');
    // The listing and the feeds were asked again: the section shows the item as it is now.
    expect(await within(card).findByText('On the storefront')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await feedLines()).toEqual(['In the Chrono24 feed', 'In the Google Shopping feed']),
    );
  });

  it('takes an item off the storefront and puts it on price on request', async () => {
    const mock = show();
    acceptPut(mock);
    const form = await within(await online()).findByRole('form', { name: 'Online listing' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Listed online' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Price on request' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save listing' }));
    await within(form).findByText('Listing saved.');
    expect(mock.callsTo('PUT', LISTING)[0]?.body).toMatchObject({ listed: false, priceOnRequest: true });
    expect(await screen.findByText(NOT_ONLINE_LABELS.unlisted)).toBeInTheDocument();
  });

  it('checks the handling time before sending, and shows the service’s refusal beside its field', async () => {
    const mock = show();
    const form = await within(await online()).findByRole('form', { name: 'Online listing' });
    const days = within(form).getByLabelText('Handling time (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '61');
    await userEvent.click(within(form).getByRole('button', { name: 'Save listing' }));
    expect(
      await within(form).findByText('Handling time must be a whole number of days from 1 to 60.'),
    ).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveFocus();
    expect(mock.callsTo('PUT', LISTING)).toHaveLength(0);

    mock.on(`PUT ${LISTING}`, {
      status: 400,
      body: { publicDescription: ['Remove the control characters.'] },
    });
    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Save listing' }));
    expect(await within(form).findByText('Remove the control characters.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Public description')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(days).toHaveValue('10');
  });

  it('shows silver the listing without a form: only platinum and gold change what is online', async () => {
    const mock = show({ role: 'silver' });
    const card = await online();
    const facts = await within(card).findByLabelText('Listing');
    const pairs = Object.fromEntries(
      within(facts)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(pairs).toEqual({
      'Listed online': 'Yes',
      'Public description': 'Serviced 2025, full set.',
      'Bracelet material': 'Steel',
      'Handling time': '3 working days',
      'Price on request': 'No',
    });
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save listing' })).not.toBeInTheDocument();
    expect(mock.callsTo('PUT', LISTING)).toHaveLength(0);
  });

  it('is below Edit Inventory Item too, outside its form', async () => {
    show({}, 'edit');
    const card = await online();
    const listingForm = await within(card).findByRole('form', { name: 'Online listing' });
    expect(screen.getByRole('form', { name: 'Edit Inventory Item' })).not.toContainElement(listingForm);
  });

  it('says when the listing failed to load, and loads it again on Retry', async () => {
    const mock = show();
    mock.on(`GET ${LISTING}`, { status: 500, body: { detail: 'Server error.' } });
    const card = await online();
    expect(await within(card).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Failed to load the online listing.',
    );
    mock.on(`GET ${LISTING}`, { body: listing() });
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('On the storefront')).toBeInTheDocument();
  });

  it('adds nothing when the server has no storefront (404), as for an item it does not know', async () => {
    const mock = show();
    mock.on(`GET ${LISTING}`, { status: 404, body: { detail: 'Not found.' } });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(mock.callsTo('GET', LISTING).length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Online' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Wanted by', () => {
  it('lists the open matches: the client (a link to them) and what they want', async () => {
    const mock = show({
      matches: [
        match(1, 5, 'Eleanor Vance', 'Rolex Explorer, 2020 or later, up to £7,000.00'),
        match(2, 9, 'Tom Hale', 'Rolex, any model'),
      ],
    });
    const card = await screen.findByRole('region', { name: 'Wanted by' });
    const lines = within(within(card).getByRole('list')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Eleanor Vance wants Rolex Explorer, 2020 or later, up to £7,000.00New in stock, matched 21 Nov 2026',
      'Tom Hale wants Rolex, any modelNew in stock, matched 21 Nov 2026',
    ]);
    expect(within(card).getByRole('link', { name: 'Eleanor Vance' })).toHaveAttribute(
      'href',
      '/clients/edit/5',
    );
    const asked = new URL(mock.callsTo('GET', MATCHES)[0]!.url, 'http://localhost').searchParams;
    expect(asked.get('status')).toBe('open');
  });

  it('is not there while nobody wants the item', async () => {
    const mock = show({ matches: [] });
    await online();
    await waitFor(() => expect(mock.callsTo('GET', MATCHES)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Wanted by' })).not.toBeInTheDocument();
  });
});
