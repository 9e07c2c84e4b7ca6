import type { Client, LedgerList, LedgerPaymentResult } from '@loupe/contracts';
import { LedgerRepository } from '../../../src/modules/clients/ledger-repository';
import type { Browser } from '../../helper';
import { auditOf, client, clientsTestbed, ledger } from './setup';

const { state, as, create, tableCounts } = clientsTestbed();

async function pay(browser: Browser, id: number, body: Record<string, unknown>) {
  return browser.post(ledger(id), body);
}

async function balanceOf(browser: Browser, id: number): Promise<number> {
  return ((await browser.get(client(id))).json() as Client).balance;
}

/** The stored balance as PostgreSQL's exact text. */
async function storedBalance(id: number): Promise<string> {
  const rows = await state.db.query<{ b: string }>('SELECT balance::text AS b FROM clients WHERE id = $1', [
    id,
  ]);
  return (rows[0] as { b: string }).b;
}

describe('recording a payment', () => {
  it("'received' raises the balance, 'paid' lowers it, and the answer has the entry and the new balance", async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('silver');
    const received = await pay(browser, id, { direction: 'received', amount: '250.00', note: ' Deposit ' });
    expect(received.statusCode).toBe(201);
    expect(received.json()).toEqual({
      entry: {
        id: expect.any(Number),
        direction: 'received',
        amount: 250,
        currency: 'GBP',
        exchangeRate: 1,
        amountGbp: 250,
        method: 'Cash',
        date: '2026-03-01',
        note: 'Deposit',
        source: null,
        sourceId: null,
        createdAt: '2026-03-01T09:00:00.000Z',
        // A payment that stands, and not a reversal of another (issue 12).
        voided: null,
        reversalOf: null,
      },
      balance: 250,
    });
    const paid = await pay(browser, id, {
      direction: 'paid',
      amount: 400.5,
      method: 'Bank Transfer',
      date: '2026-02-27',
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      entry: {
        direction: 'paid',
        amount: -400.5,
        amountGbp: -400.5,
        method: 'Bank Transfer',
        date: '2026-02-27',
      },
      balance: -150.5,
    });
    expect(await balanceOf(browser, id)).toBe(-150.5);
    expect(await storedBalance(id)).toBe('-150.50');
  });

  it('adds exactly: 0.1 + 0.2 is 0.30, and three hundred pennies are £3.00', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    await pay(browser, id, { direction: 'received', amount: 0.1 });
    const second = await pay(browser, id, { direction: 'received', amount: 0.2 });
    expect((second.json() as LedgerPaymentResult).balance).toBe(0.3);
    expect(await storedBalance(id)).toBe('0.30');
    const other = await create({ name: 'Brook' });
    for (let i = 0; i < 300; i += 1) {
      await state.db.transaction((tx) =>
        new LedgerRepository(tx).post({
          shopId: state.fx.shopId,
          clientId: other,
          amount: '0.01',
          currency: 'GBP',
          exchangeRate: '1',
          method: 'Cash',
          date: '2026-03-01',
          note: '',
          userId: null,
          at: new Date(),
        }),
      );
    }
    expect(await storedBalance(other)).toBe('3.00');
    expect(await balanceOf(browser, other)).toBe(3);
  });

  it('converts foreign currencies at the given rate, rounded to pence half away from zero, in the database', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const cases: Array<[Record<string, unknown>, number, number]> = [
      // 100.05 × 0.79123456 = 79.163017... → 79.16
      [{ currency: 'USD', amount: '100.05', exchangeRate: '0.79123456' }, 79.16, 100.05],
      // 0.00012345 × 45000.5 = 5.5553117... → 5.56
      [
        { currency: 'BTC', amount: '0.00012345', exchangeRate: '45000.5', method: 'Bitcoin' },
        5.56,
        0.00012345,
      ],
      // 10.01 × 1.5 = 15.015 exactly → 15.02 (binary floating point would give 15.01)
      [{ currency: 'EUR', amount: 10.01, exchangeRate: 1.5 }, 15.02, 10.01],
    ];
    let expected = 0;
    for (const [body, gbp, amount] of cases) {
      const response = await pay(browser, id, { direction: 'received', ...body });
      expect(response.statusCode).toBe(201);
      const result = response.json() as LedgerPaymentResult;
      expect(result.entry).toMatchObject({ amount, amountGbp: gbp, currency: body.currency });
      expected = Math.round((expected + gbp) * 100) / 100;
      expect(result.balance).toBe(expected);
    }
    // Paying out rounds the same way, away from zero.
    const out = await pay(browser, id, {
      direction: 'paid',
      currency: 'EUR',
      amount: '10.01',
      exchangeRate: '1.5',
    });
    expect((out.json() as LedgerPaymentResult).entry).toMatchObject({ amount: -10.01, amountGbp: -15.02 });
    expect(await storedBalance(id)).toBe('84.72');
  });

  it('keeps the balance equal to the ledger sum when payments arrive at the same time', async () => {
    const id = await create({ name: 'Ada' });
    const browsers = await Promise.all([as('platinum'), as('gold'), as('silver')]);
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        pay(browsers[i % 3] as Browser, id, { direction: i % 5 === 0 ? 'paid' : 'received', amount: '0.07' }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(15).fill(201));
    // 12 × 0.07 − 3 × 0.07 = 0.63
    expect(await storedBalance(id)).toBe('0.63');
  });

  it('refuses bad payments with field errors and writes nothing', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const before = await tableCounts();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { direction: ['This field is required.'], amount: ['This field is required.'] }],
      [{ direction: 'refund', amount: 1 }, { direction: ['"refund" is not a valid choice.'] }],
      [{ direction: 'received', amount: 0 }, { amount: ['Ensure this value is greater than 0.'] }],
      [{ direction: 'received', amount: '-5' }, { amount: ['Ensure this value is greater than 0.'] }],
      [
        { direction: 'received', amount: 1, currency: 'USD', exchangeRate: '-0.5' },
        { exchangeRate: ['Ensure this value is greater than 0.'] },
      ],
      [{ direction: 'received', amount: 'ten' }, { amount: ['A valid number is required.'] }],
      [{ direction: 'received', amount: '' }, { amount: ['A valid number is required.'] }],
      [{ direction: 'received', amount: '1e3' }, { amount: ['A valid number is required.'] }],
      [{ direction: 'received', amount: 'NaN' }, { amount: ['A valid number is required.'] }],
      [
        { direction: 'received', amount: '1.005' },
        { amount: ['Ensure that there are no more than 2 decimal places.'] },
      ],
      [
        { direction: 'received', amount: '0.000000001', currency: 'BTC', exchangeRate: 40000 },
        { amount: ['Ensure that there are no more than 8 decimal places.'] },
      ],
      [
        { direction: 'received', amount: '1234567890123', currency: 'GBP' },
        { amount: ['Ensure that there are no more than 12 digits before the decimal point.'] },
      ],
      [
        { direction: 'received', amount: '0.00000001', currency: 'BTC', exchangeRate: 1 },
        { amount: ['Ensure the amount is worth at least \u00a30.01.'] },
      ],
      [
        { direction: 'received', amount: '999999999999.99', currency: 'USD', exchangeRate: 2 },
        { amount: ['Ensure the amount is worth no more than \u00a3999,999,999,999.99.'] },
      ],
      [{ direction: 'received', amount: 1, currency: 'JPY' }, { currency: ['"JPY" is not a valid choice.'] }],
      [
        { direction: 'received', amount: '12345678.00000001', currency: 'BTC', exchangeRate: 1 },
        { amount: ['Ensure that there are no more than 7 digits before the decimal point.'] },
      ],
      [
        { direction: 'received', amount: 1, currency: 'USD', exchangeRate: '12345678.1' },
        { exchangeRate: ['Ensure that there are no more than 7 digits before the decimal point.'] },
      ],
      [{ direction: 'received', amount: 1, currency: 'USD' }, { exchangeRate: ['This field is required.'] }],
      [
        { direction: 'received', amount: 1, currency: 'USD', exchangeRate: null },
        { exchangeRate: ['This field may not be null.'] },
      ],
      [
        { direction: 'received', amount: 1, currency: 'EUR', exchangeRate: '0' },
        { exchangeRate: ['Ensure this value is greater than 0.'] },
      ],
      [
        { direction: 'received', amount: 1, currency: 'EUR', exchangeRate: '0.123456789' },
        { exchangeRate: ['Ensure that there are no more than 8 decimal places.'] },
      ],
      [{ direction: 'received', amount: 1, exchangeRate: '1.2' }, { exchangeRate: ['Must be 1 for GBP.'] }],
      [
        { direction: 'received', amount: 1, method: 'Cheque' },
        { method: ['"Cheque" is not a valid choice.'] },
      ],
      [
        { direction: 'received', amount: 1, date: '01/03/2026' },
        { date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      [
        { direction: 'received', amount: 1, date: '2026-02-30' },
        { date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      [
        { direction: 'received', amount: 1, date: '2026-03-02' },
        { date: ['Ensure this date is not in the future.'] },
      ],
      [
        { direction: 'received', amount: 1, note: 'a\u0000b' },
        { note: ['Null characters are not allowed.'] },
      ],
      [{ direction: 'received', amount: 1, balance: 5 }, { balance: ['This field is not allowed.'] }],
      [{ direction: 'received', amount: true }, { amount: ['A valid integer is required.'] }],
      [
        { direction: 'received', amount: 1, note: 'x'.repeat(2001) },
        { note: ['Ensure this field has no more than 2000 characters.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await pay(browser, id, body as Record<string, unknown>);
      expect({ body, status: response.statusCode, errors: response.json() }).toEqual({
        body,
        status: 400,
        errors,
      });
    }
    for (const payload of ['[]', 'null', '"x"', '{"direction":']) {
      const response = await browser.post(ledger(id), payload, {
        headers: { 'content-type': 'application/json' },
      });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('accepts the explicit defaults and a GBP rate written as 1.000', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const response = await pay(browser, id, {
      direction: 'received',
      amount: '12.30',
      currency: 'GBP',
      exchangeRate: '1.000',
      method: 'Cash',
      date: '2026-03-01',
      note: '',
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as LedgerPaymentResult).entry).toMatchObject({ amount: 12.3, exchangeRate: 1 });
    // The largest values accepted read back exactly as JSON numbers.
    const btc = await pay(browser, id, {
      direction: 'paid',
      amount: '1234567.12345678',
      currency: 'BTC',
      exchangeRate: '0.00000001',
      method: 'Bitcoin',
    });
    expect(btc.statusCode).toBe(201);
    expect((btc.json() as LedgerPaymentResult).entry).toMatchObject({
      amount: -1234567.12345678,
      exchangeRate: 0.00000001,
      amountGbp: -0.01,
    });
    const rate = await pay(browser, id, {
      direction: 'received',
      // Not cash: cash of €10,000 or more needs due diligence (the AML guard, issue 13).
      method: 'Bank Transfer',
      amount: '1.01',
      currency: 'USD',
      exchangeRate: '9999999.99999999',
    });
    expect((rate.json() as LedgerPaymentResult).entry).toMatchObject({
      exchangeRate: 9999999.99999999,
      // 1.01 × 9999999.99999999 = 10099999.9999999899 → 10100000.00
      amountGbp: 10100000,
    });
  });

  it('refuses a payment that would take the balance beyond what can be stored, writing nothing', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const transfer = { direction: 'received', amount: '999999999999.99', method: 'Bank Transfer' } as const;
    expect((await pay(browser, id, transfer)).statusCode).toBe(201);
    const before = await tableCounts();
    const response = await pay(browser, id, { direction: 'received', amount: '0.01' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      amount: ['This payment would take the balance beyond \u00a3999,999,999,999.99.'],
    });
    expect(await tableCounts()).toEqual(before);
    expect(await storedBalance(id)).toBe('999999999999.99');
  });

  it('audits each payment with the balance before and after', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('silver');
    await pay(browser, id, { direction: 'received', amount: '10' });
    state.clock.advance(1000);
    const second = (
      await pay(browser, id, { direction: 'paid', amount: '2.5', currency: 'USD', exchangeRate: '0.8' })
    ).json() as LedgerPaymentResult;
    const trail = await auditOf(state.db, id);
    expect(trail.results.map((e) => e.action)).toEqual(['ledger_entry', 'ledger_entry', 'create']);
    expect(trail.results[0]).toMatchObject({
      username: 'silver',
      before: { balance: 10 },
      after: { balance: 8, entry: second.entry },
      createdAt: '2026-03-01T09:00:01.000Z',
    });
  });
});

describe('the ledger list', () => {
  it('lists newest first by date, then by entry, paged, with stock postings labelled by their source', async () => {
    const id = await create({ name: 'Ada' });
    const browser = await as('gold');
    const days = ['2026-02-10', '2026-02-20', '2026-02-15', '2026-02-20', '2026-01-05'];
    const made: number[] = [];
    for (const [i, date] of days.entries()) {
      const r = (await pay(browser, id, { direction: 'received', amount: String(i + 1), date })).json();
      made.push((r as LedgerPaymentResult).entry.id);
    }
    await state.db.transaction((tx) =>
      new LedgerRepository(tx).post({
        shopId: state.fx.shopId,
        clientId: id,
        amount: '5000',
        currency: 'GBP',
        exchangeRate: '1',
        method: 'Stock credit',
        date: '2026-02-01',
        note: 'Bought Rolex Submariner on credit',
        source: { kind: 'item_transaction', id: 77 },
        userId: null,
        at: new Date('2026-02-01T12:00:00Z'),
      }),
    );
    const list = (await browser.get(ledger(id))).json() as LedgerList;
    expect(list.count).toBe(6);
    expect(list.results.map((e) => e.date)).toEqual([
      '2026-02-20',
      '2026-02-20',
      '2026-02-15',
      '2026-02-10',
      '2026-02-01',
      '2026-01-05',
    ]);
    expect(list.results.slice(0, 2).map((e) => e.id)).toEqual([made[3], made[1]]);
    expect(list.results[4]).toMatchObject({
      direction: 'received',
      amount: 5000,
      method: 'Stock credit',
      source: 'item_transaction',
      sourceId: 77,
    });
    const sum = list.results.reduce((s, e) => s + Math.round(e.amountGbp * 100), 0) / 100;
    expect(await balanceOf(browser, id)).toBe(sum);

    // Paging, as every list: page_size from 10/25/50/100, past the end is "Invalid page."
    const others = await create({ name: 'Brook' });
    for (let i = 0; i < 12; i += 1) await pay(browser, others, { direction: 'paid', amount: '1' });
    expect(((await browser.get(`${ledger(others)}?page=2`)).json() as LedgerList).results).toHaveLength(2);
    expect((await browser.get(`${ledger(others)}?page=3`)).json()).toEqual({ detail: 'Invalid page.' });
    expect(((await browser.get(`${ledger(others)}?page_size=25`)).json() as LedgerList).results).toHaveLength(
      12,
    );
    expect((await browser.get(`${ledger(others)}?page_size=3`)).statusCode).toBe(400);
    expect((await browser.get(`${ledger(others)}?sort=x`)).statusCode).toBe(400);
    // An empty ledger is an empty first page.
    expect((await browser.get(ledger(await create({ name: 'Cyrus' })))).json()).toEqual({
      results: [],
      count: 0,
    });
  });
});
