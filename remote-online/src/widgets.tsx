import type { DashboardWidget } from '@loupe/platform';
import { EnquiriesWidget } from './features/enquiries/components/enquiries-widget';

/**
 * The dashboard cards this remote contributes (issue 24). New enquiries are people to answer: first on the
 * Clients tab (the one the dashboard opens on), before the balances. The summary row above the tabs keeps the
 * specification's four cards.
 */
const widgets: DashboardWidget[] = [
  { id: 'enquiries', title: 'Enquiries', tab: 'clients', order: 200, Component: EnquiriesWidget },
];

export default widgets;
