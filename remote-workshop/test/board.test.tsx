import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORKSHOP_NOT_READY } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { BoardPage } from '../src/features/jobs/components/board-page';
import type { JobRow } from '../src/features/jobs/api/jobs';
import { jobPage, makeJob, makeJobDetail } from './support/jobs';

let mock: FetchMock;

/** The board's two questions: open jobs, and the latest closed ones. */
function serve(jobs: JobRow[]) {
  mock.on('GET /api/workshop/jobs/', (call) => {
    const stages = new URL(call.url, 'http://x').searchParams.get('stage')?.split(',') ?? [];
    return { body: jobPage(jobs.filter((job) => stages.includes(job.stage))) };
  });
}

beforeEach(() => {
  mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('silver') } });
  globalThis.fetch = mock.fetch;
});

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name} \\d`) });

it('shows a column per stage, each card with its number, client, piece, promised date, badges and days in stage', async () => {
  serve([
    makeJob({ id: 1, rush: true, overdue: true, daysInStage: 4 }),
    makeJob({
      id: 2,
      stage: 'ready',
      clientName: 'Alan Turing',
      brand: 'Omega',
      model: 'Speedmaster',
      daysInStage: 1,
    }),
    makeJob({ id: 3, stage: 'collected', daysInStage: 0 }),
  ]);
  renderWithProviders(<BoardPage />, { route: '/workshop' });

  const received = await screen.findByRole('region', { name: /^Received 1 job/ });
  const card = within(received).getByRole('article', { name: 'JOB-000001' });
  expect(within(card).getByRole('link', { name: 'JOB-000001' })).toHaveAttribute('href', '/workshop/jobs/1');
  for (const text of ['Ada Lovelace', 'Rolex Submariner', 'Rush', 'Overdue', '4 days in stage'])
    expect(within(card).getByText(text)).toBeInTheDocument();
  expect(within(card).getByText(/^Promised /)).toBeInTheDocument();

  const ready = within(column('Ready for collection')).getByRole('article', { name: 'JOB-000002' });
  expect(within(ready).getByText('Omega Speedmaster')).toBeInTheDocument();
  expect(within(ready).queryByText('Rush')).not.toBeInTheDocument();
  expect(within(column('Collected')).getByText('Moved here today')).toBeInTheDocument();
  // Every stage is a column, in the contracts' order, on a board that scrolls in its own region.
  const board = screen.getByRole('region', { name: 'Workshop board' });
  expect(
    within(board)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent?.replace(/\d.*$/, '')),
  ).toEqual([
    'Received',
    'Assessing',
    'Estimate sent',
    'Approved',
    'Declined',
    'In the workshop',
    'Quality check',
    'Ready for collection',
    'Collected',
    'Returned unrepaired',
  ]);
});

it('moves a card by keyboard through its "Move to…" menu, offering only the stages the rule allows, and says so', async () => {
  const user = userEvent.setup();
  serve([makeJob({ id: 1 })]);
  mock.on('POST /api/workshop/jobs/1/stage/', (call) => {
    serve([makeJob({ id: 1, stage: 'assessing', daysInStage: 0 })]);
    return { body: makeJobDetail({ id: 1, stage: (call.body as { to: JobRow['stage'] }).to }) };
  });
  renderWithProviders(<BoardPage />, { route: '/workshop' });

  (await screen.findByRole('button', { name: 'Move to… JOB-000001' })).focus();
  await user.keyboard('{Enter}');
  // An estimate is required: no work before the client approves it, so the workshop is not offered.
  expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
    'Assessing',
    'Returned unrepaired',
  ]);
  expect(screen.getByRole('menuitem', { name: 'Assessing' })).toHaveFocus();
  await user.keyboard('{Enter}');

  expect(await screen.findByText('JOB-000001 moved to Assessing.')).toHaveAttribute('role', 'status');
  expect(mock.callsTo('POST', '/api/workshop/jobs/1/stage/')[0]?.body).toEqual({ to: 'assessing' });
  expect(await within(column('Assessing')).findByRole('article', { name: 'JOB-000001' })).toBeInTheDocument();
});

it('shows the service’s refusal (409) when it will not move the job', async () => {
  const user = userEvent.setup();
  serve([makeJob({ id: 1, stage: 'ready' })]);
  mock.on('POST /api/workshop/jobs/1/stage/', {
    status: 409,
    body: { detail: 'This job is closed (Collected): it cannot move any more.' },
  });
  renderWithProviders(<BoardPage />, { route: '/workshop' });

  await user.click(await screen.findByRole('button', { name: 'Move to… JOB-000001' }));
  await user.click(screen.getByRole('menuitem', { name: 'Collected' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'JOB-000001 was not moved: This job is closed (Collected): it cannot move any more.',
  );
  expect(
    within(column('Ready for collection')).getByRole('article', { name: 'JOB-000001' }),
  ).toBeInTheDocument();
});

it('asks where the work is done before a job goes into the workshop', async () => {
  const user = userEvent.setup();
  serve([makeJob({ id: 4, stage: 'approved', estimateLines: 2 })]);
  mock.on('POST /api/workshop/jobs/4/stage/', {
    body: makeJobDetail({ id: 4, stage: 'in_workshop', location: 'in_house' }),
  });
  renderWithProviders(<BoardPage />, { route: '/workshop' });

  await user.click(await screen.findByRole('button', { name: 'Move to… JOB-000004' }));
  await user.click(screen.getByRole('menuitem', { name: 'In the workshop' }));
  const dialog = await screen.findByRole('dialog', { name: 'Move JOB-000004 to In the workshop' });

  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(
    await within(dialog).findByText('Say where the work is done: in house or sent out to a supplier.'),
  ).toBeInTheDocument();
  expect(mock.callsTo('POST', '/api/workshop/jobs/4/stage/')).toHaveLength(0);

  await user.selectOptions(
    within(dialog).getByRole('combobox', { name: /Where is the work done/ }),
    'Sent out',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(await within(dialog).findByText('Name the supplier the piece is sent out to.')).toBeInTheDocument();

  await user.selectOptions(
    within(dialog).getByRole('combobox', { name: /Where is the work done/ }),
    'In house',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(mock.callsTo('POST', '/api/workshop/jobs/4/stage/')[0]?.body).toEqual({
    to: 'in_workshop',
    location: 'in_house',
  });
  expect(screen.getByText('JOB-000004 moved to In the workshop.')).toHaveAttribute('role', 'status');
});

it('moves a card dragged onto a column the rule allows, and says why where it does not', async () => {
  serve([makeJob({ id: 1 })]);
  mock.on('POST /api/workshop/jobs/1/stage/', { body: makeJobDetail({ id: 1, stage: 'assessing' }) });
  renderWithProviders(<BoardPage />, { route: '/workshop' });
  const card = await screen.findByRole('article', { name: 'JOB-000001' });
  const dataTransfer = { setData: jest.fn(), effectAllowed: '', dropEffect: '' };

  fireEvent.dragStart(card, { dataTransfer });
  fireEvent.dragOver(column('Collected'), { dataTransfer });
  fireEvent.drop(column('Collected'), { dataTransfer });
  // Refused by the contracts' rule before anything is sent, and said in its words.
  expect(await screen.findByRole('alert')).toHaveTextContent(
    `JOB-000001 was not moved: ${WORKSHOP_NOT_READY}`,
  );
  expect(mock.callsTo('POST', '/api/workshop/jobs/1/stage/')).toHaveLength(0);

  fireEvent.dragStart(card, { dataTransfer });
  fireEvent.dragOver(column('Assessing'), { dataTransfer });
  fireEvent.drop(column('Assessing'), { dataTransfer });
  expect(await screen.findByText('JOB-000001 moved to Assessing.')).toHaveAttribute('role', 'status');
  expect(mock.callsTo('POST', '/api/workshop/jobs/1/stage/')[0]?.body).toEqual({ to: 'assessing' });
});
