/*
 * CSV as RFC 4180 describes it (comma separated, CRLF line ends, a field holding a comma, quote, CR or LF in
 * quotes with its quotes doubled), UTF-8. Text cells that a spreadsheet would run as a formula (starting with
 * = + - @ TAB or CR) get a leading apostrophe: names and notes are typed by users, and a CSV opened in a
 * spreadsheet must not execute what someone typed into an expense name. Numbers are written as numbers.
 */

import { plainMoney } from './pdf/format';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (value: string) => (NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A cell typed by a person (a name, an e-mail, a note): defused, then quoted if needed. */
export const textCell = (value: string): string => quoted(FORMULA_START.test(value) ? `'${value}` : value);

/** A cell the server wrote itself: a decimal from the database, a date, a count, a fixed label. */
export const valueCell = (value: string | number): string => quoted(String(value));

export const csvLine = (cells: string[]): string => `${cells.join(',')}\r\n`;

/**
 * A money cell: every money column of an export in one format, a plain decimal with two places ("1500.00",
 * "5250.00", "-20.50"; BTC with its own decimals, up to 8 and at least 2), rounded half-up. '' for no amount.
 */
export const moneyCell = (amount: number | string | null, currency = 'GBP'): string =>
  amount === null ? '' : quoted(plainMoney(amount, currency));
