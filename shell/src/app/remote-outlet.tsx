import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { RequireAuth } from '@loupe/platform';
import { remoteForPath } from '../federation/remote-catalog';
import { preloadRemoteRoutes } from '../federation/remote-loader';
import { RemoteArea } from '../federation/remote-area';
import { NotFoundPage } from '../pages/not-found-page';

/** Every path the shell does not own itself: handed to the remote that owns its prefix, loaded on demand. */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);

  // Fetch the remote's code while the session check is still in flight instead of after it.
  useEffect(() => {
    if (remote) preloadRemoteRoutes(remote.key);
  }, [remote]);

  if (!remote) {
    return (
      <RequireAuth>
        <NotFoundPage />
      </RequireAuth>
    );
  }
  // Keyed by remote: moving to another remote's screens starts with a fresh error boundary. Every remote's
  // screen is for signed-in staff; /login is the shell's own (app-routes.tsx).
  return (
    <RequireAuth>
      <RemoteArea key={remote.key} remote={remote} />
    </RequireAuth>
  );
}
