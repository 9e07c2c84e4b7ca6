import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { absoluteRoutes, RequireRole, Spinner, type RemoteRoute, type RemoteRoutes } from '@loupe/platform';
import { ErrorBoundary } from '../components/error-boundary';
import { NotFoundPage } from '../pages/not-found-page';
import type { RemoteDefinition } from './remote-catalog';
import { incompatibilityReason, RemoteIncompatibleError } from './remote-contract-check';
import { loadRemoteRoutes, resetRemote } from './remote-loader';
import { RemoteUnavailable, reportRemoteLoad } from './remote-unavailable';

const Pending = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)};
`;

function guarded(route: RemoteRoute) {
  return route.roles ? <RequireRole roles={route.roles}>{route.element}</RequireRole> : route.element;
}

/**
 * A remote's route table mounted below the prefixes the remotes list gives it (a prefix the table lacks, or
 * one it claims without owning, mounts nothing), inside the shell's `*` route; the rest is the shell's 404.
 */
function RemoteScreens({ table, prefixes }: { table: RemoteRoutes; prefixes: readonly string[] }) {
  return (
    <Routes>
      {absoluteRoutes(table, prefixes).map((route) => (
        <Route key={route.path} path={route.path} element={guarded(route)} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * The part of the page a remote owns. Loading, load failures and render errors all stay inside it; Retry
 * builds a new lazy component (React.lazy remembers a failed load forever) after the loader has dropped
 * whatever the federation runtime cached. `unavailable` replaces the standard notice where the shell can do
 * better than apologise (the sign-in fallback for /login).
 */
export function RemoteArea({
  remote,
  unavailable,
}: {
  remote: RemoteDefinition;
  unavailable?: (retry: () => void) => ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();

  const Screens = useMemo(
    () =>
      lazy(async () => {
        let table: RemoteRoutes;
        try {
          table = await loadRemoteRoutes(remote.key);
        } catch (error) {
          reportRemoteLoad(remote.key, false);
          throw error;
        }
        reportRemoteLoad(remote.key, true);
        return { default: () => <RemoteScreens table={table} prefixes={remote.prefixes} /> };
      }),
    // `attempt` is the point: a new value means a new lazy component, i.e. a real second try.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote.key, attempt],
  );

  const retry = useCallback(() => {
    resetRemote(remote.key);
    setAttempt((n) => n + 1);
  }, [remote.key]);

  return (
    <ErrorBoundary
      // A page that threw gets another chance when the user moves to a different page of the same remote.
      resetKeys={[attempt, pathname]}
      fallback={(error) =>
        unavailable ? (
          unavailable(retry)
        ) : (
          <RemoteUnavailable
            remote={remote}
            onRetry={retry}
            reason={error instanceof RemoteIncompatibleError ? incompatibilityReason(error) : undefined}
          />
        )
      }
    >
      <Suspense
        fallback={
          <Pending>
            <Spinner label={`Loading ${remote.title}...`} />
          </Pending>
        }
      >
        <Screens />
      </Suspense>
    </ErrorBoundary>
  );
}
