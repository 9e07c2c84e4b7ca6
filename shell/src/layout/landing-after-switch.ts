import { matchRoutes, type Location } from 'react-router-dom';
import { absoluteRoutes, type AuthContextValue } from '@loupe/platform';
import { remoteForPath } from '../federation/remote-catalog';
import { loadRemoteRoutes } from '../federation/remote-loader';

type Role = NonNullable<AuthContextValue['role']>;

export const AFTER_SWITCH_FALLBACK = '/dashboard';

/**
 * Where a user lands after switching to a shop in which they hold `role`. Staff expect to keep working on
 * the same screen (the stock list, the reports) in the other shop, so the location stays, query included.
 * Two kinds of screen cannot come along: one its role guard would now refuse (/management/gold for a gold
 * member there), which would otherwise end on /unauthorized, and one of a single record (`edit/:id`), which
 * belongs to the previous shop — so those, and /unauthorized itself, go to the dashboard.
 */
export async function landingAfterSwitch(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  role: Role,
): Promise<string> {
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (location.pathname === '/unauthorized') return AFTER_SWITCH_FALLBACK;
  const remote = remoteForPath(location.pathname);
  if (!remote) return here;
  let routes;
  try {
    routes = absoluteRoutes(await loadRemoteRoutes(remote.key), remote.prefixes);
  } catch {
    // The screen on show is the remote's "unavailable" notice, which means the same in any shop.
    return here;
  }
  const match = matchRoutes(routes, location.pathname)?.at(-1)?.route;
  if (!match) return here;
  const ofOneRecord = match.path.split('/').some((segment) => segment.startsWith(':'));
  const refused = match.roles !== undefined && !match.roles.includes(role);
  return ofOneRecord || refused ? AFTER_SWITCH_FALLBACK : here;
}
