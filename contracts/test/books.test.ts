import { isVatStagger, previousVatQuarter, vatQuarterOf } from '../src/books-messages';

// The books' default period (issue 22): the VAT quarter holding a day on the shop's HMRC stagger (VAT Notice
// 700/12: stagger 1 ends in Mar/Jun/Sep/Dec, 2 in Apr/Jul/Oct/Jan, 3 in May/Aug/Nov/Feb), and the one before it.
describe('VAT quarters', () => {
  it.each([
    ['2026-01-01', '2026-01-01', '2026-03-31'],
    ['2026-03-31', '2026-01-01', '2026-03-31'],
    ['2026-04-01', '2026-04-01', '2026-06-30'],
    ['2026-08-15', '2026-07-01', '2026-09-30'],
    ['2026-12-31', '2026-10-01', '2026-12-31'],
    ['2028-02-29', '2028-01-01', '2028-03-31'],
  ])('stagger 1 (the default, calendar quarters): %s is in %s – %s', (day, from, to) => {
    expect(vatQuarterOf(day)).toEqual({ from, to });
    expect(vatQuarterOf(day, 1)).toEqual({ from, to });
  });

  it.each([
    ['2026-01-31', '2025-11-01', '2026-01-31'],
    ['2025-11-01', '2025-11-01', '2026-01-31'],
    ['2026-02-01', '2026-02-01', '2026-04-30'],
    ['2026-04-30', '2026-02-01', '2026-04-30'],
    ['2026-05-01', '2026-05-01', '2026-07-31'],
    ['2026-10-31', '2026-08-01', '2026-10-31'],
    ['2026-12-25', '2026-11-01', '2027-01-31'],
  ])('stagger 2 (Apr/Jul/Oct/Jan): %s is in %s – %s', (day, from, to) => {
    expect(vatQuarterOf(day, 2)).toEqual({ from, to });
  });

  it.each([
    ['2026-02-28', '2025-12-01', '2026-02-28'],
    ['2025-12-01', '2025-12-01', '2026-02-28'],
    ['2028-01-15', '2027-12-01', '2028-02-29'],
    ['2026-03-01', '2026-03-01', '2026-05-31'],
    ['2026-08-31', '2026-06-01', '2026-08-31'],
    ['2026-11-30', '2026-09-01', '2026-11-30'],
  ])('stagger 3 (May/Aug/Nov/Feb): %s is in %s – %s', (day, from, to) => {
    expect(vatQuarterOf(day, 3)).toEqual({ from, to });
  });

  it('the quarter before runs back over a year end, on the same stagger', () => {
    expect(previousVatQuarter('2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousVatQuarter('2026-11-26')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(previousVatQuarter('2026-02-10', 2)).toEqual({ from: '2025-11-01', to: '2026-01-31' });
    expect(previousVatQuarter('2026-01-10', 2)).toEqual({ from: '2025-08-01', to: '2025-10-31' });
    expect(previousVatQuarter('2026-03-01', 3)).toEqual({ from: '2025-12-01', to: '2026-02-28' });
  });

  it('knows the three staggers and nothing else', () => {
    expect([1, 2, 3].every(isVatStagger)).toBe(true);
    expect([0, 4, '1', null].some(isVatStagger)).toBe(false);
  });
});
