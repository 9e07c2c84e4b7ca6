import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { JobListPage } from '../src/features/jobs/components/job-list-page';
import { makeJob } from './support/jobs';

let mock: FetchMock;

beforeEach(() => {
  mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/workshop/jobs/': (call) => {
      const query = new URL(call.url, 'http://x').searchParams;
      const all = [
        makeJob({ id: 1, rush: true }),
        makeJob({
          id: 2,
          stage: 'in_workshop',
          location: 'sent_out',
          supplierId: 9,
          supplierName: 'Rolex Service Centre',
          supplierReference: 'RSC-881',
          overdue: true,
          clientName: 'Alan Turing',
        }),
      ];
      const rows = all.filter(
        (job) =>
          (!query.get('stage') || query.get('stage') === job.stage) &&
          (!query.get('rush') || String(job.rush) === query.get('rush')) &&
          (!query.get('q') || job.clientName.includes(query.get('q') ?? '')),
      );
      // Two pages of ten when nothing is filtered: the list is paged by the service's count.
      return {
        body: {
          results: rows,
          count: query.toString().includes('stage') || query.get('q') ? rows.length : 12,
        },
      };
    },
  });
  globalThis.fetch = mock.fetch;
});

const lastQuery = () =>
  new URL(mock.callsTo('GET', '/api/workshop/jobs/').at(-1)?.url ?? '', 'http://x').searchParams;

it('lists the jobs in a table with their stage, where a sent-out piece is, badges and promised date', async () => {
  renderWithProviders(<JobListPage />, { route: '/workshop/list' });
  const table = await screen.findByRole('table', { name: 'Workshop jobs' });
  const sent = within(table)
    .getByRole('rowheader', { name: /JOB-000002/ })
    .closest('tr') as HTMLElement;
  expect(within(sent).getByText('Sent out to Rolex Service Centre (ref. RSC-881)')).toBeInTheDocument();
  expect(within(sent).getByText('Overdue')).toBeInTheDocument();
  expect(within(sent).getByRole('link', { name: 'JOB-000002' })).toHaveAttribute('href', '/workshop/jobs/2');
  const first = within(table)
    .getByRole('rowheader', { name: /JOB-000001/ })
    .closest('tr') as HTMLElement;
  expect(within(first).getByText('Rush')).toBeInTheDocument();
  expect(within(first).getByText('Received')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Jobs pages' })).toBeInTheDocument();
});

it('keeps the stage, rush and search filters in the address and asks the service for them', async () => {
  const user = userEvent.setup();
  renderWithProviders(<JobListPage />, { route: '/workshop/list' });
  await screen.findByRole('table', { name: 'Workshop jobs' });

  await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'In the workshop');
  expect(screen.getByTestId('location')).toHaveTextContent('/workshop/list?stage=in_workshop');
  expect(await screen.findByRole('rowheader', { name: /JOB-000002/ })).toBeInTheDocument();
  expect(screen.queryByRole('rowheader', { name: /JOB-000001/ })).not.toBeInTheDocument();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'Any stage');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Rush' }), 'Rush only');
  await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'Ada{Enter}');
  expect(lastQuery().get('rush')).toBe('true');
  expect(lastQuery().get('q')).toBe('Ada');
  expect(screen.getByTestId('location')).toHaveTextContent('rush=true');

  await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/workshop\/list$/);
  expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('');
});

it('opens filtered from a shared address and says when nothing matches', async () => {
  renderWithProviders(<JobListPage />, { route: '/workshop/list?stage=declined&overdue=true' });
  expect(await screen.findByText('No jobs match these filters.')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('declined');
  expect(screen.getByRole('combobox', { name: 'Overdue' })).toHaveValue('true');
  expect(lastQuery().get('overdue')).toBe('true');
});

it('filters by the supplier a piece is sent out to, named in the picker from the address', async () => {
  const user = userEvent.setup();
  mock.on('GET /api/clients/9/', { body: { id: 9, name: 'Rolex Service Centre' } });
  renderWithProviders(<JobListPage />, { route: '/workshop/list?supplier=9' });
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Rolex Service Centre'),
  );
  expect(lastQuery().get('supplier')).toBe('9');
  await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/workshop\/list$/);
  expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveValue('');
});
