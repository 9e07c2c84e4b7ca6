import { Kind, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  Choice,
  Client,
  CURRENCIES,
  Expense,
  ItemRow,
  ItemStatusSchema,
  ListOf,
  Report,
  ReportDetails,
  REPORT_TYPE_KEYS,
  type ClientStatus,
  type ClientSummary,
  type Currency,
  type DashboardPin,
  type ItemStatus,
  type ItemTransactionInput,
  type List,
  type MembershipCreate,
  type PaymentMethod,
  type ReportRange,
  type ReportType,
  type Role,
} from '../src';
import { typeIs, type Equal } from './type-assert';

describe('types derived from the schemas', () => {
  it('keeps the literal unions of the constants', () => {
    typeIs<Equal<Role, 'platinum' | 'gold' | 'silver'>>(true);
    typeIs<Equal<Static<typeof ItemStatusSchema>, ItemStatus>>(true);
    typeIs<Equal<ItemRow['status'], ItemStatus>>(true);
    typeIs<Equal<Client['status'], ClientStatus>>(true);
    typeIs<Equal<Expense['currency'], Currency>>(true);
    typeIs<Equal<Expense['payment_method'], PaymentMethod>>(true);
    typeIs<Equal<DashboardPin['type'], ReportType>>(true);
    typeIs<Equal<DashboardPin['range'], ReportRange>>(true);
    typeIs<Equal<ClientSummary['debtors'][number]['status'], ClientStatus>>(true);
  });

  it('says null where the service answers null', () => {
    typeIs<Equal<ItemRow['retailPrice'], number | null>>(true);
    typeIs<Equal<DashboardPin['from'], string | null>>(true);
  });

  it('types request fields the server checks itself as what it accepts', () => {
    // The page sends a TransactionType and a Currency; the server words a wrong one per line, so the schema
    // (and so the type) takes any string.
    typeIs<Equal<ItemTransactionInput['currency'], string | undefined>>(true);
    typeIs<Equal<MembershipCreate['user'], number | string | null>>(true);
  });

  it('gives List<T> the shape of ListOf', () => {
    typeIs<Equal<Static<ReturnType<typeof ListOf<typeof Client>>>, List<Client>>>(true);
  });

  it('tells report details apart by kind', () => {
    const details = {
      kind: 'profit_loss',
      revenue: 1,
      costOfGoods: 0,
      grossProfit: 1,
      expenses: 0,
      netProfit: 1,
    };
    const parsed = details as Static<typeof ReportDetails>;
    if (parsed.kind === 'profit_loss') typeIs<Equal<typeof parsed.netProfit, number>>(true);
    typeIs<Equal<Static<typeof ReportDetails>['kind'], ReportType>>(true);
  });
});

describe('the schemas behind them', () => {
  it('builds a choice as consts, which the server words as DRF\'s "not a valid choice"', () => {
    const currency = Choice(CURRENCIES);
    expect(currency.anyOf.map((s) => s.const)).toEqual([...CURRENCIES]);
    expect(Value.Check(currency, 'BTC')).toBe(true);
    expect(Value.Check(currency, 'btc')).toBe(false);
    expect(Kind in currency).toBe(true);
  });

  it('describes the details of every report type, and only those', () => {
    const kinds = ReportDetails.anyOf.map((variant) => variant.properties.kind.const);
    expect([...kinds].sort()).toEqual([...REPORT_TYPE_KEYS].sort());
  });

  it('checks a report against its kind', () => {
    const report = {
      type: 'purchases',
      range: 'daily',
      from: '2026-11-17',
      to: '2026-11-23',
      currency: 'GBP',
      rows: [],
      totals: { sales: 0, expenses: 0, profit: 0 },
      details: { kind: 'purchases', itemsBought: { count: 1, amount: 2 }, expenses: { count: 0, amount: 0 } },
    };
    expect(Value.Check(Report, report)).toBe(true);
    expect(Value.Check(Report, { ...report, details: { ...report.details, kind: 'sales' } })).toBe(false);
    expect(Value.Check(Report, { ...report, range: 'yearly' })).toBe(false);
  });
});
