import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { WORKSHOP_ESTIMATE_LOCKED } from '@loupe/contracts';
import { JobPage } from '../src/features/jobs/components/job-page';
import type { Job } from '../src/features/jobs/api/jobs';
import { installFakeXhr } from '@loupe/platform/testing';
import { makeJobDetail } from './support/jobs';

let mock: FetchMock;

beforeEach(() => {
  mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('silver') } });
  globalThis.fetch = mock.fetch;
});

const money = (overrides: Record<string, unknown> = {}) => ({
  jobId: 3,
  kind: 'client',
  linesGbp: 0,
  dealId: null,
  dealReference: null,
  dealStatus: null,
  paidGbp: 0,
  balanceGbp: 0,
  invoice: null,
  repairCostGbp: null,
  ...overrides,
});

function show(job: Job) {
  mock.on(`GET /api/workshop/jobs/${job.id}/`, { body: job });
  mock.on(`GET /api/workshop/jobs/${job.id}/money/`, { body: money({ jobId: job.id }) });
  return renderWithProviders(<JobPage />, { route: `/workshop/jobs/${job.id}`, path: '/workshop/jobs/:id' });
}

const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert')?.textContent;

it('shows the job: its stage and days there, the piece, its papers and the stage history with who and when', async () => {
  show(
    makeJobDetail({
      id: 3,
      stage: 'in_workshop',
      location: 'sent_out',
      supplierName: 'Rolex Service Centre',
      supplierReference: 'RSC-881',
      daysInStage: 6,
      rush: true,
      estimateLines: 1,
      estimate: {
        lines: [
          {
            id: 1,
            kind: 'labour',
            description: 'Full service',
            amountGbp: 350,
            vatGbp: 58.33,
            netGbp: 291.67,
          },
        ],
        labourGbp: 350,
        partsGbp: 0,
        netGbp: 291.67,
        vatGbp: 58.33,
        totalGbp: 350,
      },
      events: [
        {
          id: 1,
          from: null,
          to: 'received',
          location: null,
          supplierName: null,
          note: '',
          by: 'Sil Ver',
          at: '2026-11-20T10:00:00.000Z',
        },
        {
          id: 2,
          from: 'approved',
          to: 'in_workshop',
          location: 'sent_out',
          supplierName: 'Rolex Service Centre',
          note: 'Courier 1234',
          by: 'Gil Gold',
          at: '2026-11-21T10:00:00.000Z',
        },
      ],
    }),
  );
  expect(await screen.findByRole('heading', { level: 1, name: /Job JOB-000003/ })).toHaveTextContent('Rush');
  expect(document.title).toBe('Job JOB-000003 · Loupe');
  expect(
    screen.getByText('6 days in stage · Sent out to Rolex Service Centre (ref. RSC-881)'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/clients/edit/7');
  expect(screen.getByText('Loses five minutes a day')).toBeInTheDocument();

  const papers = screen.getByRole('region', { name: 'Papers' });
  expect(within(papers).getByRole('link', { name: /Intake receipt/ })).toHaveAttribute(
    'href',
    '/api/api/workshop/jobs/3/receipt/pdf/',
  );
  expect(within(papers).getByRole('link', { name: /Estimate/ })).toHaveAttribute(
    'href',
    '/api/api/workshop/jobs/3/estimate/pdf/',
  );
  expect(within(papers).getByRole('link', { name: /Bag label/ })).toHaveAttribute(
    'href',
    '/api/api/workshop/jobs/3/label/pdf/',
  );

  const history = screen.getByRole('table', { name: 'Stage history' });
  const moved = within(history)
    .getByRole('rowheader', { name: 'Approved → In the workshop' })
    .closest('tr') as HTMLElement;
  expect(within(moved).getByText('Gil Gold')).toBeInTheDocument();
  expect(within(moved).getByText('Courier 1234')).toBeInTheDocument();
  expect(within(moved).getByText('Sent out to Rolex Service Centre')).toBeInTheDocument();

  // The estimate was sent: it is shown as saved, with the VAT within it, and the reason it cannot change.
  const estimate = screen.getByRole('region', { name: 'Estimate' });
  expect(within(estimate).getByText(WORKSHOP_ESTIMATE_LOCKED)).toBeInTheDocument();
  expect(
    within(within(estimate).getByRole('group', { name: 'Estimate totals' })).getByText('£58.33'),
  ).toBeInTheDocument();
  // Only the moves the rule allows: back in house or to another supplier, or on to the quality check.
  expect(
    within(screen.getByRole('group', { name: 'Move the job' }))
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Change location', 'Move to Quality check']);
});

it('moves the job with a note for its history, and shows the service’s refusal in the dialog', async () => {
  const user = userEvent.setup();
  show(makeJobDetail({ id: 3 }));
  mock.on('POST /api/workshop/jobs/3/stage/', {
    status: 409,
    body: { detail: 'A job cannot move from "Assessing" to "Assessing".' },
  });
  await user.click(await screen.findByRole('button', { name: 'Move to Assessing' }));
  const dialog = screen.getByRole('dialog', { name: 'Move JOB-000003 to Assessing' });
  await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Opened the case back');
  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(
    await within(dialog).findByText('A job cannot move from "Assessing" to "Assessing".'),
  ).toBeInTheDocument();

  mock.on('POST /api/workshop/jobs/3/stage/', {
    body: makeJobDetail({ id: 3, stage: 'assessing', daysInStage: 0 }),
  });
  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(await screen.findByText('Moved to Assessing.')).toBeInTheDocument();
  expect(mock.callsTo('POST', '/api/workshop/jobs/3/stage/').at(-1)?.body).toEqual({
    to: 'assessing',
    note: 'Opened the case back',
  });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Assessing' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
});

it('edits the estimate while the job is being assessed: labour and parts lines, the typed total, the service’s refusal at its line', async () => {
  const user = userEvent.setup();
  show(makeJobDetail({ id: 3, stage: 'assessing' }));
  const estimate = await screen.findByRole('form', { name: 'Estimate' });
  await user.type(within(estimate).getByRole('textbox', { name: 'Description' }), 'Full service');
  await user.type(within(estimate).getByRole('textbox', { name: /Price/ }), '350');
  await user.click(within(estimate).getByRole('button', { name: 'Add line' }));
  const second = within(estimate).getByRole('listitem', { name: 'Line 2' });
  expect(within(second).getByRole('textbox', { name: 'Description' })).toHaveFocus();
  expect(within(second).getByRole('combobox', { name: 'Kind' })).toHaveValue('parts');
  await user.type(within(second).getByRole('textbox', { name: 'Description' }), 'Crystal');
  await user.type(within(second).getByRole('textbox', { name: /Price/ }), '120.50');
  expect(within(estimate).getByRole('group', { name: 'Estimate as typed' })).toHaveTextContent('£470.50');

  mock.on('PUT /api/workshop/jobs/3/estimate/', {
    status: 400,
    body: { 'lines[1].amount': ['Ensure this value is greater than zero.'] },
  });
  await user.click(within(estimate).getByRole('button', { name: 'Save estimate' }));
  await waitFor(() =>
    expect(errorOf(within(second).getByRole('textbox', { name: /Price/ }))).toBe(
      'Ensure this value is greater than zero.',
    ),
  );
  expect(mock.callsTo('PUT', '/api/workshop/jobs/3/estimate/')[0]?.body).toEqual({
    lines: [
      { kind: 'labour', description: 'Full service', amount: '350' },
      { kind: 'parts', description: 'Crystal', amount: '120.50' },
    ],
    depositRequested: null,
  });

  mock.on('PUT /api/workshop/jobs/3/estimate/', {
    body: makeJobDetail({
      id: 3,
      stage: 'assessing',
      estimateLines: 2,
      estimate: {
        lines: [
          {
            id: 1,
            kind: 'labour',
            description: 'Full service',
            amountGbp: 350,
            vatGbp: 58.33,
            netGbp: 291.67,
          },
          { id: 2, kind: 'parts', description: 'Crystal', amountGbp: 120.5, vatGbp: 20.08, netGbp: 100.42 },
        ],
        labourGbp: 350,
        partsGbp: 120.5,
        netGbp: 392.09,
        vatGbp: 78.41,
        totalGbp: 470.5,
      },
    }),
  });
  await user.click(within(estimate).getByRole('button', { name: 'Save estimate' }));
  expect(await within(estimate).findByText('Estimate saved.')).toBeInTheDocument();
  expect(
    within(within(estimate).getByRole('group', { name: 'Estimate totals' })).getByText('£78.41'),
  ).toBeInTheDocument();
  // With lines, the estimate can be printed.
  expect(
    within(screen.getByRole('region', { name: 'Papers' })).getByRole('link', { name: /Estimate/ }),
  ).toBeInTheDocument();
}, 20_000);

it('says so when the job is not in this shop', async () => {
  mock.on('GET /api/workshop/jobs/99/', { status: 404, body: { detail: 'Not found.' } });
  renderWithProviders(<JobPage />, { route: '/workshop/jobs/99', path: '/workshop/jobs/:id' });
  expect(await screen.findByText(/No such job in this shop/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Job' })).toBeInTheDocument();
});

it('says not found at once for an address whose id is not a number, asking the service nothing', async () => {
  renderWithProviders(<JobPage />, { route: '/workshop/jobs/abc', path: '/workshop/jobs/:id' });
  expect(await screen.findByText(/No such job in this shop/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the board' })).toHaveAttribute('href', '/workshop');
  expect(screen.queryByText('Loading the job...')).not.toBeInTheDocument();
  expect(mock.calls.filter((call) => call.path.startsWith('/api/workshop/'))).toEqual([]);
});

it('changes the promised date and the rush flag of an open job', async () => {
  const user = userEvent.setup();
  show(makeJobDetail({ id: 3, promisedDate: '2026-12-18' }));
  const promise = await screen.findByRole('form', { name: 'Promised date and rush' });
  expect(within(promise).getByLabelText('Promised date')).toHaveValue('2026-12-18');
  mock.on('PUT /api/workshop/jobs/3/', {
    status: 400,
    body: { promisedDate: ['The promised date cannot be before the day the piece was received.'] },
  });
  await user.clear(within(promise).getByLabelText('Promised date'));
  await user.type(within(promise).getByLabelText('Promised date'), '2026-11-01');
  await user.click(within(promise).getByRole('checkbox', { name: 'Rush' }));
  await user.click(within(promise).getByRole('button', { name: 'Save date' }));
  await waitFor(() =>
    expect(errorOf(within(promise).getByLabelText('Promised date'))).toBe(
      'The promised date cannot be before the day the piece was received.',
    ),
  );
  expect(mock.callsTo('PUT', '/api/workshop/jobs/3/')[0]?.body).toEqual({
    promisedDate: '2026-11-01',
    rush: true,
  });

  mock.on('PUT /api/workshop/jobs/3/', {
    body: makeJobDetail({ id: 3, promisedDate: '2026-12-24', rush: true }),
  });
  await user.clear(within(promise).getByLabelText('Promised date'));
  await user.type(within(promise).getByLabelText('Promised date'), '2026-12-24');
  await user.click(within(promise).getByRole('button', { name: 'Save date' }));
  expect(await within(promise).findByText('Promised date and rush saved.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Rush');
}, 20_000);

it('collects a ready job with its last payment through the sales workflow, the AML guard’s refusal shown first', async () => {
  const user = userEvent.setup();
  show(makeJobDetail({ id: 3, stage: 'ready' }));
  mock.on('GET /api/workshop/jobs/3/money/', {
    body: money({ linesGbp: 350, paidGbp: 100, balanceGbp: 250, dealId: 12, dealReference: 'DEAL-0012' }),
  });
  const form = await screen.findByRole('form', { name: 'Collect' });
  expect(screen.getByRole('link', { name: 'DEAL-0012' })).toHaveAttribute('href', '/deals/12');
  expect(within(form).getByRole('textbox', { name: /Amount/ })).toHaveValue('250.00');

  mock.on('POST /api/workshop/jobs/3/collect/', {
    status: 409,
    body: {
      detail: 'Cash of EUR 10,000 or more needs the client’s verified identity.',
      rule: 'aml_cash_threshold',
      missing: [],
      amountEur: 11_800,
      linkedTotalEur: 11_800,
    },
  });
  await user.click(within(form).getByRole('button', { name: 'Collect and invoice' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(
    'Cash payment refused (anti-money-laundering rule). Cash of EUR 10,000 or more',
  );

  await user.selectOptions(within(form).getByRole('combobox', { name: 'Method' }), 'Credit Card');
  mock.on('POST /api/workshop/jobs/3/collect/', {
    body: money({
      linesGbp: 350,
      paidGbp: 350,
      balanceGbp: 0,
      dealId: 12,
      invoice: { id: 4, reference: 'INV-0044' },
    }),
  });
  await user.click(within(form).getByRole('button', { name: 'Collect and invoice' }));
  expect(await screen.findByText('JOB-000003 collected: invoice INV-0044 issued.')).toBeInTheDocument();
  expect(mock.callsTo('POST', '/api/workshop/jobs/3/collect/').at(-1)?.body).toEqual({
    payments: [{ method: 'Credit Card', amount: '250.00' }],
  });
}, 20_000);

it('takes a deposit on an open client job', async () => {
  const user = userEvent.setup();
  show(makeJobDetail({ id: 3, stage: 'approved' }));
  mock.on('POST /api/workshop/jobs/3/deposit/', {
    body: money({ linesGbp: 350, paidGbp: 100, balanceGbp: 250 }),
  });
  const form = await screen.findByRole('form', { name: 'Take a payment' });
  await user.click(within(form).getByRole('button', { name: 'Take payment' }));
  await waitFor(() =>
    expect(errorOf(within(form).getByRole('textbox', { name: /Amount/ }))).toBe('Give the amount paid.'),
  );
  await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '100');
  await user.click(within(form).getByRole('button', { name: 'Take payment' }));
  expect(await screen.findByText('Payment taken: £250.00 left to pay.')).toBeInTheDocument();
  expect(mock.callsTo('POST', '/api/workshop/jobs/3/deposit/')[0]?.body).toEqual({
    payment: { method: 'Cash', amount: '100' },
  });
}, 20_000);

it('says a stock item’s job is not invoiced, and what its repair added to the item’s cost once collected', async () => {
  show(
    makeJobDetail({
      id: 3,
      stage: 'collected',
      clientId: null,
      clientName: '',
      itemId: 31,
      stockNumber: 1042,
    }),
  );
  mock.on('GET /api/workshop/jobs/3/money/', {
    body: money({ kind: 'stock', linesGbp: 350, repairCostGbp: 350 }),
  });
  expect(
    await screen.findByText(
      '£350.00 added to the item’s cost for the shop’s margin (not to its purchase price).',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: /Collect|Take a payment/ })).not.toBeInTheDocument();
  expect(screen.getByText('Shop stock')).toBeInTheDocument();
});

it('adds a photo to the job, refusing a file that is not an image before sending it', async () => {
  const user = userEvent.setup({ applyAccept: false });
  const photo = {
    id: 5,
    name: 'caseback.png',
    contentType: 'image/png',
    size: 2048,
    uploadedAt: '2026-11-21T10:00:00.000Z',
  };
  const xhr = installFakeXhr(() => ({ status: 201, body: makeJobDetail({ id: 3, photos: [photo] }) }));
  try {
    show(makeJobDetail({ id: 3 }));
    const input = await screen.findByLabelText('Add a photo');
    await user.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('notes.pdf: A photo must be a JPEG, PNG or WebP image.'),
    ).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);

    await user.upload(
      screen.getByLabelText('Add a photo'),
      new File(['png'], 'caseback.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'caseback.png (1 of 1)' })).toHaveAttribute(
      'src',
      '/api/api/workshop/jobs/3/photos/5/',
    );
    expect(xhr.sent.map((sent) => sent.url)).toEqual(['/api/api/workshop/jobs/3/photos/']);
    expect(screen.getByText('Photo caseback.png added.')).toBeInTheDocument();
  } finally {
    xhr.restore();
  }
});
