import { amountDecimals, formatCount, formatMoney, plural } from '../src/format';
import { parseDecimal, toDecimal } from '../src/lib/decimal';

describe('formatMoney', () => {
  it('shows pounds, dollars and euros with two places, separators and the sign before the symbol', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney('-20')).toBe('-£20.00');
    expect(formatMoney(3, 'USD')).toBe('$3.00');
    expect(formatMoney(-1234567.891, 'EUR')).toBe('-€1,234,567.89');
    expect(formatMoney(0)).toBe('£0.00');
  });

  it('shows exact decimals as they are', () => {
    expect(formatMoney(toDecimal('1234.5'))).toBe('£1,234.50');
    expect(formatMoney(parseDecimal('-0.05', { signed: true })!, 'EUR')).toBe('-€0.05');
    expect(formatMoney(toDecimal('0.00012345'), 'BTC')).toBe('₿0.00012345');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0)).toBe('£0.00');
    expect(formatMoney(-0.004)).toBe('£0.00');
    expect(formatMoney(-0.005)).toBe('-£0.01');
  });

  it('keeps the satoshis of a bitcoin amount, up to 8 places, with the ₿ sign', () => {
    expect(formatMoney(0.0125, 'BTC')).toBe('₿0.0125');
    expect(formatMoney('0.00012345', 'BTC')).toBe('₿0.00012345');
    expect(formatMoney(-1.5, 'BTC')).toBe('-₿1.50');
    expect(formatMoney(1234, 'BTC')).toBe('₿1,234.00');
    expect(formatMoney(0.000000001, 'BTC')).toBe('₿0.00');
  });

  it('shows nothing for what is not a number', () => {
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'BTC')).toBe('');
  });

  it('knows how many decimals each currency may carry', () => {
    expect(amountDecimals('BTC')).toBe(8);
    expect(amountDecimals('GBP')).toBe(2);
    expect(amountDecimals('USD')).toBe(2);
  });
});

describe('counts and plurals', () => {
  it('chooses the noun by the English plural rule', () => {
    expect(plural(1, 'client', 'clients')).toBe('1 client');
    expect(plural(0, 'client', 'clients')).toBe('0 clients');
    expect(plural(2, 'watch', 'watches')).toBe('2 watches');
    expect(plural(1204, 'item', 'items')).toBe('1,204 items');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
