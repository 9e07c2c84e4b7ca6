import type { DashboardWidget } from '@loupe/platform';
import {
  PinnedReportsWidget,
  ProfitLossWidget,
  PurchasesWidget,
  RecentWatchSalesWidget,
  RevenueWidget,
  SalesByMethodWidget,
  SalesSummaryWidget,
} from './features/dashboard/components/finance-widgets';
import { OverdueLayawaysWidget } from './features/deals/components/overdue-layaways-widget';

/** The dashboard cards and tables this remote contributes (orders per the team's allocation). */
const widgets: DashboardWidget[] = [
  { id: 'revenue', title: 'Revenue', order: 40, Component: RevenueWidget },
  { id: 'sales-summary', title: 'Sales Summary', tab: 'stats', order: 110, Component: SalesSummaryWidget },
  { id: 'purchases', title: 'Purchases', tab: 'stats', order: 120, Component: PurchasesWidget },
  { id: 'profit-loss', title: 'Profit & Loss', tab: 'stats', order: 130, Component: ProfitLossWidget },
  {
    id: 'sales-by-method',
    title: 'Sales by Method',
    tab: 'stats',
    order: 150,
    Component: SalesByMethodWidget,
  },
  {
    id: 'recent-watch-sales',
    title: 'Recent Watch Sales',
    tab: 'stats',
    order: 160,
    Component: RecentWatchSalesWidget,
  },
  // Issue 20: layaways past their collect-by day, beside the other past-due cards (145–147).
  {
    id: 'overdue-layaways',
    title: 'Overdue layaways',
    tab: 'stats',
    order: 148,
    Component: OverdueLayawaysWidget,
  },
  { id: 'pinned-reports', title: 'Pinned Reports', tab: 'stats', order: 180, Component: PinnedReportsWidget },
];

export default widgets;
