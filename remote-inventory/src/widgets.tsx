import type { DashboardWidget } from '@loupe/platform';
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
];

export default widgets;
