import { Suspense, useMemo, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, FullScreenSpinner, useAuth } from '@loupe/platform';
import { ErrorBoundary } from '../components/error-boundary';
import { Main } from './main-area';
import { signedInComponent } from './signed-in-chunk';
import { useFocusHeadingOnNavigation } from './use-focus-heading-on-navigation';

export const SIGNED_IN_UNAVAILABLE =
  'Loupe could not load its screens. Check the connection, then try again.';

const Unavailable = styled(Card)`
  max-width: 560px;
  margin: ${({ theme }) => theme.space(10)} auto;
  p {
    margin-top: 0;
  }
`;

/**
 * The page's frame. While the session is being checked, and on /login for visitors, the page is the screen
 * alone; a signed-in user gets the top bar and sidebar around it (SPEC §2), from a chunk of their own
 * (signed-in-chunk.ts) shown at once, with the full-screen spinner of the session check until it is here. A
 * chunk that would not load even after the loader's retries offers Retry, which builds a new lazy component
 * (React.lazy remembers a failed load forever).
 */
export function AppLayout() {
  const { loading, isAuthenticated } = useAuth();
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(mainRef);
  const [attempt, setAttempt] = useState(0);
  const SignedInLayout = useMemo(
    () => signedInComponent((chunk) => chunk.SignedInLayout),
    // `attempt` is the point: a new value means a new lazy component, i.e. a real second try.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attempt],
  );

  if (loading || !isAuthenticated) {
    return (
      <Main id="main" ref={mainRef}>
        <Outlet />
      </Main>
    );
  }

  return (
    <ErrorBoundary
      resetKeys={[attempt]}
      fallback={() => (
        <Main id="main" ref={mainRef}>
          <Unavailable role="alert">
            <p>{SIGNED_IN_UNAVAILABLE}</p>
            <Button onClick={() => setAttempt((n) => n + 1)}>Retry</Button>
          </Unavailable>
        </Main>
      )}
    >
      <Suspense fallback={<FullScreenSpinner />}>
        <SignedInLayout mainRef={mainRef} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The dashboard, from the same chunk: by the time its route renders, the frame around it has loaded it. */
export const DashboardPage = signedInComponent((chunk) => chunk.DashboardPage);
