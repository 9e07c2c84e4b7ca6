import { endpoints, paramNames, pathOf, type ParamList, type PathParam } from './endpoints';

/*
 * `paths` (browser) and `routes` (server) by their older names, both derived from the endpoint map, for the
 * code that has not moved to `endpoints` and `pathOf` yet. New code uses the map.
 */
const named = {
  csrf: endpoints.session.csrf,
  authCheck: endpoints.session.authCheck,
  token: endpoints.session.token,
  logout: endpoints.session.logout,
  profileMe: endpoints.profile.me,
  profileUpdate: endpoints.profile.update,
  changePassword: endpoints.profile.changePassword,
  memberships: endpoints.memberships.list,
  items: endpoints.items.list,
  itemsSummary: endpoints.items.summary,
  item: endpoints.items.detail,
  itemSell: endpoints.items.sell,
  itemCheckOut: endpoints.items.checkOut,
  itemReturn: endpoints.items.return,
  itemPromote: endpoints.items.promote,
  itemImages: endpoints.items.addImage,
  itemImage: endpoints.items.image,
  clients: endpoints.clients.list,
  client: endpoints.clients.detail,
  clientsSummary: endpoints.clients.summary,
  clientKyc: endpoints.clients.kycDocuments,
  clientKycDocument: endpoints.clients.kycDocument,
  clientLedger: endpoints.clients.ledger,
  clientHistory: endpoints.clients.history,
  expenses: endpoints.expenses.list,
  quickSales: endpoints.quickSales.list,
  reports: endpoints.reports.get,
  reportsCsv: endpoints.reports.csv,
  financeDashboard: endpoints.dashboard.finance,
  dashboardPins: endpoints.pins.list,
  dashboardPin: endpoints.pins.delete,
} as const;
type Named = typeof named;

type Positional<Names> = Names extends [string, ...infer Rest] ? [PathParam, ...Positional<Rest>] : [];

/** A path without parameters as is; one with parameters as a function of them, in the pattern's order. */
type PathBuilder<P extends string> =
  ParamList<P> extends [] ? P : (...values: Positional<ParamList<P>>) => string;

/** Service paths, as the browser's HTTP client passes them (it prefixes API_BASE). */
export const paths = Object.fromEntries(
  Object.entries(named).map(([key, endpoint]) => {
    const names = paramNames(endpoint.path);
    if (names.length === 0) return [key, endpoint.path];
    const build = (...values: PathParam[]) =>
      pathOf<{ path: string }>(
        endpoint,
        Object.fromEntries(names.map((name, i) => [name, values[i] as PathParam])),
      );
    return [key, build];
  }),
) as { readonly [K in keyof Named]: PathBuilder<Named[K]['path']> };

/** The same paths as route patterns for the server. */
export const routes = Object.fromEntries(
  Object.entries(named).map(([key, endpoint]) => [key, endpoint.path]),
) as { readonly [K in keyof Named]: Named[K]['path'] };
