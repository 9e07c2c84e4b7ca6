/*
 * The names the browser and the service agree on outside the endpoint map, in a module of their own: the
 * browser's first chunk needs them, and not the older path tables beside them (paths.ts), which hold the map.
 */

/**
 * The browser reaches the API service under this base; the service itself serves the endpoint map's
 * paths (ARCHITECTURE.md, "HTTP and auth"): the browser calls `/api/csrf/` and `/api/api/profile/me/`.
 */
export const API_BASE = '/api';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';
