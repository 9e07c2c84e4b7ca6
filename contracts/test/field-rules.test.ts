import {
  amountProblem,
  DATE_FORMAT,
  dayBoundsProblem,
  INVALID_NUMBER,
  isBlank,
  isRangeReversed,
  isValidEmail,
  NOT_IN_FUTURE,
  NOT_IN_PAST,
  parseDay,
  postcodeProblem,
  readDecimal,
  textRuleProblem,
} from '../src';

// The field rules written once (issue 21 item 5): the browser's forms and the server's services call these.

const GBP = { maxDecimals: 2, maxWholeDigits: 12, currency: 'GBP' } as const;

describe('readDecimal, the one amount rule', () => {
  it('reads "10,500", "£10,500.00" and "10500" as the same amount, as the server does', () => {
    expect(readDecimal('10,500', GBP)).toEqual({ value: '10500' });
    expect(readDecimal('£10,500.00', GBP)).toEqual({ value: '10500' });
    expect(readDecimal('10500', GBP)).toEqual({ value: '10500' });
    expect(readDecimal(10500.5, GBP)).toEqual({ value: '10500.5' });
  });

  it('refuses what it cannot read, and says why in the service’s words', () => {
    expect(readDecimal('10,50', GBP)).toEqual({ error: INVALID_NUMBER });
    expect(readDecimal('$10', GBP)).toEqual({ error: INVALID_NUMBER });
    expect(readDecimal(null, GBP)).toEqual({ error: INVALID_NUMBER });
    expect(readDecimal('1.005', GBP)).toEqual({
      error: 'Ensure that there are no more than 2 decimal places.',
    });
    expect(readDecimal('1234567890123', GBP)).toEqual({
      error: 'Ensure that there are no more than 12 digits before the decimal point.',
    });
    expect(readDecimal('-5', GBP)).toEqual({ error: 'Ensure this value is greater than or equal to 0.' });
    expect(readDecimal('0', GBP)).toEqual({ error: 'Ensure this value is greater than 0.' });
    expect(readDecimal('0', { ...GBP, allowZero: true })).toEqual({ value: '0' });
    expect(readDecimal('-£5', { ...GBP, allowNegative: true })).toEqual({ value: '-5' });
    expect(readDecimal('1.50', GBP)).toEqual({ value: '1.5' });
  });

  it('answers null for an acceptable amount through amountProblem', () => {
    expect(amountProblem('£1,234.50', GBP)).toBeNull();
    expect(amountProblem('abc', GBP)).toBe(INVALID_NUMBER);
  });
});

describe('days', () => {
  it('reads real calendar days only', () => {
    expect(parseDay(' 2024-02-29 ')).toEqual({ value: '2024-02-29' });
    expect(parseDay('2023-02-29')).toEqual({ error: DATE_FORMAT });
    expect(parseDay('29/02/2024')).toEqual({ error: DATE_FORMAT });
    expect(parseDay('1899-12-31')).toEqual({ error: DATE_FORMAT });
  });

  it('refuses a day after today as in the future, and before a bound as in the past', () => {
    expect(dayBoundsProblem('2026-11-27', { notAfter: '2026-11-26' })).toBe(NOT_IN_FUTURE);
    expect(dayBoundsProblem('2026-11-26', { notAfter: '2026-11-26' })).toBeNull();
    expect(dayBoundsProblem('2026-11-25', { notBefore: '2026-11-26' })).toBe(NOT_IN_PAST);
    expect(dayBoundsProblem('2026-11-25', {})).toBeNull();
  });

  it('finds a range the wrong way round, and only when both ends are given', () => {
    expect(isRangeReversed('2026-02-01', '2026-01-31')).toBe(true);
    expect(isRangeReversed('2026-01-31', '2026-01-31')).toBe(false);
    expect(isRangeReversed('2026-01-01', '2026-01-31')).toBe(false);
    expect(isRangeReversed('2026-02-01', '')).toBe(false);
    expect(isRangeReversed(null, '2026-01-31')).toBe(false);
  });
});

describe('required, e-mail, postcode and single-line text', () => {
  it('counts white space as blank', () => {
    expect(isBlank('  ')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('accepts the addresses Django accepts, internationalised domains included', () => {
    for (const good of ['a@example.com', "o'neil+shop@mail.example.co.uk", 'x@localhost', 'a@bücher.de']) {
      expect([good, isValidEmail(good)]).toEqual([good, true]);
    }
    for (const bad of ['a', 'a@', '@b.com', 'a@b', 'a b@c.com', 'a@b c.com', `${'a'.repeat(250)}@b.com`]) {
      expect([bad, isValidEmail(bad)]).toEqual([bad, false]);
    }
  });

  it('checks a UK postcode’s format, any other country’s not', () => {
    expect(postcodeProblem('sw1a1aa', 'United Kingdom')).toBeNull();
    expect(postcodeProblem('12345', 'United Kingdom')).toBe('Enter a valid UK postcode, such as SW1A 1AA.');
    expect(postcodeProblem('12345', 'France')).toBeNull();
  });

  it('refuses control and bidirectional characters in a single-line field', () => {
    expect(textRuleProblem('Rolex')).toBeNull();
    expect(textRuleProblem('abc\u202Efed')).toBe('Invisible characters are not allowed.');
    expect(textRuleProblem('abc\u0085')).toBe('Control characters are not allowed.');
    expect(textRuleProblem('a\nb')).toBe('Control characters are not allowed.');
    expect(textRuleProblem('a\nb', 'multiline')).toBeNull();
  });
});
