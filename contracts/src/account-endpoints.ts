import type { Endpoint } from './endpoint-types';

// The session's and the signed-in user's own endpoints, a group of the map (endpoints.ts) each, in a module of
// their own: the browser's first chunk (the sign-in, the session check, the HTTP client's 401 handling) calls
// them and carries no other group.

export const sessionEndpoints = {
  csrf: { method: 'GET', path: '/csrf/', response: 'DetailMessage' },
  authCheck: { method: 'GET', path: '/auth-check/', response: 'AuthCheck' },
  token: { method: 'POST', path: '/token/', body: 'Credentials', response: 'AuthCheck' },
  logout: { method: 'POST', path: '/logout/', response: 'DetailMessage' },
  /** Makes one of the caller's shops the session's active shop; 400 when they are not an active member. */
  switchShop: { method: 'POST', path: '/api/session/shop/', body: 'ShopChoice', response: 'AuthCheck' },
  /** The user has seen the notice of a new membership: `is_new` turns false. */
  shopNoticeSeen: {
    method: 'POST',
    path: '/api/session/shop-notice-seen/',
    body: 'ShopChoice',
    response: 'AuthCheck',
  },
} as const satisfies Record<string, Endpoint>;

export const profileEndpoints = {
  me: { method: 'GET', path: '/api/profile/me/', response: 'Profile' },
  update: {
    method: 'PUT',
    path: '/api/profile/update_profile/',
    body: 'ProfileUpdate',
    response: 'Profile',
  },
  changePassword: {
    method: 'POST',
    path: '/api/account/change-password/',
    body: 'ChangePassword',
    response: 'DetailMessage',
  },
} as const satisfies Record<string, Endpoint>;
