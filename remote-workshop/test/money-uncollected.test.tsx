import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { JobListPage } from '../src/features/jobs/components/job-list-page';
import { UncollectedPage } from '../src/features/money/components/uncollected-page';
import type { UncollectedRow } from '../src/features/money/api/uncollected';

// Issue 23 item 5: the pieces left uncollected, the reminders after 30 days, and the notice of intention to sell
// (Torts (Interference with Goods) Act 1977) with its dates and PDF.

const row = (overrides: Partial<UncollectedRow> = {}): UncollectedRow => ({
  jobId: 5,
  reference: 'JOB-000005',
  clientId: 7,
  clientName: 'Ada Lovelace',
  goods: 'Rolex Submariner 126610LN',
  readySince: '2026-10-01',
  daysReady: 57,
  balanceGbp: 250,
  remindedOn: '2026-11-01',
  reminderDelivery: 'mailed',
  noticeOn: '2026-11-10',
  saleAfter: '2027-02-10',
  ...overrides,
});

const waiting = row({
  jobId: 6,
  reference: 'JOB-000006',
  clientName: 'Alan Turing',
  goods: 'Omega Speedmaster',
  readySince: '2026-10-20',
  daysReady: 38,
  remindedOn: null,
  reminderDelivery: null,
  noticeOn: null,
  saleAfter: null,
});

const fresh = row({
  jobId: 8,
  reference: 'JOB-000008',
  clientName: 'Grace Hopper',
  goods: 'Cartier Tank',
  readySince: '2026-11-20',
  daysReady: 7,
  balanceGbp: 0,
  remindedOn: null,
  reminderDelivery: null,
  noticeOn: null,
  saleAfter: null,
});

let mock: FetchMock;
let rows: UncollectedRow[];

beforeEach(() => {
  rows = [row(), waiting, fresh];
  mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/workshop/uncollected/': (call) => {
      const due = new URL(call.url, 'http://x').searchParams.get('due') === 'true';
      const shown = due ? rows.filter((r) => r.daysReady >= 30 && r.remindedOn === null) : rows;
      return { body: { results: shown, count: shown.length } };
    },
  });
  globalThis.fetch = mock.fetch;
});

const show = (route = '/workshop/uncollected') =>
  renderWithProviders(<UncollectedPage />, { route, path: '/workshop/uncollected' });

const rowOf = (table: HTMLElement, reference: string) =>
  within(table).getByRole('rowheader', { name: reference }).closest('tr') as HTMLElement;

const cellOf = (table: HTMLElement, reference: string, header: string) => {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const cells = rowOf(table, reference).querySelectorAll('th, td');
  return cells[headers.indexOf(header)] as HTMLElement;
};

