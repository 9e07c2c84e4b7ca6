/**
 * The browser reaches the API service under this base; the service itself serves the paths below
 * (ARCHITECTURE.md, "HTTP and auth"): the browser calls `/api/csrf/` and `/api/api/profile/me/`.
 */
export const API_BASE = '/api';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';

/** Service paths, as the browser's HTTP client passes them (it prefixes API_BASE). */
export const paths = {
  csrf: '/csrf/',
  authCheck: '/auth-check/',
  token: '/token/',
  logout: '/logout/',
  profileMe: '/api/profile/me/',
  profileUpdate: '/api/profile/update_profile/',
  changePassword: '/api/account/change-password/',
  memberships: (shopId: number | string) => `/api/shops/${shopId}/memberships/`,
  items: '/api/items/',
  itemsSummary: '/api/items/summary/',
  item: (id: number | string) => `/api/items/${id}/`,
  itemSell: (id: number | string) => `/api/items/${id}/sell/`,
  itemCheckOut: (id: number | string) => `/api/items/${id}/check-out/`,
  itemReturn: (id: number | string) => `/api/items/${id}/return/`,
  itemPromote: (id: number | string) => `/api/items/${id}/promote/`,
  itemImages: (id: number | string) => `/api/items/${id}/images/`,
  itemImage: (id: number | string, imageId: number | string) => `/api/items/${id}/images/${imageId}/`,
  clients: '/api/clients/',
  client: (id: number | string) => `/api/clients/${id}/`,
  clientsSummary: '/api/clients/summary/',
  clientKyc: (id: number | string) => `/api/clients/${id}/kyc/`,
  clientKycDocument: (id: number | string, docId: number | string) => `/api/clients/${id}/kyc/${docId}/`,
  clientLedger: (id: number | string) => `/api/clients/${id}/ledger/`,
  clientAudit: (id: number | string) => `/api/clients/${id}/audit/`,
  expenses: '/api/expenses/',
  quickSales: '/api/quick-sales/',
  reports: '/api/reports/',
  reportsCsv: '/api/reports/csv/',
  financeDashboard: '/api/dashboard/finance/',
  dashboardPins: '/api/dashboard/pins/',
  dashboardPin: (id: number | string) => `/api/dashboard/pins/${id}/`,
} as const;

/** The same paths as route patterns for the server. */
export const routes = {
  ...paths,
  memberships: '/api/shops/:shopId/memberships/',
  item: '/api/items/:id/',
  itemSell: '/api/items/:id/sell/',
  itemCheckOut: '/api/items/:id/check-out/',
  itemReturn: '/api/items/:id/return/',
  itemPromote: '/api/items/:id/promote/',
  itemImages: '/api/items/:id/images/',
  itemImage: '/api/items/:id/images/:imageId/',
  client: '/api/clients/:id/',
  clientKyc: '/api/clients/:id/kyc/',
  clientKycDocument: '/api/clients/:id/kyc/:docId/',
  clientLedger: '/api/clients/:id/ledger/',
  clientAudit: '/api/clients/:id/audit/',
  dashboardPin: '/api/dashboard/pins/:id/',
} as const;
