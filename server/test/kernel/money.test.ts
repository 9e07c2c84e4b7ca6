import { AMOUNT_RULE, RATE_RULE, amountRuleFor, parseDecimal } from '../../src/kernel/money';

// parseDecimal reads text by the one amount rule (contracts' plainAmount) that every form uses.

describe('parseDecimal', () => {
  it('reads an amount as the screens show it: separators, and its own currency sign', () => {
    for (const text of ['10500', '10,500', '£10,500.00', ' £10,500 ', '010500.0'])
      expect([text, parseDecimal(text, AMOUNT_RULE)]).toEqual([text, { value: '10500' }]);
    expect(parseDecimal('$1,234.5', amountRuleFor('USD'))).toEqual({ value: '1234.5' });
    expect(parseDecimal('€1,234.5', amountRuleFor('EUR'))).toEqual({ value: '1234.5' });
    expect(parseDecimal('₿0.00000001', amountRuleFor('BTC'))).toEqual({ value: '0.00000001' });
    expect(parseDecimal(10500, AMOUNT_RULE)).toEqual({ value: '10500' });
  });

  it('refuses misplaced separators and another currency’s sign in the words of any unreadable number', () => {
    for (const [text, rule] of [
      ['10,50', AMOUNT_RULE],
      ['1,0000', AMOUNT_RULE],
      ['$10', AMOUNT_RULE],
      ['£10', amountRuleFor('USD')],
      ['£1.25', RATE_RULE],
    ] as const)
      expect([text, parseDecimal(text, rule)]).toEqual([text, { error: 'A valid number is required.' }]);
  });

  it('then applies its rule to the number read: decimals, whole digits, sign and zero', () => {
    expect(parseDecimal('£1,234.567', AMOUNT_RULE)).toEqual({
      error: 'Ensure that there are no more than 2 decimal places.',
    });
    expect(parseDecimal('-£5', AMOUNT_RULE)).toEqual({
      error: 'Ensure this value is greater than or equal to 0.',
    });
    expect(parseDecimal('£0.00', AMOUNT_RULE)).toEqual({ error: 'Ensure this value is greater than 0.' });
    expect(parseDecimal('1,234.5', RATE_RULE)).toEqual({ value: '1234.5' });
  });
});
