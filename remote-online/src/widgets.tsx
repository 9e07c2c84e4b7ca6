import type { DashboardWidget } from '@loupe/platform';
import { EnquiriesWidget } from './features/enquiries/components/enquiries-widget';
import { Chrono24Widget } from './features/reports/components/chrono24-widget';

/**
 * The dashboard cards this remote contributes (issue 24). New enquiries are people to answer: first on the
 * Clients tab (the one the dashboard opens on), before the balances. The Chrono24 reports are deadlines: on the
 * Stats tab after the other past-due cards (approvals 146, consignments 147, layaways 148). The summary row
 * above the tabs keeps the specification's four cards.
 */
const widgets: DashboardWidget[] = [
  { id: 'enquiries', title: 'Enquiries', tab: 'clients', order: 200, Component: EnquiriesWidget },
  {
    id: 'chrono24-reports',
    title: 'Report to Chrono24',
    tab: 'stats',
    order: 149,
    Component: Chrono24Widget,
  },
];

export default widgets;
