import type { DashboardWidget } from '@loupe/platform';
import {
  ClientBalancesWidget,
  ClientsWidget,
  CreditorsWidget,
  DebtorsWidget,
} from './features/dashboard/components/client-widgets';
import { MATCHES_WIDGET_TITLE, WantMatchesWidget } from './features/wants/components/matches-widget';

/** The dashboard cards this remote contributes (orders per the team's allocation). */
const widgets: DashboardWidget[] = [
  { id: 'clients', title: 'Clients', order: 30, Component: ClientsWidget },
  {
    id: 'client-balances',
    title: 'Client Balances',
    tab: 'clients',
    order: 210,
    Component: ClientBalancesWidget,
  },
  { id: 'debtors', title: 'Debtors', tab: 'clients', order: 220, Component: DebtorsWidget },
  { id: 'creditors', title: 'Creditors', tab: 'clients', order: 230, Component: CreditorsWidget },
  {
    id: 'want-matches',
    title: MATCHES_WIDGET_TITLE,
    tab: 'clients',
    order: 240,
    Component: WantMatchesWidget,
  },
];

export default widgets;
