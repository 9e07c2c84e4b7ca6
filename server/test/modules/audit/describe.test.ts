import type { AuditRecord } from '../../../src/modules/audit/audit-repository';
import { changesOf, date, describe as word, money } from '../../../src/modules/audit/describe';

const entry = (over: Partial<AuditRecord>): AuditRecord => ({
  id: 1,
  shopId: 1,
  seq: 1,
  userId: 2,
  actor: 'gold',
  entity: 'client',
  entityId: 7,
  recordName: 'Eleanor Vance',
  clientId: 7,
  itemId: null,
  action: 'update',
  before: null,
  after: null,
  createdAt: new Date('2026-11-23T10:00:00Z'),
  ...over,
});

describe('the wording of the trail', () => {
  it('formats money and dates as staff read them', () => {
    expect(money(1250)).toBe('£1,250.00');
    expect(money('8500.5')).toBe('£8,500.50');
    expect(money(-20, 'USD')).toBe('-US$20.00');
    expect(money('n/a')).toBeNull();
    expect(date('2026-11-23')).toBe('23 Nov 2026');
  });

  it('words the voids of the corrections work, with the amount and the reason', () => {
    const sale = word(
      entry({
        entity: 'sale',
        entityId: 40,
        action: 'void',
        after: {
          reason: 'sold to the wrong client',
          reversalId: 41,
          amountGbp: 8500,
          clientId: 7,
          itemId: 3,
        },
      }),
    );
    expect(sale.summary).toBe('Voided a sale of £8,500.00: sold to the wrong client');
    expect(sale.changes).toEqual([{ field: 'Reason', before: null, after: 'sold to the wrong client' }]);
    expect(
      word(entry({ entity: 'expense', action: 'void', after: { reason: 'duplicate', amountGbp: '45.5' } }))
        .summary,
    ).toBe('Voided an expense of £45.50: duplicate');
    expect(
      word(entry({ entity: 'ledger_entry', action: 'void', after: { reason: 'typo', amountGbp: -1200 } }))
        .summary,
    ).toBe('Voided a payment or charge of £1,200.00: typo');
    const item = word(
      entry({
        entity: 'item',
        action: 'void_sale',
        before: { status: 'sold' },
        after: { status: 'checked_out' },
      }),
    );
    expect(item.summary).toBe('Voided the item\u2019s sale: it is checked out again');
    expect(item.changes).toEqual([{ field: 'Status', before: 'Sold', after: 'Checked out' }]);
  });

  it('never shows the edit version, timestamps or ids as a change', () => {
    expect(
      changesOf(
        { phone: '1', version: 3, updatedAt: '2026-01-01T00:00:00Z', id: 7 },
        { phone: '2', version: 4, updatedAt: '2026-01-02T00:00:00Z', id: 7 },
      ),
    ).toEqual([{ field: 'Phone', before: '1', after: '2' }]);
    expect(
      word(entry({ before: { name: 'A', email: 'a@x.io' }, after: { name: 'B', email: 'b@x.io' } })).summary,
    ).toBe('Changed the client\u2019s name and email');
  });

  it('shows prices, dates and statuses as the screens do', () => {
    expect(
      changesOf(
        { retailPrice: 12500, purchasedOn: '2026-01-05', status: 'available', checkout: null },
        {
          retailPrice: 12900,
          purchasedOn: '2026-01-06',
          status: 'checked_out',
          checkout: { clientId: 2, dueDate: '2026-03-10' },
        },
      ),
    ).toEqual([
      { field: 'Retail price', before: '£12,500.00', after: '£12,900.00' },
      { field: 'Purchase date', before: '5 Jan 2026', after: '6 Jan 2026' },
      { field: 'Status', before: 'Available', after: 'Checked out' },
      { field: 'Checked out', before: null, after: 'Yes, due 10 Mar 2026' },
    ]);
  });

  it('words memberships and account events', () => {
    const grant = word(
      entry({
        entity: 'membership',
        action: 'grant',
        recordName: 'jsmith',
        after: { user: 9, role: 'silver', active: true },
      }),
    );
    expect(grant.summary).toBe('Gave jsmith silver access');
    const change = word(
      entry({
        entity: 'membership',
        action: 'change',
        recordName: 'jsmith',
        before: { role: 'silver' },
        after: { role: 'gold' },
      }),
    );
    expect(change.summary).toBe('Changed jsmith\u2019s role from silver to gold');
    expect(change.changes).toEqual([{ field: 'Role', before: 'Silver', after: 'Gold' }]);
    expect(word(entry({ entity: 'membership', action: 'revoke', recordName: 'jsmith' })).summary).toBe(
      'Revoked jsmith\u2019s access',
    );
    expect(word(entry({ entity: 'session', action: 'sign_in' })).summary).toBe('Signed in');
    expect(word(entry({ entity: 'session', action: 'sign_out' })).summary).toBe('Signed out');
    expect(
      word(entry({ entity: 'session', action: 'sign_in_failed', after: { username: 'jsmith' } })).summary,
    ).toBe('Failed sign-in as "jsmith"');
    expect(
      word(
        entry({
          entity: 'client',
          action: 'ledger_entry',
          after: { entry: { direction: 'paid', amountGbp: -300 } },
        }),
      ).summary,
    ).toBe('Recorded a payment of £300.00 to the client');
  });

  it('gives an action it does not know a sensible line, and never fails on odd entries', () => {
    expect(word(entry({ entity: 'item', action: 'restore_image', after: 'not an object' })).summary).toBe(
      'Restore image (item)',
    );
    expect(
      word(entry({ entity: 'gadget', action: 'frobnicate', before: [1], after: { colour: 'red' } })),
    ).toMatchObject({
      summary: 'Frobnicate (gadget)',
      changes: [],
    });
    const odd = word(
      entry({ entity: 'client', action: 'update', before: 42, after: { phone: { deep: true } } }),
    );
    expect(odd.changes).toEqual([{ field: 'Phone', before: null, after: '{"deep":true}' }]);
  });
});
