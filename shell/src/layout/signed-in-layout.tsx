import { useEffect, useState, type RefObject } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Alert, Toaster, useAuth } from '@loupe/platform';
import { ChooseShop } from './choose-shop';
import { MUST_CHANGE_PASSWORD, ShopNotices } from './shop-notices';
import { ShopSwitchProvider } from './shop-switch';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { Main, PASSWORD_CHANGE_PATH } from './main-area';

const Frame = styled.div`
  /* The top bar's height, which the drawer, its backdrop and the search results sit under: on a phone the
     search box has a row of its own (top-bar.tsx). */
  --top-bar-height: 56px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    --top-bar-height: 104px;
  }
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  min-height: 0;
`;

const Backdrop = styled.div`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: block;
    position: fixed;
    inset: var(--top-bar-height, 56px) 0 0 0;
    z-index: 790;
    background: rgba(0, 0, 0, 0.45);
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  &:focus {
    left: ${({ theme }) => theme.space(2)};
    top: ${({ theme }) => theme.space(2)};
    z-index: 2000;
    padding: ${({ theme }) => theme.space(2)};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

/** The account's own screens, which work without a shop (the API answers them for any signed-in user). */
const ACCOUNT_SCREENS = ['/account/', '/profile/'];

/**
 * What goes in the main area: the screen, unless the session must first change the password (the API refuses
 * everything else until then) or has no shop to show data of. Keyed by the shop, so a switch starts every
 * screen afresh: a form or dialog filled from the previous shop's records keeps none of them.
 */
function Screen() {
  const { shop, shops, mustChangePassword } = useAuth();
  const { pathname } = useLocation();
  if (mustChangePassword && pathname !== PASSWORD_CHANGE_PATH) {
    return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  }
  const account = ACCOUNT_SCREENS.some((prefix) => pathname.startsWith(prefix));
  const choosing = !mustChangePassword && !shop && shops.length > 0 && !account;
  // One shape in every state, so the screen stays mounted when the password change lifts the requirement: the
  // account page keeps its "Password changed successfully." instead of starting again empty.
  return (
    <>
      {mustChangePassword ? <Alert>{MUST_CHANGE_PASSWORD}</Alert> : <ShopNotices />}
      {choosing ? <ChooseShop /> : <Outlet key={shop?.id ?? 'none'} />}
    </>
  );
}

/**
 * Top bar and sidebar around every screen of a signed-in user (SPEC §2). A chunk of its own with the dashboard
 * (signed-in-chunk.ts): /login's first load carries neither. `mainRef` is AppLayout's, which moves the focus to
 * a new screen's heading whichever frame the screen is in.
 */
export function SignedInLayout({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // SPEC §2: the mobile drawer closes on any route change.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <ShopSwitchProvider>
      <Frame>
        <SkipLink href="#main">Skip to content</SkipLink>
        <TopBar drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((open) => !open)} />
        <Body>
          <Sidebar open={drawerOpen} />
          {drawerOpen ? (
            <Backdrop data-testid="drawer-backdrop" onClick={() => setDrawerOpen(false)} />
          ) : null}
          <Main id="main" tabIndex={-1} ref={mainRef}>
            <Screen />
            {/* The one toaster of the app: remotes' toasts reach it through the shared platform. */}
            <Toaster />
          </Main>
        </Body>
      </Frame>
    </ShopSwitchProvider>
  );
}

export { DashboardPage } from '../pages/dashboard/dashboard-page';
