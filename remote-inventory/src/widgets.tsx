import type { DashboardWidget } from '@loupe/platform';
import {
  AgedStockWidget,
  ApprovalsPastDueWidget,
  ConsignmentsPastReturnWidget,
} from './features/dashboard/components/aging-widgets';
import {
  JewelleryWidget,
  RecentPurchasesWidget,
  StockSummaryWidget,
  TotalWatchesWidget,
} from './features/dashboard/components/inventory-widgets';

/** The dashboard cards and tables this remote contributes (orders per the team's allocation). */
const widgets: DashboardWidget[] = [
  { id: 'total-watches', title: 'Total Watches', order: 10, Component: TotalWatchesWidget },
  { id: 'jewellery', title: 'Jewellery', order: 20, Component: JewelleryWidget },
  { id: 'stock-summary', title: 'Stock Summary', tab: 'stats', order: 140, Component: StockSummaryWidget },
  {
    id: 'recent-purchases',
    title: 'Recent Purchases',
    tab: 'stats',
    order: 170,
    Component: RecentPurchasesWidget,
  },
  // Issue 14: aged stock and what is past due, after the stock figures.
  { id: 'aged-stock', title: 'Aged stock (90+ days)', tab: 'stats', order: 145, Component: AgedStockWidget },
  {
    id: 'approvals-past-due',
    title: 'Approvals past due',
    tab: 'stats',
    order: 146,
    Component: ApprovalsPastDueWidget,
  },
  {
    id: 'consignments-past-return',
    title: 'Consignments past return-by',
    tab: 'stats',
    order: 147,
    Component: ConsignmentsPastReturnWidget,
  },
];

export default widgets;
