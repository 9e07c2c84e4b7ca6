import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { CLIENT_ORDERINGS, DEFAULT_CLIENT_ORDERING, type ClientOrdering, type List } from '@loupe/contracts';
import { HttpError } from '../src/http';
import {
  rangeText,
  useListController,
  type ListController,
  type ListControllerOptions,
  type ListQuery,
} from '../src/list';
import { QueryClientProvider, queryOptions, type QueryClient } from '../src/query';
import { createTestQueryClient, LocationProbe } from '../src/testing';

type Row = { id: number };
type Filter = 'brand' | 'model';
type Ordering = '-created_at' | 'serial' | '-serial';
type Query = ListQuery<Filter | 'status', Ordering>;
type Controller = ListController<Row, Filter, Ordering, 'status'>;
const listKey = (query: Query) => ['items', 'list', query] as const;
type Options = ListControllerOptions<Row, Filter, Ordering, 'status', ReturnType<typeof listKey>>;

// The query cache hands results to React in a batch on a later macrotask, scheduled only once the answer's
// promise chain has run; a few macrotasks let that batch land inside act.
const settle = async (answer: () => void) =>
  act(async () => {
    answer();
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** A fake endpoint: every call waits until the test answers it, so each in-between state can be seen. */
function createEndpoint() {
  const calls: { query: Query; resolve(list: List<Row>): void; reject(error: unknown): void }[] = [];
  const fetchPage = (query: Query) =>
    new Promise<List<Row>>((resolve, reject) => calls.push({ query, resolve, reject }));
  const last = () => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error('no call yet');
    return call;
  };
  /** Answers the newest call with `count` rows in all, this page's share of them. */
  const answer = async (count: number) => {
    const { query, resolve } = last();
    const start = (query.page - 1) * query.page_size;
    const ids = Array.from(
      { length: Math.max(0, Math.min(query.page_size, count - start)) },
      (_, i) => start + i + 1,
    );
    await settle(() => resolve({ count, results: ids.map((id) => ({ id })) }));
  };
  const fail = async (error: unknown) => {
    await settle(() => last().reject(error));
  };
  return { calls, fetchPage, last, answer, fail };
}

type Endpoint = ReturnType<typeof createEndpoint>;

const baseOptions = (endpoint: Endpoint): Options => ({
  filters: ['brand', 'model'],
  sort: { options: ['-created_at', 'serial', '-serial'], default: '-created_at' },
  fixed: { status: 'available' },
  query: (query) => queryOptions({ queryKey: listKey(query), queryFn: () => endpoint.fetchPage(query) }),
});

function Back() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>Back</button>;
}

function Probe({ options, onState }: { options: Options; onState(c: Controller): void }) {
  const list = useListController(options);
  onState(list);
  return (
    <ul aria-label="rows" aria-busy={list.isFetching}>
      {list.data?.map((row) => (
        <li key={row.id}>row {row.id}</li>
      ))}
    </ul>
  );
}

function mount(entries: string[], options: Options, client: QueryClient = createTestQueryClient()) {
  let latest: Controller | undefined;
  const view = render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <QueryClientProvider client={client}>
        <Probe options={options} onState={(state) => (latest = state)} />
        <LocationProbe />
        <Back />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...view, client, list: () => latest as Controller };
}

const location = () => screen.getByTestId('location').textContent;
const rows = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

