import { formatDay, formatMoment, isDay, setShopTimeZone, shopZone, today } from '../src/lib/dates';

// 20:30 UTC on 9 March is 10:30 on 10 March in Kiritimati (UTC+14) and still 9 March in London.
const evening = new Date('2026-03-09T20:30:00Z');

describe('today', () => {
  it('is the calendar day in the shop zone, not the UTC day', () => {
    expect(today(evening, 'Pacific/Kiritimati')).toBe('2026-03-10');
    expect(today(evening, 'Europe/London')).toBe('2026-03-09');
    expect(today(evening, 'America/Los_Angeles')).toBe('2026-03-09');
    expect(today(new Date('2026-12-31T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2026-12-31');
    expect(today(new Date('2026-12-31T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2027-01-01');
    // British Summer Time: 23:30 UTC on 1 July is already 2 July in London.
    expect(today(new Date('2026-07-01T23:30:00Z'), 'Europe/London')).toBe('2026-07-02');
  });

  it('falls back to the browser zone', () => {
    const local = new Date(2026, 2, 9, 0, 5);
    expect(today(local)).toBe('2026-03-09');
  });
});

describe('isDay', () => {
  it('accepts only days that exist, written YYYY-MM-DD', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay('2026-03-09T10:00:00Z')).toBe(false);
    expect(isDay('')).toBe(false);
  });
});

describe('formatDay', () => {
  it('shows a day for people, the same day in every zone', () => {
    expect(formatDay('2026-03-09')).toBe('9 Mar 2026');
    expect(formatDay('2026-03-09', { timeZone: 'Pacific/Kiritimati' })).toBe('9 Mar 2026');
    expect(formatDay('2026-03-09', { timeZone: 'Pacific/Pago_Pago' })).toBe('9 Mar 2026');
    expect(formatDay('2026-03-01', { style: { month: 'long', year: 'numeric' } })).toBe('March 2026');
  });

  it('shows a timestamp as the day it was in the shop zone', () => {
    expect(formatDay('2026-03-09T20:30:00Z', { timeZone: 'Pacific/Kiritimati' })).toBe('10 Mar 2026');
    expect(formatDay('2026-03-09T20:30:00Z', { timeZone: 'Europe/London' })).toBe('9 Mar 2026');
    expect(formatDay('2026-03-09T20:30:00.000+14:00', { timeZone: 'Europe/London' })).toBe('9 Mar 2026');
  });

  it('leaves anything else as it is', () => {
    expect(formatDay('')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined)).toBe('');
    expect(formatDay('soon')).toBe('soon');
    expect(formatDay('2026-02-30')).toBe('2026-02-30');
  });
});

describe('formatMoment', () => {
  it('shows an instant as the shop date and time', () => {
    expect(formatMoment('2026-01-06T09:30:00.000Z', 'Europe/London')).toBe('6 Jan 2026, 09:30');
    expect(formatMoment('2026-07-06T09:30:00.000Z', 'Europe/London')).toBe('6 Jul 2026, 10:30');
    expect(formatMoment('2026-01-06T09:30:00.000Z', 'Pacific/Kiritimati')).toBe('6 Jan 2026, 23:30');
    expect(formatMoment('not a time')).toBe('not a time');
  });
});

describe("the signed-in shop's zone", () => {
  afterEach(() => setShopTimeZone(null));

  it('is the default zone of every function once the auth provider sets it, and forgotten when cleared', () => {
    setShopTimeZone('Pacific/Kiritimati');
    expect(shopZone()).toBe('Pacific/Kiritimati');
    expect(today(evening)).toBe('2026-03-10');
    expect(formatDay('2026-03-09T20:30:00Z')).toBe('10 Mar 2026');
    expect(formatMoment('2026-03-09T20:30:00Z')).toBe('10 Mar 2026, 10:30');
    // A caller's own zone still wins.
    expect(today(evening, 'Europe/London')).toBe('2026-03-09');
    setShopTimeZone(null);
    expect(shopZone()).toBeUndefined();
  });

  it('ignores a zone the browser does not know rather than failing every date on the page', () => {
    setShopTimeZone('Mars/Olympus_Mons');
    expect(shopZone()).toBeUndefined();
    expect(() => today(evening)).not.toThrow();
  });
});
