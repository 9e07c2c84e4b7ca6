import type { Expense } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { today } from '@loupe/platform';
import { AddExpensePage } from '../src/features/entries/components/add-expense-page';
import { AddQuickSalePage } from '../src/features/entries/components/add-quick-sale-page';

const EXPENSES = '/api/expenses/';
const QUICK_SALES = '/api/quick-sales/';

function server(): FetchMock {
  let nextId = 1;
  const saved = (call: { body: unknown }, dateKey: string) => {
    const body = call.body as Record<string, string>;
    const { date, ...rest } = body;
    return {
      status: 201,
      body: { id: nextId++, ...rest, amount: Number(body.amount), amountGbp: 0, [dateKey]: date },
    };
  };
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`POST ${EXPENSES}`]: (call) => saved(call, 'expense_date'),
    [`POST ${QUICK_SALES}`]: (call) => saved(call, 'sale_date'),
    // The latest quick sales listed under the form (issue 12).
    [`GET ${QUICK_SALES}`]: { body: { results: [], count: 0 } },
  });
  window.fetch = mock.fetch;
  return mock;
}

/** The confirmation after a save: a polite status message (the router's location probe is an <output> too). */
async function confirmation(): Promise<HTMLElement> {
  const message = await screen.findByText(/ saved: /);
  expect(message).toHaveAttribute('role', 'status');
  return message;
}

const renderExpense = () => renderWithProviders(<AddExpensePage />, { route: '/expenses' });
const renderQuickSale = () => renderWithProviders(<AddQuickSalePage />, { route: '/quicksales' });

const field = (label: string) => screen.getByLabelText(label);
/** The error shown next to a field: inside the same field wrapper, tied to the control. */
const errorOf = (label: string) => {
  const control = field(label);
  const id = control.getAttribute('aria-describedby') ?? '';
  return id
    .split(' ')
    .map((part) => document.getElementById(part))
    .find((node) => node?.getAttribute('role') === 'alert');
};

