import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddClientPage } from '../src/features/clients/components/add-client-page';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { ClientDetailsModal } from '../src/features/dashboard/components/client-details-modal';
import { FakeClientsServer, makeClient } from './support/fake-clients';

// The client's postal address (issue 22, item 4): five labelled fields grouped in a "Postal address" fieldset
// on Add and Edit Client, checked by the contracts' rule before any call, the service's errors beside their
// fields, and the address shown in the Client Details.

const ADA = makeClient(7, 'Ada Lovelace', {
  email: 'ada@example.com',
  addressLine1: '12 Hatton Garden',
  addressLine2: 'Second floor',
  town: 'London',
  postcode: 'EC1N 8AX',
  country: 'United Kingdom',
});

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

const location = () => screen.getByTestId('location').textContent ?? '';
const field = (label: string) => screen.getByLabelText(label);
const renderAdd = () => renderWithProviders(<AddClientPage />, { route: '/clients/add' });
const PARTS = ['Address line 1', 'Address line 2', 'Town or city', 'Postcode', 'Country'];

async function typeBasics() {
  await userEvent.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
  await userEvent.type(field('Email'), 'ada@example.com');
}

describe('the postal address on the client form', () => {
  it('groups five labelled fields in a "Postal address" fieldset, the country United Kingdom by default', async () => {
    new FakeClientsServer([]);
    renderAdd();
    const group = await screen.findByRole('group', { name: 'Postal address' });
    for (const label of PARTS) expect(within(group).getByLabelText(label)).toBeInTheDocument();
    expect(field('Address line 1')).toHaveValue('');
    expect(field('Country')).toHaveValue('United Kingdom');
    expect(field('Postcode')).toHaveAttribute('autocomplete', 'postal-code');
  });

  it('sends the address with the client', async () => {
    const server = new FakeClientsServer([]);
    renderAdd();
    await typeBasics();
    await userEvent.type(field('Address line 1'), ' 17 Heriot Row ');
    await userEvent.type(field('Town or city'), 'Edinburgh');
    await userEvent.type(field('Postcode'), 'eh3 6hp');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(server.mock.callsTo('POST', '/api/clients/')[0]?.body).toMatchObject({
      addressLine1: '17 Heriot Row',
      addressLine2: '',
      town: 'Edinburgh',
      postcode: 'eh3 6hp',
      country: 'United Kingdom',
    });
  });

  it('checks a UK postcode and a whole address before any call, each error beside its field', async () => {
    const server = new FakeClientsServer([]);
    renderAdd();
    await typeBasics();
    await userEvent.type(field('Postcode'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(field('Postcode')).toHaveAccessibleDescription('Enter a valid UK postcode, such as SW1A 1AA.');
    expect(field('Address line 1')).toHaveAccessibleDescription(
      'This field is required for a postal address.',
    );
    expect(field('Town or city')).toHaveAccessibleDescription('This field is required for a postal address.');
    expect(field('Address line 2')).not.toHaveAttribute('aria-invalid');
    expect(server.mock.callsTo('POST', '/api/clients/')).toHaveLength(0);

    // Abroad a postcode is free text.
    await userEvent.type(field('Address line 1'), 'Via Roma 1');
    await userEvent.type(field('Town or city'), 'Milano');
    await userEvent.clear(field('Country'));
    await userEvent.type(field('Country'), 'Italy');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(server.mock.callsTo('POST', '/api/clients/')[0]?.body).toMatchObject({
      postcode: '12345',
      country: 'Italy',
    });
  });

  it('shows the service\u2019s address errors beside their fields and keeps what was typed', async () => {
    const server = new FakeClientsServer([ADA]);
    server.mock.on('PUT /api/clients/7/', {
      status: 400,
      body: { town: ['Ensure this field has no more than 60 characters.'] },
    });
    renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });
    expect(await screen.findByLabelText('Address line 1')).toHaveValue('12 Hatton Garden');
    expect(field('Address line 2')).toHaveValue('Second floor');
    expect(field('Postcode')).toHaveValue('EC1N 8AX');
    await userEvent.clear(field('Postcode'));
    await userEvent.type(field('Postcode'), 'EC1N 8AY');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    await waitFor(() =>
      expect(field('Town or city')).toHaveAccessibleDescription(
        'Ensure this field has no more than 60 characters.',
      ),
    );
    expect(server.mock.callsTo('PUT', '/api/clients/7/')[0]?.body).toMatchObject({
      addressLine1: '12 Hatton Garden',
      postcode: 'EC1N 8AY',
      version: 1,
    });
    expect(field('Postcode')).toHaveValue('EC1N 8AY');
    expect(alertSpy).not.toHaveBeenCalled();
  });
});

describe('the postal address in the Client Details', () => {
  it('shows the address one line per part, as documents print it', async () => {
    new FakeClientsServer([
      ADA,
      makeClient(8, 'Sofia Marchetti', {
        addressLine1: 'Via Monte Napoleone 8',
        town: 'Milano',
        postcode: '20121',
        country: 'Italy',
      }),
      makeClient(9, 'Brook Taylor'),
    ]);
    const { unmount } = renderWithProviders(<ClientDetailsModal clientId={7} onClose={() => undefined} />);
    const address = await screen.findByText(/12 Hatton Garden/);
    expect(address.closest('address')?.textContent).toBe('12 Hatton GardenSecond floorLondonEC1N 8AX');
    unmount();

    const abroad = renderWithProviders(<ClientDetailsModal clientId={8} onClose={() => undefined} />);
    expect((await screen.findByText(/Via Monte Napoleone/)).closest('address')?.textContent).toBe(
      'Via Monte Napoleone 8Milano20121Italy',
    );
    abroad.unmount();

    renderWithProviders(<ClientDetailsModal clientId={9} onClose={() => undefined} />);
    await screen.findByText('Brook Taylor');
    const term = screen.getByText('Address');
    expect(term.nextElementSibling?.textContent).toBe('—');
  });
});
