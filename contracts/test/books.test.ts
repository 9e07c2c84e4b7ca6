import { previousVatQuarter, vatQuarterOf } from '../src/books-messages';

// The books' default period (issue 22): the calendar VAT quarter holding a day, and the one before it.
describe('VAT quarters', () => {
  it.each([
    ['2026-01-01', '2026-01-01', '2026-03-31'],
    ['2026-03-31', '2026-01-01', '2026-03-31'],
    ['2026-04-01', '2026-04-01', '2026-06-30'],
    ['2026-08-15', '2026-07-01', '2026-09-30'],
    ['2026-12-31', '2026-10-01', '2026-12-31'],
    ['2028-02-29', '2028-01-01', '2028-03-31'],
  ])('%s is in the quarter %s – %s', (day, from, to) => {
    expect(vatQuarterOf(day)).toEqual({ from, to });
  });

  it('the quarter before runs back over a year end', () => {
    expect(previousVatQuarter('2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousVatQuarter('2026-11-26')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
  });
});
