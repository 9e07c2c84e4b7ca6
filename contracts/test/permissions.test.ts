import { ITEM_ORDERINGS, REPORT_TYPE_KEYS } from '../src/constants';
import {
  COST_ITEM_ORDERINGS,
  allowedActions,
  can,
  isOwner,
  manageableRoles,
  reportNeedsCosts,
  rolesThatCan,
} from '../src/permissions';

describe('the permission map', () => {
  it('gives the owner everything, gold the running of the shop and silver nothing by default', () => {
    expect(can('platinum', 'editSettings')).toBe(true);
    expect(can('gold', 'editSettings')).toBe(false);
    expect(can('gold', 'void')).toBe(true);
    expect(allowedActions('silver')).toEqual([]);
    expect(can(null, 'void')).toBe(false);
  });

  it('lets silver see costs and profit only when the shop allows it', () => {
    expect(can('silver', 'viewCosts')).toBe(false);
    expect(can('silver', 'viewCosts', { silverSeesCosts: false })).toBe(false);
    expect(can('silver', 'viewCosts', { silverSeesCosts: true })).toBe(true);
    // The setting grants nothing else.
    expect(allowedActions('silver', { silverSeesCosts: true })).toEqual(['viewCosts']);
    expect(can('gold', 'viewCosts')).toBe(true);
  });

  it('says who manages whom and which roles a route admits', () => {
    expect(manageableRoles('platinum')).toEqual(['gold', 'silver']);
    expect(manageableRoles('gold')).toEqual(['silver']);
    expect(manageableRoles('silver')).toEqual([]);
    expect(rolesThatCan('manageSilver')).toEqual(['platinum', 'gold']);
    expect(rolesThatCan('viewActivity')).toEqual(['platinum']);
  });

  it('names the owner from the map, not by comparing role names in each screen', () => {
    expect(isOwner('platinum')).toBe(true);
    expect(isOwner('gold')).toBe(false);
    expect(isOwner(null)).toBe(false);
  });

  it('marks the reports that are costs through and through, and only real report types and orderings', () => {
    expect(REPORT_TYPE_KEYS.filter(reportNeedsCosts)).toEqual(['purchases', 'stock_summary', 'profit_loss']);
    expect(reportNeedsCosts('sales')).toBe(false);
    for (const ordering of COST_ITEM_ORDERINGS) expect(ITEM_ORDERINGS).toContain(ordering);
  });
});
