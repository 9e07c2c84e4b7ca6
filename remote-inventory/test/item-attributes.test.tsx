import type { Item } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddItemPage } from '../src/features/items/components/add-item-page';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { makeItem } from './support/fake-inventory';

// Issue 22: the item form's watch and jewellery attributes, and the stock number it shows.

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

function server(extra: Record<string, Parameters<FetchMock['on']>[1]> = {}): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    'GET /api/clients/': { body: { results: [], count: 0 } },
    'POST /api/items/': (call) => ({
      status: 201,
      body: makeItem({ id: 77, ...(call.body as Partial<Item>), transactions: [] }),
    }),
    ...extra,
  });
  window.fetch = mock.fetch;
  return mock;
}

const field = (label: string) => screen.getByLabelText(label);
const group = (name: string) => screen.queryByRole('group', { name });

describe('the item form’s attributes', () => {
  it('shows watch details for a watch, jewellery details for a jewel, none for an accessory', async () => {
    server();
    renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
    const watch = await screen.findByRole('group', { name: 'Watch details' });
    for (const label of [
      'Reference Number',
      'Year',
      'Box',
      'Papers',
      'Case Material',
      'Case Diameter (mm)',
      'Dial',
      'Movement',
      'Condition',
    ]) {
      expect(within(watch).getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Metal')).not.toBeInTheDocument();
    expect(
      within(field('Condition'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not graded', 'Unworn', 'Excellent', 'Very good', 'Good', 'Fair']);

    await userEvent.selectOptions(field('Stock Type'), 'Jewellery');
    const jewel = screen.getByRole('group', { name: 'Jewellery details' });
    for (const label of ['Metal', 'Fineness', 'Weight (g)', 'Hallmark', 'Stones', 'Condition']) {
      expect(within(jewel).getByLabelText(label)).toBeInTheDocument();
    }
    expect(group('Watch details')).not.toBeInTheDocument();

    await userEvent.selectOptions(field('Stock Type'), 'Accessories');
    expect(group('Jewellery details')).not.toBeInTheDocument();
    expect(group('Watch details')).not.toBeInTheDocument();
  });

  it('sends the attributes typed with the item, and only those', async () => {
    const mock = server();
    renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'W-1');
    await userEvent.type(field('Reference Number'), '126610LN');
    await userEvent.type(field('Year'), '2021');
    await userEvent.selectOptions(field('Box'), 'Yes');
    await userEvent.selectOptions(field('Papers'), 'No');
    await userEvent.type(field('Case Diameter (mm)'), '41');
    await userEvent.selectOptions(field('Movement'), 'Automatic');
    await userEvent.selectOptions(field('Condition'), 'Very good');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/items/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/items/')[0]?.body).toMatchObject({
      serial: 'W-1',
      referenceNumber: '126610LN',
      year: '2021',
      box: true,
      papers: false,
      caseDiameterMm: '41',
      movement: 'automatic',
      conditionGrade: 'very_good',
    });
    const body = mock.callsTo('POST', '/api/items/')[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('dial');
    expect(body).not.toHaveProperty('metal');
  });

  it('checks the attributes by the service’s rule before sending, and shows its field errors', async () => {
    const mock = server();
    renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'J-1');
    await userEvent.selectOptions(field('Stock Type'), 'Jewellery');
    await userEvent.type(field('Fineness'), '0');
    await userEvent.type(field('Weight (g)'), '10,5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Ensure this value is greater than or equal to 1.')).toBeInTheDocument();
    expect(field('Weight (g)')).toHaveAccessibleDescription('A valid number is required.');
    expect(mock.callsTo('POST', '/api/items/')).toHaveLength(0);

    // What only the service knows comes back next to its field.
    mock.on('POST /api/items/', {
      status: 400,
      body: { hallmark: ['Control characters are not allowed.'] },
    });
    await userEvent.clear(field('Fineness'));
    await userEvent.clear(field('Weight (g)'));
    await userEvent.type(field('Hallmark'), 'London');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Control characters are not allowed.')).toBeInTheDocument();
    expect(field('Hallmark')).toHaveValue('London');
  });

  it('edits: shows the stock number read-only and the item’s attributes, and sends only what changed', async () => {
    const stored = makeItem({
      id: 7,
      stockNumber: 1042,
      serial: 'ED-7',
      referenceNumber: '5711/1A',
      year: 2015,
      box: true,
      papers: null,
      conditionGrade: 'excellent',
    });
    const mock = server({
      'GET /api/items/7/': { body: stored },
      'PUT /api/items/7/': (call) => ({ body: { ...stored, ...(call.body as object) } }),
    });
    renderWithProviders(<EditItemPage />, { route: '/inventory/edit/7', path: '/inventory/edit/:id' });
    expect(await screen.findByLabelText('Stock Number')).toHaveValue('1042');
    expect(field('Stock Number')).toHaveAttribute('readonly');
    expect(field('Reference Number')).toHaveValue('5711/1A');
    expect(field('Year')).toHaveValue('2015');
    expect(field('Box')).toHaveDisplayValue('Yes');
    expect(field('Papers')).toHaveDisplayValue('Not recorded');
    expect(field('Condition')).toHaveDisplayValue('Excellent');

    await userEvent.selectOptions(field('Papers'), 'Yes');
    await userEvent.clear(field('Year'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(mock.callsTo('PUT', '/api/items/7/')).toHaveLength(1));
    const body = mock.callsTo('PUT', '/api/items/7/')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ papers: true, year: '', version: 1 });
    expect(body).not.toHaveProperty('referenceNumber');
    expect(body).not.toHaveProperty('box');
  });
});
