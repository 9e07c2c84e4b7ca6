import type { APIRequestContext, Dialog, Page } from 'playwright-core';

/** The parts of the finance API (contracts/src/finance.ts) the browser tests read back. */
export interface ApiReportRow {
  date: string;
  sales: number;
  expenses: number;
  profit: number;
}

export interface ApiReport {
  type: string;
  range: string;
  from: string;
  to: string;
  rows: ApiReportRow[];
  totals: { sales: number; expenses: number; profit: number };
}

export interface ApiFinanceDashboard {
  today: string;
  revenue: { month: number; allTime: number };
  sales: { today: number; week: number; month: number };
}

export interface ApiPin {
  id: number;
  type: string;
  range: string;
  from: string | null;
  to: string | null;
  totals: { sales: number; expenses: number; profit: number };
}

export async function getJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const answer = await api.get(path);
  if (!answer.ok()) throw new Error(`GET ${path} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

export function getReport(api: APIRequestContext, query: Record<string, string>): Promise<ApiReport> {
  return getJson(api, `/api/api/reports/?${new URLSearchParams(query).toString()}`);
}

export function getFinanceDashboard(api: APIRequestContext): Promise<ApiFinanceDashboard> {
  return getJson(api, '/api/api/dashboard/finance/');
}

/** Money as the pages show it: `£1,234.50`, `-£20.00`. */
export function gbp(value: number): string {
  const abs = Math.abs(value).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 ? '-' : ''}£${abs}`;
}

/** A value to two decimals, as the CSV writes it: `1234.50`, `-20.00`. */
export const twoDecimals = (value: number): string => value.toFixed(2);

/** A shown amount back to the CSV's form: `▼ -£1,250.50 (loss)` → `-1250.50`. */
export function plainAmount(shown: string): string {
  const match = /(-?)[£$€₿]([\d,]+\.\d+)/.exec(shown);
  if (!match) throw new Error(`no amount in ${JSON.stringify(shown)}`);
  return `${match[1]}${(match[2] ?? '').replace(/,/g, '')}`;
}

/** RFC 4180: rows of cells; quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Resolves with the text of the next window.alert, which it accepts. */
export function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      const message = dialog.message();
      void dialog.accept().then(() => resolve(message));
    });
  });
}

/** The Reports page's summary table as [date, sales, expenses, profit] lines, the Total line last. */
export async function summaryTable(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Report summary' });
  await table.waitFor();
  const lines = await table.evaluate((node) =>
    Array.from(node.querySelectorAll('tbody tr, tfoot tr')).map((tr) => {
      const head = tr.querySelector('th');
      const time = head?.querySelector('time');
      return [
        time?.getAttribute('datetime') ?? head?.textContent ?? '',
        ...Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? ''),
      ];
    }),
  );
  return lines.map(([date, ...money]) => [date ?? '', ...money.map(plainAmount)]);
}

/** The same lines from the API's report. */
export function reportLines(report: ApiReport): string[][] {
  const line = (date: string, f: { sales: number; expenses: number; profit: number }) => [
    date,
    twoDecimals(f.sales),
    twoDecimals(f.expenses),
    twoDecimals(f.profit),
  ];
  return [...report.rows.map((row) => line(row.date, row)), line('Total', report.totals)];
}

/** A name no other test (or earlier run against the same data) uses. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}
