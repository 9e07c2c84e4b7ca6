import {
  decimalPlaces,
  formatFixed,
  parseDecimal,
  productRounded,
  roundHalfAway,
  toDecimal,
  wholeDigits,
} from '../src/lib/decimal';

const exact = (text: string) => parseDecimal(text, { signed: true })?.toString() ?? null;

describe('parseDecimal', () => {
  it('reads plain non-negative decimals and refuses anything else by default', () => {
    expect(parseDecimal(' 7 ')?.toString()).toBe('7');
    expect(parseDecimal('0.5')?.toString()).toBe('0.5');
    expect(parseDecimal('12.50')?.toFixed(2)).toBe('12.50');
    expect(parseDecimal('0012.5')?.toString()).toBe('12.5');
    // What the service refuses (server/src/kernel/money.ts) is refused here too.
    for (const bad of [
      '.5',
      '12.',
      '',
      ' ',
      'abc',
      '1e3',
      '1.2.3',
      '£5',
      '--1',
      '-2.25',
      '10,50',
      '+3',
      'Infinity',
      '.',
    ]) {
      expect(parseDecimal(bad)).toBeNull();
    }
  });

  it('reads thousands separators as the service does ("10,500" is 10500), a sign when the caller allows it', () => {
    expect(parseDecimal('10,500')?.toString()).toBe('10500');
    expect(exact('1,234.50')).toBe('1234.5');
    expect(exact('12,345,678')).toBe('12345678');
    expect(exact('-2.25')).toBe('-2.25');
    expect(exact('-0.5')).toBe('-0.5');
    expect(parseDecimal('-1')).toBeNull();
    // Separators that do not group thousands are a typo (or a European decimal comma), not a number.
    for (const bad of ['1,2,3', '12,34', '10,50', '1,0000', ',5', '1,234,5', '1,234.', '--1', '- 1', '-.5'])
      expect(exact(bad)).toBeNull();
  });

  it("reads the amount's own currency sign, never another's, nor one on a value in no currency", () => {
    expect(parseDecimal('£10,500.00', { currency: 'GBP' })?.toString()).toBe('10500');
    expect(parseDecimal('$1,200', { currency: 'USD' })?.toString()).toBe('1200');
    expect(parseDecimal('$1,200', { currency: 'GBP' })).toBeNull();
    expect(parseDecimal('£5')).toBeNull();
  });

  it('takes JSON numbers as written, without float drift', () => {
    expect(toDecimal(1234.5).toFixed(2)).toBe('1234.50');
    expect(toDecimal(0.1).plus(toDecimal(0.2)).toString()).toBe('0.3');
    expect(toDecimal(-20).toFixed(2)).toBe('-20.00');
  });
});

describe('digits', () => {
  it('counts decimals without trailing zeros and whole digits without leading zeros or sign', () => {
    expect(decimalPlaces('1.50')).toBe(1);
    expect(decimalPlaces('1.005')).toBe(3);
    expect(decimalPlaces('12')).toBe(0);
    expect(wholeDigits('0012.5')).toBe(2);
    expect(wholeDigits('0.5')).toBe(0);
    expect(wholeDigits('-1,234.5')).toBe(4);
    expect(wholeDigits('£1,234.5')).toBe(4);
    expect(decimalPlaces('£1,234.50')).toBe(1);
  });
});

describe('rounding, as PostgreSQL round() does', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAway(parseDecimal('1.505')!).toString()).toBe('1.51');
    expect(roundHalfAway(parseDecimal('-1.505', { signed: true })!).toString()).toBe('-1.51');
    expect(roundHalfAway(parseDecimal('1.5049')!).toString()).toBe('1.5');
    expect(formatFixed(parseDecimal('0.005')!)).toBe('0.01');
    expect(roundHalfAway(parseDecimal('2.5')!, 0).toString()).toBe('3');
  });

  it('computes a product exactly where binary floats round the wrong way', () => {
    // 1.005 and 2.675 are 1.00499… and 2.67499… as floats, so toFixed says 1.00 and 2.67.
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(formatFixed(productRounded(parseDecimal('1.005')!, parseDecimal('1')!))).toBe('1.01');
    expect((2.675).toFixed(2)).toBe('2.67');
    expect(formatFixed(parseDecimal('2.675')!)).toBe('2.68');
    expect(formatFixed(productRounded(parseDecimal('10.01')!, parseDecimal('1.5')!))).toBe('15.02');
    expect(formatFixed(productRounded(parseDecimal('0.12345678')!, parseDecimal('51234.56789012')!))).toBe(
      '6325.25',
    );
    expect(formatFixed(productRounded(parseDecimal('0.1')!, parseDecimal('3')!))).toBe('0.30');
  });

  it('writes money with two places and no negative zero', () => {
    expect(formatFixed(toDecimal(0))).toBe('0.00');
    expect(formatFixed(parseDecimal('0.05')!)).toBe('0.05');
    expect(formatFixed(parseDecimal('1234.5')!)).toBe('1234.50');
    expect(formatFixed(parseDecimal('-0.05', { signed: true })!)).toBe('-0.05');
    expect(formatFixed(parseDecimal('-0.001', { signed: true })!)).toBe('0.00');
  });
});
