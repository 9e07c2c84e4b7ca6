import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { RequireAuth } from '@loupe/platform';
import { PUBLIC_PATHS, remoteForPath } from '../federation/remote-catalog';
import { preloadRemoteRoutes } from '../federation/remote-loader';
import { RemoteArea } from '../federation/remote-area';
import { NotFoundPage } from '../pages/not-found-page';
import { SignInFallback } from './sign-in-fallback';

const SIGN_IN_PATH = '/login';
const signInFallback = () => <SignInFallback />;

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
  // Keyed by remote: moving to another remote's screens starts with a fresh error boundary. Signing in must
  // not hang on one remote: if /login's cannot be loaded, the shell signs the visitor in itself.
  const area = (
    <RemoteArea
      key={remote.key}
      remote={remote}
      unavailable={pathname === SIGN_IN_PATH ? signInFallback : undefined}
    />
  );
  return PUBLIC_PATHS.includes(pathname) ? area : <RequireAuth>{area}</RequireAuth>;
}
