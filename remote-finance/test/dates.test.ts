import { formatDay, isDay, today } from '../src/lib/dates';

it('runs in a zone ahead of UTC (jest.config.js), so local and UTC days differ', () => {
  expect(new Date('2026-03-09T20:30:00Z').getTimezoneOffset()).toBe(-14 * 60);
});

it('takes today as the local calendar day, not the UTC one', () => {
  // 20:30 UTC on 9 March is 10:30 on 10 March at UTC+14.
  expect(today(new Date('2026-03-09T20:30:00Z'))).toBe('2026-03-10');
  expect(new Date('2026-03-09T20:30:00Z').toISOString().slice(0, 10)).toBe('2026-03-09');
  expect(today(new Date('2026-12-31T09:59:59Z'))).toBe('2026-12-31');
  expect(today(new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
});

it('formats a day for people and checks that a day exists', () => {
  expect(formatDay('2026-03-09')).toBe('9 Mar 2026');
  expect(formatDay('')).toBe('');
  expect(isDay('2026-02-28')).toBe(true);
  expect(isDay('2026-02-30')).toBe(false);
  expect(isDay('2026-2-3')).toBe(false);
});
