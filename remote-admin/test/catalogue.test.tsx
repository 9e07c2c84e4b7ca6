import type { Catalogue, CatalogueBrand } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CataloguePage } from '../src/features/catalogue/components/catalogue-page';

const BASE = '/api/catalogue/';

function initial(): CatalogueBrand[] {
  return [
    {
      id: 1,
      name: 'Patek',
      retired: false,
      itemCount: 3,
      models: [{ id: 11, name: 'nautilus', retired: false, itemCount: 3 }],
    },
    {
      id: 2,
      name: 'Patek Philippe',
      retired: false,
      itemCount: 5,
      models: [
        { id: 21, name: 'Nautilus', retired: false, itemCount: 4 },
        { id: 22, name: 'Aquanaut', retired: false, itemCount: 1 },
      ],
    },
    { id: 3, name: 'Rolex', retired: false, itemCount: 0, models: [] },
  ];
}

/** The catalogue service in memory, as far as these screens use it (its own rules are the server's tests). */
function server(): { mock: FetchMock; brands: () => CatalogueBrand[] } {
  let brands = initial();
  let nextId = 100;
  const answer = (status = 200) => ({ status, body: { brands } satisfies Catalogue });
  const brandOf = (path: string) => Number(/brands\/(\d+)\//.exec(path)?.[1]);
  const modelOf = (path: string) => Number(/models\/(\d+)\//.exec(path)?.[1]);
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('platinum') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${BASE}`]: () => answer(),
    [`POST ${BASE}brands/`]: (call) => {
      const name = (call.body as { name: string }).name;
      const same = brands.find((b) => b.name.toLowerCase() === name.toLowerCase());
      if (same)
        return { status: 409, body: { detail: `The catalogue already has a brand named "${same.name}".` } };
      brands = [...brands, { id: nextId++, name, retired: false, itemCount: 0, models: [] }];
      return answer(201);
    },
  });
  const on = (method: string, path: string, apply: (body: Record<string, unknown>) => void) =>
    mock.on(`${method} ${path}`, (call) => {
      apply(call.body as Record<string, unknown>);
      return answer();
    });
  for (const b of initial()) {
    on('PUT', `${BASE}brands/${b.id}/`, (body) => {
      brands = brands.map((x) => (x.id === b.id ? { ...x, ...body } : x));
    });
    on('POST', `${BASE}brands/${b.id}/merge/`, (body) => {
      const from = brands.find((x) => x.id === brandOf(`brands/${b.id}/`))!;
      brands = brands
        .filter((x) => x.id !== from.id)
        .map((x) => (x.id === body.intoId ? { ...x, itemCount: x.itemCount + from.itemCount } : x));
    });
    mock.on(`POST ${BASE}brands/${b.id}/models/`, (call) => {
      const name = (call.body as { name: string }).name;
      brands = brands.map((x) =>
        x.id === b.id
          ? { ...x, models: [...x.models, { id: nextId++, name, retired: false, itemCount: 0 }] }
          : x,
      );
      return answer(201);
    });
    for (const m of b.models) {
      on('PUT', `${BASE}models/${m.id}/`, (body) => {
        brands = brands.map((x) => ({
          ...x,
          models: x.models.map((y) => (y.id === modelOf(`models/${m.id}/`) ? { ...y, ...body } : y)),
        }));
      });
    }
  }
  window.fetch = mock.fetch;
  return { mock, brands: () => brands };
}

const renderPage = () => renderWithProviders(<CataloguePage />, { route: '/settings/catalogue' });

// Whole forms typed into on a shared, busy machine: more than jest's default 5 s each.
jest.setTimeout(20_000);

describe('/settings/catalogue', () => {
  it('lists the brands, adds one, and shows a duplicate refused with the service’s words', async () => {
    const { mock } = server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeInTheDocument();
    const brand = await screen.findByLabelText('Brand');
    expect(
      within(brand)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a brand to manage', 'Patek', 'Patek Philippe', 'Rolex']);
    await userEvent.type(screen.getByLabelText('New brand'), 'Habring²');
    await userEvent.click(screen.getByRole('button', { name: 'Add Brand' }));
    expect(await within(brand).findByRole('option', { name: 'Habring²' })).toBeInTheDocument();
    expect(mock.callsTo('POST', `${BASE}brands/`)[0]?.body).toEqual({ name: 'Habring²' });
    expect(screen.getByLabelText('New brand')).toHaveValue('');

    await userEvent.type(screen.getByLabelText('New brand'), 'rolex');
    await userEvent.click(screen.getByRole('button', { name: 'Add Brand' }));
    expect(await screen.findByText('The catalogue already has a brand named "Rolex".')).toBeInTheDocument();
  });

  it('manages a brand’s models: add, rename, retire', async () => {
    const { mock } = server();
    renderPage();
    await userEvent.selectOptions(await screen.findByLabelText('Brand'), 'Patek Philippe');
    const models = screen.getByRole('table', { name: 'Patek Philippe models' });
    expect(
      within(models)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Nautilus', 'Aquanaut']);

    await userEvent.type(screen.getByLabelText('New model'), 'Calatrava');
    await userEvent.click(screen.getByRole('button', { name: 'Add Model' }));
    expect(await within(models).findByRole('rowheader', { name: 'Calatrava' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retire Aquanaut' }));
    await waitFor(() =>
      expect(mock.callsTo('PUT', `${BASE}models/22/`).map((c) => c.body)).toEqual([{ retired: true }]),
    );
    expect(await screen.findByRole('button', { name: 'Unretire Aquanaut' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Rename Nautilus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Nautilus' });
    expect(within(dialog).getByText('4 items named Nautilus will be renamed too.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('New name'), 'Nautilus Jumbo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(models).findByRole('rowheader', { name: 'Nautilus Jumbo' })).toBeInTheDocument();
    expect(mock.callsTo('PUT', `${BASE}models/21/`)[0]?.body).toEqual({ name: 'Nautilus Jumbo' });
  });

  it('merges a brand only after a confirmation naming how many items follow', async () => {
    const { mock, brands } = server();
    renderPage();
    await userEvent.selectOptions(await screen.findByLabelText('Brand'), 'Patek');
    await userEvent.click(screen.getByRole('button', { name: 'Merge Patek' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Patek' });
    // Nothing is sent until a brand is chosen and Merge pressed; the confirmation says what follows.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByText('Choose the brand to merge into.')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Merge into'), 'Patek Philippe');
    expect(
      within(dialog).getByText(
        'Merge "Patek" into "Patek Philippe"? 3 items follow the merge and will read "Patek Philippe"; "Patek" leaves the catalogue. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    expect(mock.callsTo('POST', `${BASE}brands/1/merge/`)).toHaveLength(0);

    // Cancel sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mock.callsTo('POST', `${BASE}brands/1/merge/`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Merge Patek' }));
    const again = await screen.findByRole('dialog', { name: 'Merge Patek' });
    await userEvent.selectOptions(within(again).getByLabelText('Merge into'), 'Patek Philippe');
    await userEvent.click(within(again).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(mock.callsTo('POST', `${BASE}brands/1/merge/`)).toHaveLength(1));
    expect(mock.callsTo('POST', `${BASE}brands/1/merge/`)[0]?.body).toEqual({ intoId: 2 });
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Brand')).queryByRole('option', { name: 'Patek' }),
      ).not.toBeInTheDocument(),
    );
    expect(brands().find((b) => b.name === 'Patek Philippe')?.itemCount).toBe(8);
  });
});
