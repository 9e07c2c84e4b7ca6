import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOB_BALANCE_UNPAID } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import type { Job } from '../src/features/jobs/api/jobs';
import type { JobMoney } from '../src/features/jobs/api/money';
import { JobMoneyCard } from '../src/features/jobs/components/job-money';
import { makeJobDetail } from './support/jobs';

// Issue 23 item 5, the job's money as the job page shows it: what it owes, what was paid through the sales
// workflow's deal, the collection refused while money is owed (the service's figure), the invoice's PDF, and a
// stock item's repair cost instead of a client's payment.

const money = (overrides: Partial<JobMoney> = {}): JobMoney => ({
  jobId: 3,
  kind: 'client',
  linesGbp: 350,
  dealId: 12,
  dealReference: 'DEAL-0012',
  dealStatus: 'reserved',
  paidGbp: 100,
  balanceGbp: 250,
  invoice: null,
  repairCostGbp: null,
  ...overrides,
});

let mock: FetchMock;
let done: string[];

function show(job: Job, answer: JobMoney) {
  mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    [`GET /api/workshop/jobs/${job.id}/money/`]: { body: answer },
  });
  globalThis.fetch = mock.fetch;
  done = [];
  renderWithProviders(<JobMoneyCard job={job} onDone={(text) => done.push(text)} />);
}

const figures = async () => {
  await screen.findByText('Work');
  return Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
};

it('shows a collected job’s figures with the deposit asked, its deal and its invoice’s PDF', async () => {
  show(
    makeJobDetail({ id: 3, stage: 'collected', depositRequestedGbp: 100 }),
    money({
      dealStatus: 'completed',
      paidGbp: 350,
      balanceGbp: 0,
      invoice: { id: 44, reference: 'INV-0044' },
    }),
  );
  expect(await figures()).toEqual({
    Work: '£350.00',
    'Deposit asked': '£100.00',
    Paid: '£350.00',
    'Left to pay': '£0.00',
  });
  expect(screen.getByRole('link', { name: 'DEAL-0012' })).toHaveAttribute('href', '/deals/12');
  expect(screen.getByRole('link', { name: 'INV-0044 (PDF, opens in a new tab)' })).toHaveAttribute(
    'href',
    '/api/api/invoices/44/pdf/',
  );
  // A collected job takes no more money.
  expect(screen.queryByRole('form')).toBeNull();
});

it('shows the service’s unpaid figure when the collection’s payment falls short, the amount kept', async () => {
  const user = userEvent.setup();
  show(makeJobDetail({ id: 3, stage: 'ready' }), money());
  const form = await screen.findByRole('form', { name: 'Collect' });
  const amount = within(form).getByRole('textbox', { name: /Amount/ });
  await user.clear(amount);
  await user.type(amount, '200');
  mock.on('POST /api/workshop/jobs/3/collect/', {
    status: 409,
    body: { detail: JOB_BALANCE_UNPAID('50.00'), balanceGbp: 50 },
  });
  await user.click(within(form).getByRole('button', { name: 'Collect and invoice' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(
    'This job has £50.00 left to pay: take the payment to collect it.',
  );
  expect(amount).toHaveValue('200');
  expect(done).toEqual([]);
  expect(mock.callsTo('POST', '/api/workshop/jobs/3/collect/')[0]?.body).toEqual({
    payments: [{ method: 'Cash', amount: '200' }],
  });
}, 20_000);

it('shows a stock item’s job its repair cost and no client payment', async () => {
  show(
    makeJobDetail({
      id: 3,
      stage: 'collected',
      clientId: null,
      clientName: '',
      itemId: 40,
      stockNumber: 1042,
    }),
    money({
      kind: 'stock',
      dealId: null,
      dealReference: null,
      dealStatus: null,
      paidGbp: 0,
      balanceGbp: 0,
      repairCostGbp: 350,
    }),
  );
  expect(await figures()).toEqual({ Work: '£350.00' });
  expect(
    screen.getByText('£350.00 added to the item’s cost for the shop’s margin (not to its purchase price).'),
  ).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
});