describe('useListController', () => {
  it('reads page, page size, filters and sort from the URL and hands the fetcher a typed query', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(
      ['/stock?page=2&page_size=25&brand=Rolex&ordering=serial&status=sold&other=x'],
      baseOptions(endpoint),
    );
    expect(endpoint.calls).toHaveLength(1);
    // Numbers for page and size, only the filters that are set, the screen's fixed status over the URL's.
    expect(endpoint.last().query).toEqual({
      page: 2,
      page_size: 25,
      brand: 'Rolex',
      status: 'available',
      ordering: 'serial',
    });
    expect(list()).toMatchObject({
      page: 2,
      pageSize: 25,
      filters: { brand: 'Rolex', model: '' },
      sort: 'serial',
      isLoading: true,
      data: undefined,
      total: undefined,
      pageCount: 1,
      range: { from: 0, to: 0 },
    });
    await endpoint.answer(60);
    expect(list()).toMatchObject({ isLoading: false, total: 60, pageCount: 3, range: { from: 26, to: 50 } });
    expect(rows()).toHaveLength(25);
  });

  it('always sends the ordering, the default when the URL has none or one the endpoint does not accept', () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock?ordering=price'], baseOptions(endpoint));
    expect(endpoint.last().query).toEqual({
      page: 1,
      page_size: 10,
      status: 'available',
      ordering: '-created_at',
    });
    expect(list().sort).toBe('-created_at');
  });

  it('sends no ordering for a list without a sort', () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/expenses?ordering=serial'], {
      ...baseOptions(endpoint),
      sort: undefined,
      fixed: undefined,
    });
    expect(endpoint.last().query).toEqual({ page: 1, page_size: 10 });
    expect(list().sort).toBeUndefined();
  });

  it('words the shown range and counts the pages, a short last page and an empty list included', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock?page=5'], baseOptions(endpoint));
    await endpoint.answer(45);
    expect(list().range).toEqual({ from: 41, to: 45 });
    expect(list().pageCount).toBe(5);
    expect(rangeText(list().range, 45)).toBe('Showing 41–45 of 45');

    act(() => list().setFilters({ brand: 'Nobody' }));
    await endpoint.answer(0);
    expect(list()).toMatchObject({ data: [], total: 0, pageCount: 1, range: { from: 0, to: 0 } });
  });

  it('a filter goes back to page 1, the sort stays; clearing removes every filter and keeps the sort', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock?page=3&brand=Rolex&ordering=-serial&other=kept'], baseOptions(endpoint));
    act(() => list().setFilters({ model: 'Daytona' }));
    expect(location()).toBe('/stock?brand=Rolex&ordering=-serial&other=kept&model=Daytona');
    expect(endpoint.last().query).toMatchObject({
      page: 1,
      brand: 'Rolex',
      model: 'Daytona',
      ordering: '-serial',
    });
    act(() => list().setPage(2));
    act(() => list().clearFilters());
    expect(location()).toBe('/stock?ordering=-serial&other=kept');
  });

  it('says whether a filter is set, and tells a refused filter (a 400) from a failed load (platform 1.2)', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock?ordering=serial'], baseOptions(endpoint));
    // The sort and the screen's fixed values are not filters the user can clear.
    expect(list()).toMatchObject({ filtered: false, filtersRefused: false, filterErrors: {} });

    act(() => list().setFilters({ model: 'Daytona' }));
    expect(list().filtered).toBe(true);
    await endpoint.fail(new HttpError(400, { model: ['Choose a model of this brand.'], detail: 'Bad filters.' }));
    expect(list()).toMatchObject({
      filtersRefused: true,
      filterErrors: { model: 'Choose a model of this brand.' },
    });
    expect((list().error as HttpError).status).toBe(400);

    act(() => list().clearFilters());
    expect(list().filtered).toBe(false);
    // The unfiltered list is the first query again, still unanswered.
    await settle(() => endpoint.calls[0]!.reject(new HttpError(500, { detail: 'Server Error' })));
    expect(list()).toMatchObject({ filtersRefused: false, filterErrors: {} });
    expect((list().error as HttpError).status).toBe(500);
  });

  it('a new sort goes back to page 1 and the default sort leaves the URL', () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock?page=4&brand=Omega'], baseOptions(endpoint));
    act(() => list().setSort('serial'));
    expect(location()).toBe('/stock?brand=Omega&ordering=serial');
    expect(list().sort).toBe('serial');
    act(() => list().setPage(2));
    act(() => list().setSort('-created_at'));
    expect(location()).toBe('/stock?brand=Omega');
  });

  it('a new page size goes back to page 1', () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock?page=4'], baseOptions(endpoint));
    act(() => list().setPageSize(50));
    expect(location()).toBe('/stock?page_size=50');
    expect(endpoint.last().query).toMatchObject({ page: 1, page_size: 50 });
  });

  it('keeps the previous page on screen, with its own range, while the next one loads', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock'], baseOptions(endpoint));
    await endpoint.answer(25);
    expect(rows()[0]).toBe('row 1');
    expect(screen.getByRole('list', { name: 'rows' })).toHaveAttribute('aria-busy', 'false');

    act(() => list().setPage(2));
    expect(location()).toBe('/stock?page=2');
    expect(rows()).toHaveLength(10);
    expect(rows()[0]).toBe('row 1');
    expect(list()).toMatchObject({ page: 2, isLoading: false, isFetching: true, range: { from: 1, to: 10 } });
    expect(screen.getByRole('list', { name: 'rows' })).toHaveAttribute('aria-busy', 'true');

    await endpoint.answer(25);
    expect(rows()[0]).toBe('row 11');
    expect(list()).toMatchObject({ isFetching: false, range: { from: 11, to: 20 }, pageCount: 3 });
  });

  it('past the end goes back to page 1 in place, showing the last rows and no error meanwhile', async () => {
    const endpoint = createEndpoint();
    const { list, client } = mount(['/start', '/stock?page=2'], baseOptions(endpoint));
    await endpoint.answer(15);
    expect(rows()).toEqual(['row 11', 'row 12', 'row 13', 'row 14', 'row 15']);

    // Rows were sold meanwhile: page 3 of an old link answers "Invalid page.".
    act(() => list().setPage(3));
    await endpoint.fail(new HttpError(404, { detail: 'Invalid page.' }));
    await waitFor(() => expect(location()).toBe('/stock'));
    expect(list()).toMatchObject({ error: null, isLoading: false, isFetching: true });
    expect(rows()).toHaveLength(5);
    await endpoint.answer(9);
    expect(list()).toMatchObject({
      page: 1,
      error: null,
      pastTheEnd: false,
      total: 9,
      range: { from: 1, to: 9 },
    });

    // The corrected URL replaced the wrong one: Back leaves the list for where the user was before.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/stock?page=2');
    expect(client.getQueryCache().findAll({ queryKey: ['items', 'list'] }).length).toBeGreaterThan(1);
  });

  it('past the end first, with nothing to show yet, is loading rather than an error', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock?page=9'], baseOptions(endpoint));
    await endpoint.fail(new HttpError(404, { detail: 'Invalid page.' }));
    await waitFor(() => expect(location()).toBe('/stock'));
    expect(list()).toMatchObject({ isLoading: true, error: null, data: undefined });
    await endpoint.answer(3);
    expect(rows()).toEqual(['row 1', 'row 2', 'row 3']);
  });

  it('can report a page past the end instead, for a screen that offers the way back itself', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/expenselist?page=4'], { ...baseOptions(endpoint), pastTheEnd: 'report' });
    await endpoint.fail(new HttpError(404, { detail: 'Invalid page.' }));
    expect(location()).toBe('/expenselist?page=4');
    expect(list().pastTheEnd).toBe(true);
    expect(list().isLoading).toBe(false);
    expect(list().error).toBeInstanceOf(HttpError);
    act(() => list().setPage(1));
    await endpoint.answer(2);
    expect(list()).toMatchObject({ pastTheEnd: false, error: null, total: 2 });
  });

  it('a 404 on page 1 is an error like any other', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock'], baseOptions(endpoint));
    await endpoint.fail(new HttpError(404, { detail: 'Not found.' }));
    expect(list()).toMatchObject({ pastTheEnd: false, isLoading: false });
    expect(list().error).toBeInstanceOf(HttpError);
    expect(location()).toBe('/stock');
  });

  it('reports a failure and retry asks again for the same page', async () => {
    const endpoint = createEndpoint();
    const { list } = mount(['/stock?page=2'], baseOptions(endpoint));
    await endpoint.fail(new HttpError(500, { detail: 'Server Error' }));
    expect(list()).toMatchObject({ isLoading: false, data: undefined });
    expect((list().error as HttpError).status).toBe(500);

    act(() => list().retry());
    await waitFor(() => expect(endpoint.calls).toHaveLength(2));
    expect(endpoint.last().query).toMatchObject({ page: 2 });
    await endpoint.answer(30);
    expect(list()).toMatchObject({ error: null, total: 30, range: { from: 11, to: 20 } });
  });

  it('takes its types from the options as a list page writes them, contracts constants included', async () => {
    const asked: unknown[] = [];
    function ClientsLike() {
      const list = useListController({
        filters: ['search', 'balance'],
        sort: { options: CLIENT_ORDERINGS, default: DEFAULT_CLIENT_ORDERING },
        query: (query) =>
          queryOptions({
            queryKey: ['clients', 'list', query],
            queryFn: async () => {
              asked.push(query);
              return { count: 1, results: [{ name: `${query.search ?? ''} by ${query.ordering}` }] };
            },
          }),
      });
      const ordering: ClientOrdering = list.sort;
      return <p>{list.data?.map((client) => `${client.name} (${ordering})`).join()}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/clients?search=Ann&ordering=-balance']}>
        <QueryClientProvider client={createTestQueryClient()}>
          <ClientsLike />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Ann by -balance (-balance)')).toBeInTheDocument();
    expect(asked).toEqual([{ page: 1, page_size: 10, search: 'Ann', ordering: '-balance' }]);
  });

  it('shows the cached rows at once when the list is visited again', async () => {
    const endpoint = createEndpoint();
    const first = mount(['/stock?brand=Rolex'], baseOptions(endpoint));
    await endpoint.answer(3);
    first.unmount();

    const again = mount(['/stock?brand=Rolex'], baseOptions(endpoint), first.client);
    expect(rows()).toEqual(['row 1', 'row 2', 'row 3']);
    expect(again.list()).toMatchObject({ isLoading: false, total: 3 });
  });
});
