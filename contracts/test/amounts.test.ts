import { CURRENCY_SIGNS, INVALID_NUMBER, plainAmount } from '../src';

// The one amount rule (contracts/src/amounts.ts): the server's parseDecimal and every form read amounts with it.

describe('plainAmount', () => {
  it('reads plain and grouped numbers, as they are typed and as the lists show them', () => {
    expect(plainAmount('10500')).toBe('10500');
    expect(plainAmount('10,500')).toBe('10500');
    expect(plainAmount(' 10,500.50 ')).toBe('10500.50');
    expect(plainAmount('1,234,567.89')).toBe('1234567.89');
    expect(plainAmount('999')).toBe('999');
    expect(plainAmount('0.5')).toBe('0.5');
    expect(plainAmount('007')).toBe('007');
  });

  it('keeps a minus for the caller to judge, before or after the sign', () => {
    expect(plainAmount('-1,234.5')).toBe('-1234.5');
    expect(plainAmount('-£5', { currency: 'GBP' })).toBe('-5');
    expect(plainAmount('£-5', { currency: 'GBP' })).toBe('-5');
    expect(plainAmount('-£-5', { currency: 'GBP' })).toBeNull();
    expect(plainAmount('--5')).toBeNull();
  });

  it('refuses commas anywhere but between groups of three, so a European "10,50" is never read as 1050', () => {
    for (const bad of ['10,50', '1,0000', ',500', '0,500', '1,234.567,8', '1,,234', '1234,567', '10,500.']) {
      expect([bad, plainAmount(bad)]).toEqual([bad, null]);
    }
  });

  it('refuses what is not a number', () => {
    for (const bad of ['', ' ', 'ten', '1e3', '.5', '12.', '+5', 'NaN', '1 000', '£', '12£']) {
      expect([bad, plainAmount(bad, { currency: 'GBP' })]).toEqual([bad, null]);
    }
  });

  it("takes the amount's own currency sign, with or without a space, and no other", () => {
    expect(plainAmount('£10,500.00', { currency: 'GBP' })).toBe('10500.00');
    expect(plainAmount(' £ 10500 ', { currency: 'GBP' })).toBe('10500');
    expect(plainAmount('$1,200', { currency: 'USD' })).toBe('1200');
    expect(plainAmount('€99.5', { currency: 'EUR' })).toBe('99.5');
    expect(plainAmount('₿0.25', { currency: 'BTC' })).toBe('0.25');
    expect(plainAmount('$100', { currency: 'GBP' })).toBeNull();
    expect(plainAmount('£100', { currency: 'EUR' })).toBeNull();
    expect(plainAmount('£  100', { currency: 'GBP' })).toBeNull();
  });

  it('takes no sign at all for a value in no currency (a rate, a percentage)', () => {
    expect(plainAmount('£1.25')).toBeNull();
    expect(plainAmount('1.25')).toBe('1.25');
    expect(plainAmount('1,234.5', { currency: null })).toBe('1234.5');
  });

  it('names a sign for every currency and one message for what it refuses', () => {
    expect(Object.keys(CURRENCY_SIGNS).sort()).toEqual(['BTC', 'EUR', 'GBP', 'USD']);
    expect(INVALID_NUMBER).toBe('A valid number is required.');
  });
});