describe('/expenses', () => {
  it('shows Add Expense with every field of the form and its defaults: GBP, Cash, today', async () => {
    server();
    renderExpense();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Expense' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('');
    // Text with a decimal keyboard: it holds an amount as the screens show it ("10,500").
    expect(field('Amount')).toHaveAttribute('inputmode', 'decimal');
    expect(field('Amount')).toHaveValue('');
    expect(field('Currency')).toHaveValue('GBP');
    expect(
      within(field('Currency'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GBP', 'USD', 'EUR', 'BTC']);
    expect(field('Payment Method')).toHaveValue('Cash');
    expect(
      within(field('Payment Method'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cash', 'Bank Transfer', 'Credit Card', 'Debit Card', 'PayPal', 'Bitcoin', 'Other']);
    expect(field('Notes').tagName).toBe('TEXTAREA');
    expect(field('Date')).toHaveAttribute('type', 'date');
    expect(field('Date')).toHaveValue(today());
    expect(screen.queryByLabelText('Exchange Rate')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Expense' })).toBeEnabled();
  });

  it('defaults the date to the user’s own day, not the UTC one', async () => {
    // Only Date is faked: 20:30 UTC on 9 March is 10 March in this suite's zone (UTC+14, jest.config.js).
    jest.useFakeTimers({
      now: new Date('2026-03-09T20:30:00Z'),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      server();
      renderExpense();
      expect(await screen.findByLabelText('Date')).toHaveValue('2026-03-10');
    } finally {
      jest.useRealTimers();
    }
  });

  it('requires name and amount, next to their fields, before any call', async () => {
    const mock = server();
    renderExpense();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Expense' }));
    expect(errorOf('Name')).toHaveTextContent('Name is required.');
    expect(errorOf('Amount')).toHaveTextContent('Amount is required.');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();
    expect(mock.callsTo('POST', EXPENSES)).toHaveLength(0);

    await userEvent.type(field('Name'), '   ');
    await userEvent.type(field('Amount'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    expect(errorOf('Name')).toHaveTextContent('Name is required.');
    expect(errorOf('Amount')).toHaveTextContent('Amount must be greater than zero.');

    await userEvent.clear(field('Amount'));
    await userEvent.type(field('Amount'), '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    expect(errorOf('Amount')).toHaveTextContent('Amount can have at most 2 decimal places.');
    expect(mock.callsTo('POST', EXPENSES)).toHaveLength(0);
  });

  it('clears a field’s error as soon as it is changed', async () => {
    server();
    renderExpense();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Expense' }));
    expect(errorOf('Name')).toBeDefined();
    await userEvent.type(field('Name'), 'P');
    expect(errorOf('Name')).toBeUndefined();
    expect(errorOf('Amount')).toHaveTextContent('Amount is required.');
  });

  it('saves, confirms with the name and amount, and starts again from the defaults', async () => {
    const mock = server();
    renderExpense();
    await userEvent.type(await screen.findByLabelText('Name'), '  Courier to Geneva ');
    await userEvent.type(field('Amount'), '12.5');
    await userEvent.selectOptions(field('Payment Method'), 'Debit Card');
    await userEvent.clear(field('Date'));
    await userEvent.type(field('Date'), '2026-03-02');
    await userEvent.type(field('Notes'), 'Insured, "signed for"');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));

    expect(await confirmation()).toHaveTextContent('Expense saved: Courier to Geneva, £12.50');
    const [post] = mock.callsTo('POST', EXPENSES);
    expect(post?.body).toEqual({
      name: 'Courier to Geneva',
      amount: '12.5',
      currency: 'GBP',
      payment_method: 'Debit Card',
      notes: 'Insured, "signed for"',
      date: '2026-03-02',
    });
    expect(post?.headers['x-csrftoken']).toBe('t');
    expect(field('Name')).toHaveValue('');
    expect(field('Amount')).toHaveValue('');
    expect(field('Currency')).toHaveValue('GBP');
    expect(field('Payment Method')).toHaveValue('Cash');
    expect(field('Notes')).toHaveValue('');
    expect(field('Date')).toHaveValue(today());
  });

  it.each(['10,500', '£10,500.00', '10500'])(
    'takes %s as the screens show amounts (the service reads it by the same rule)',
    async (typed) => {
      const mock = server();
      renderExpense();
      await userEvent.type(await screen.findByLabelText('Name'), 'Bracelet repair');
      await userEvent.type(field('Amount'), typed);
      await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
      expect(errorOf('Amount')).toBeUndefined();
      await waitFor(() => expect(mock.callsTo('POST', EXPENSES)).toHaveLength(1));
      expect(mock.callsTo('POST', EXPENSES)[0]?.body).toMatchObject({ amount: typed });
    },
  );

  it('refuses "10,50" beside the amount and sends nothing', async () => {
    const mock = server();
    renderExpense();
    await userEvent.type(await screen.findByLabelText('Name'), 'Bracelet repair');
    await userEvent.type(field('Amount'), '10,50');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    expect(errorOf('Amount')).toHaveTextContent('Amount must be a positive number.');
    expect(mock.callsTo('POST', EXPENSES)).toHaveLength(0);
  });

  it('asks for the exchange rate of a foreign currency and sends it with the amount as typed', async () => {
    const mock = server();
    renderExpense();
    await userEvent.type(await screen.findByLabelText('Name'), 'Strap supplier');
    await userEvent.selectOptions(field('Currency'), 'USD');
    expect(field('Exchange Rate')).toHaveAccessibleDescription('Pounds for 1 USD; reports are in GBP.');
    await userEvent.type(field('Amount'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    expect(errorOf('Exchange Rate')).toHaveTextContent('Exchange rate is required.');
    expect(mock.callsTo('POST', EXPENSES)).toHaveLength(0);

    await userEvent.type(field('Exchange Rate'), '0.79');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    expect(await confirmation()).toHaveTextContent('Expense saved: Strap supplier, $200.00');
    expect(mock.callsTo('POST', EXPENSES)[0]?.body).toMatchObject({
      amount: '200',
      currency: 'USD',
      exchangeRate: '0.79',
    });
    expect(screen.queryByLabelText('Exchange Rate')).not.toBeInTheDocument();
  });

  it('takes BTC amounts to 8 decimals and shows them whole in the confirmation', async () => {
    const mock = server();
    renderExpense();
    await userEvent.type(await screen.findByLabelText('Name'), 'Node fee');
    await userEvent.selectOptions(field('Currency'), 'BTC');
    await userEvent.type(field('Amount'), '0.00012345');
    await userEvent.type(field('Exchange Rate'), '52000.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    expect(await confirmation()).toHaveTextContent('Expense saved: Node fee, ₿0.00012345');
    expect(mock.callsTo('POST', EXPENSES)[0]?.body).toMatchObject({
      amount: '0.00012345',
      exchangeRate: '52000.5',
    });
  });

  it('shows the server’s field errors next to their fields and keeps what was typed', async () => {
    const mock = server();
    mock.on(`POST ${EXPENSES}`, {
      status: 400,
      body: { amount: ['Ensure this value is greater than 0.'], date: ['Enter a valid date.'] },
    });
    renderExpense();
    await userEvent.type(await screen.findByLabelText('Name'), 'Rent');
    await userEvent.type(field('Amount'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    await waitFor(() => expect(errorOf('Amount')).toHaveTextContent('Ensure this value is greater than 0.'));
    expect(errorOf('Date')).toHaveTextContent('Enter a valid date.');
    expect(field('Amount')).toHaveFocus();
    expect(field('Name')).toHaveValue('Rent');
    expect(screen.queryByText(/ saved: /)).not.toBeInTheDocument();
  });

  it('shows the server’s detail, or a plain message when the call fails without one', async () => {
    const mock = server();
    mock.on(`POST ${EXPENSES}`, {
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    renderExpense();
    await userEvent.type(await screen.findByLabelText('Name'), 'Rent');
    await userEvent.type(field('Amount'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );

    mock.on(`POST ${EXPENSES}`, () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The expense could not be saved. Please try again.',
      ),
    );
    expect(field('Amount')).toHaveValue('900');
  });

  it('disables Save while saving, so a double press sends one expense', async () => {
    const mock = server();
    let release: () => void = () => undefined;
    mock.on(
      `POST ${EXPENSES}`,
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: { id: 1 } as Partial<Expense> });
        }),
    );
    renderExpense();
    await userEvent.type(await screen.findByLabelText('Name'), 'Rent');
    await userEvent.type(field('Amount'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled());
    await userEvent.type(field('Name'), '{Enter}');
    release();
    expect(await confirmation()).toHaveTextContent('Expense saved: Rent, £900.00');
    expect(screen.getByRole('button', { name: 'Save Expense' })).toBeEnabled();
    expect(mock.callsTo('POST', EXPENSES)).toHaveLength(1);
  });

  it('drops the last confirmation when the next entry is sent', async () => {
    const mock = server();
    renderExpense();
    await userEvent.type(await screen.findByLabelText('Name'), 'Rent');
    await userEvent.type(field('Amount'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    await confirmation();
    await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
    expect(screen.queryByText(/ saved: /)).not.toBeInTheDocument();
    expect(mock.callsTo('POST', EXPENSES)).toHaveLength(1);
  });
});

describe('/quicksales', () => {
  it('is the same form titled Add Quick Sale, saving to /api/quick-sales/', async () => {
    const mock = server();
    renderQuickSale();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Quick Sale' })).toBeInTheDocument();
    expect(field('Currency')).toHaveValue('GBP');
    expect(field('Payment Method')).toHaveValue('Cash');
    expect(field('Date')).toHaveValue(today());

    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    expect(errorOf('Name')).toHaveTextContent('Name is required.');
    expect(errorOf('Amount')).toHaveTextContent('Amount is required.');
    expect(mock.callsTo('POST', QUICK_SALES)).toHaveLength(0);

    await userEvent.type(field('Name'), 'Strap, brown alligator');
    await userEvent.type(field('Amount'), '1250');
    await userEvent.selectOptions(field('Payment Method'), 'Bank Transfer');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    expect(await confirmation()).toHaveTextContent('Quick sale saved: Strap, brown alligator, £1,250.00');
    expect(mock.callsTo('POST', QUICK_SALES)[0]?.body).toEqual({
      name: 'Strap, brown alligator',
      amount: '1250',
      currency: 'GBP',
      payment_method: 'Bank Transfer',
      notes: '',
      date: today(),
    });
    expect(mock.callsTo('POST', EXPENSES)).toHaveLength(0);
    expect(field('Name')).toHaveValue('');
    expect(field('Payment Method')).toHaveValue('Cash');
  });

  it('shows a quick sale’s own failure text', async () => {
    const mock = server();
    mock.on(`POST ${QUICK_SALES}`, { status: 500 });
    renderQuickSale();
    await userEvent.type(await screen.findByLabelText('Name'), 'Strap');
    await userEvent.type(field('Amount'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The quick sale could not be saved. Please try again.',
    );
  });
});