it('lists the pieces ready for collection with the day each was ready, reminded and given notice', async () => {
  show();
  expect(await screen.findByRole('heading', { level: 1, name: 'Uncollected pieces' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Uncollected pieces' });
  expect(cellOf(table, 'JOB-000005', 'Ready since')).toHaveTextContent('1 Oct 202657 days');
  expect(cellOf(table, 'JOB-000005', 'Owed')).toHaveTextContent('£250.00');
  expect(cellOf(table, 'JOB-000005', 'Reminded on')).toHaveTextContent('1 Nov 2026E-mailed');
  expect(cellOf(table, 'JOB-000005', 'Notice given on')).toHaveTextContent('10 Nov 2026');
  expect(cellOf(table, 'JOB-000005', 'Earliest sale date')).toHaveTextContent('10 Feb 2027');
  expect(
    within(rowOf(table, 'JOB-000005')).getByRole('link', { name: /Notice PDF for JOB-000005/ }),
  ).toHaveAttribute('href', '/api/api/workshop/jobs/5/uncollected-notice/pdf/');
  expect(within(rowOf(table, 'JOB-000005')).getByRole('link', { name: 'JOB-000005' })).toHaveAttribute(
    'href',
    '/workshop/jobs/5',
  );

  expect(cellOf(table, 'JOB-000006', 'Reminded on')).toHaveTextContent('Due');
  expect(cellOf(table, 'JOB-000006', 'Earliest sale date')).toHaveTextContent('—');
  expect(cellOf(table, 'JOB-000008', 'Reminded on')).toHaveTextContent('Not yet due');
  expect(
    within(rowOf(table, 'JOB-000006')).getByRole('button', { name: 'Give notice for JOB-000006' }),
  ).toBeInTheDocument();
  expect(within(rowOf(table, 'JOB-000005')).queryByRole('button', { name: /Give notice/ })).toBeNull();
});

it('shows only the pieces owed a reminder when asked, keeping it in the address', async () => {
  const user = userEvent.setup();
  show();
  await screen.findByRole('table', { name: 'Uncollected pieces' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Only those owed a reminder');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('due=true'));
  const table = screen.getByRole('table', { name: 'Uncollected pieces' });
  await waitFor(() => expect(within(table).queryByRole('rowheader', { name: 'JOB-000005' })).toBeNull());
  expect(within(table).getByRole('rowheader', { name: 'JOB-000006' })).toBeInTheDocument();
  expect(within(table).queryByRole('rowheader', { name: 'JOB-000008' })).toBeNull();
  const last = mock.callsTo('GET', '/api/workshop/uncollected/').at(-1);
  expect(new URL(last?.url ?? '', 'http://x').searchParams.get('due')).toBe('true');
});

it('sends the reminders due and says how many were e-mailed and how many are to post', async () => {
  const user = userEvent.setup();
  mock.on('POST /api/workshop/uncollected/reminders/', () => {
    const reminded = [
      { ...waiting, remindedOn: '2026-11-27', reminderDelivery: 'mailed' as const },
      {
        ...waiting,
        jobId: 9,
        reference: 'JOB-000009',
        remindedOn: '2026-11-27',
        reminderDelivery: 'recorded' as const,
      },
    ];
    rows = [row(), reminded[0] as UncollectedRow, fresh];
    return { body: { reminded } };
  });
  show();
  const table = await screen.findByRole('table', { name: 'Uncollected pieces' });
  const before = mock.callsTo('GET', '/api/workshop/uncollected/').length;
  await user.click(screen.getByRole('button', { name: 'Send reminders' }));
  expect(await screen.findByText(/reminders sent/)).toHaveTextContent(
    '2 reminders sent: 1 e-mailed, 1 recorded to post (no e-mail address).',
  );
  // The list is asked again and shows the reminder's day.
  await waitFor(() =>
    expect(cellOf(table, 'JOB-000006', 'Reminded on')).toHaveTextContent('27 Nov 2026E-mailed'),
  );
  expect(mock.callsTo('GET', '/api/workshop/uncollected/').length).toBeGreaterThan(before);
  expect(mock.callsTo('POST', '/api/workshop/uncollected/reminders/')).toHaveLength(1);

  mock.on('POST /api/workshop/uncollected/reminders/', { body: { reminded: [] } });
  await user.click(screen.getByRole('button', { name: 'Send reminders' }));
  expect(await screen.findByText(/No reminders were due/)).toHaveTextContent(
    'No reminders were due: every piece ready 30 days or more has had one.',
  );
}, 20_000);

it('gives notice of intention to sell: the service’s refusal of a too-early date at the field, then the notice and its PDF', async () => {
  const user = userEvent.setup();
  show();
  const table = await screen.findByRole('table', { name: 'Uncollected pieces' });
  await user.click(
    within(rowOf(table, 'JOB-000006')).getByRole('button', { name: 'Give notice for JOB-000006' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Notice of intention to sell JOB-000006' });
  expect(dialog).toHaveTextContent('£250.00 owed');

  const tooSoon =
    'The notice must give the client at least three months while money is owed: the earliest sale date is 2027-02-27.';
  mock.on('POST /api/workshop/jobs/6/uncollected-notice/', { status: 400, body: { saleAfter: [tooSoon] } });
  const date = within(dialog).getByLabelText('Sell on or after');
  await user.type(date, '2026-12-27');
  await user.click(within(dialog).getByRole('button', { name: 'Give notice' }));
  await waitFor(() => expect(date).toHaveAccessibleDescription(expect.stringContaining(tooSoon)));
  expect(date).toHaveAttribute('aria-invalid', 'true');
  expect(mock.callsTo('POST', '/api/workshop/jobs/6/uncollected-notice/')[0]?.body).toEqual({
    saleAfter: '2026-12-27',
  });

  mock.on('POST /api/workshop/jobs/6/uncollected-notice/', () => {
    rows = [row(), { ...waiting, noticeOn: '2026-11-27', saleAfter: '2027-02-27' }, fresh];
    return {
      status: 201,
      body: {
        jobId: 6,
        reference: 'JOB-000006',
        issuedOn: '2026-11-27',
        saleAfter: '2027-02-27',
        clientName: 'Alan Turing',
        goods: 'Omega Speedmaster',
        amountOwedGbp: 250,
        heldBy: 'Loupe Jewellers',
        heldAt: ['1 Hatton Garden', 'London'],
      },
    };
  });
  await user.clear(date);
  await user.click(within(dialog).getByRole('button', { name: 'Give notice' }));
  const status = (await screen.findByText(/Notice given for/)).closest('[role="status"]') as HTMLElement;
  await waitFor(() =>
    expect(status).toHaveTextContent(
      'Notice given for JOB-000006 on 27 Nov 2026: the piece may be sold on or after 27 Feb 2027.',
    ),
  );
  expect(within(status).getByRole('link', { name: /Notice PDF for JOB-000006/ })).toHaveAttribute(
    'href',
    '/api/api/workshop/jobs/6/uncollected-notice/pdf/',
  );
  expect(mock.callsTo('POST', '/api/workshop/jobs/6/uncollected-notice/')[1]?.body).toEqual({});
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() =>
    expect(cellOf(table, 'JOB-000006', 'Earliest sale date')).toHaveTextContent('27 Feb 2027'),
  );
}, 20_000);

it('says why the service refused a notice for a piece no longer waiting', async () => {
  const user = userEvent.setup();
  mock.on('POST /api/workshop/jobs/6/uncollected-notice/', {
    status: 409,
    body: { detail: 'Only a job ready for collection can be given a notice of intention to sell.' },
  });
  show();
  const table = await screen.findByRole('table', { name: 'Uncollected pieces' });
  await user.click(
    within(rowOf(table, 'JOB-000006')).getByRole('button', { name: 'Give notice for JOB-000006' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Notice of intention to sell JOB-000006' });
  await user.click(within(dialog).getByRole('button', { name: 'Give notice' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Only a job ready for collection can be given a notice of intention to sell.',
  );
}, 20_000);

it('is reached from the jobs list’s header', async () => {
  mock.on('GET /api/workshop/jobs/', { body: { results: [], count: 0 } });
  renderWithProviders(<JobListPage />, { route: '/workshop/list' });
  expect(await screen.findByRole('link', { name: 'Uncollected pieces' })).toHaveAttribute(
    'href',
    '/workshop/uncollected',
  );
});
