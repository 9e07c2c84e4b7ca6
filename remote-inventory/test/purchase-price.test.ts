import {
  lineTotal,
  purchasePriceTotal,
  type TransactionDraft,
} from '../src/features/items/lib/purchase-price';

const cash = (amount: string, exchangeRate = '1', feePercent = '0'): TransactionDraft => ({
  type: 'cash',
  amount,
  exchangeRate,
  feePercent,
});
const credit = (amount: string): TransactionDraft => ({
  type: 'credit',
  amount,
  exchangeRate: '1',
  feePercent: '0',
});
const debt = (amount: string): TransactionDraft => ({
  type: 'debt',
  amount,
  exchangeRate: '1',
  feePercent: '0',
});

describe('purchase price (contracts/src/inventory.ts rule)', () => {
  it('is 0.00 without transactions', () => {
    expect(purchasePriceTotal([])).toBe('0.00');
  });

  it('takes a cash line as amount × rate minus the fee percent of that', () => {
    expect(lineTotal(cash('1000'))).toBe('1000.00');
    expect(lineTotal(cash('1000', '1.25'))).toBe('1250.00');
    expect(lineTotal(cash('1000', '1.25', '2'))).toBe('1225.00');
    expect(lineTotal(cash('999.99', '0.85', '2.5'))).toBe('828.74'); // 828.7417125
  });

  it('computes exactly where binary floats would round the wrong way', () => {
    expect(lineTotal(cash('10.01', '1.5'))).toBe('15.02');
    // 1.005 is 1.00499999… as a float, so toFixed(2) says 1.00; exactly it is a half and rounds up.
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(lineTotal(cash('1.005'))).toBe('1.01');
    expect(lineTotal(cash('2.675', '1', '0'))).toBe('2.68');
    expect((2.675).toFixed(2)).toBe('2.67');
  });

  it('rounds each line before summing', () => {
    // 0.333 + 0.333 + 0.333 = 0.999 → 1.00 if summed first; 0.33 × 3 = 0.99 line by line.
    const third = cash('1', '0.333');
    expect(purchasePriceTotal([third, third, third])).toBe('0.99');
  });

  it('handles BTC amounts with many decimals and high rates', () => {
    expect(lineTotal(cash('0.12345678', '51234.56789012', '1.5'))).toBe('6230.38'); // 6230.37595…;
  });

  it('takes credit and debt amounts as they are', () => {
    expect(lineTotal(credit('2500.5'))).toBe('2500.50');
    expect(lineTotal(debt('300'))).toBe('300.00');
    expect(purchasePriceTotal([cash('1000', '1.2', '5'), credit('250.25'), debt('49.75')])).toBe('1440.00');
  });

  it('treats an empty rate as 1 and an empty fee as 0, and skips lines it cannot compute yet', () => {
    expect(lineTotal(cash('10', '', ''))).toBe('10.00');
    expect(lineTotal(cash(''))).toBe('');
    expect(lineTotal(cash('abc'))).toBe('');
    expect(purchasePriceTotal([cash('abc'), cash('12.5')])).toBe('12.50');
  });

  it('a 100 % fee leaves nothing', () => {
    expect(lineTotal(cash('500', '1.1', '100'))).toBe('0.00');
  });
});
