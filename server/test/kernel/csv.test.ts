import { csvLine, moneyCell, textCell, valueCell } from '../../src/kernel/csv';

describe('CSV cells', () => {
  it('writes money in one format: two decimals, half-up on the text, BTC with its own decimals', () => {
    expect(moneyCell(1500)).toBe('1500.00');
    expect(moneyCell('5250.00')).toBe('5250.00');
    expect(moneyCell(-20.5)).toBe('-20.50');
    expect(moneyCell('10588.235')).toBe('10588.24');
    expect(moneyCell('10588.2349')).toBe('10588.23');
    expect(moneyCell('-0.001')).toBe('0.00');
    expect(moneyCell(0)).toBe('0.00');
    expect(moneyCell(1234567.5)).toBe('1234567.50');
    expect(moneyCell(0.0125, 'BTC')).toBe('0.0125');
    expect(moneyCell(2, 'BTC')).toBe('2.00');
    expect(moneyCell(null)).toBe('');
  });

  it('defuses typed text against formulas and quotes what needs it', () => {
    expect(textCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(textCell('Smith, John')).toBe('"Smith, John"');
    expect(valueCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvLine([moneyCell(1500), textCell('-1')])).toBe("1500.00,'-1\r\n");
  });
});
