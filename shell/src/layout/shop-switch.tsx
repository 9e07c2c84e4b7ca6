import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, useAuth } from '@loupe/platform';
import { landingAfterSwitch } from './landing-after-switch';

export const SWITCH_FAILED = 'The shop could not be switched. Please try again.';
export const NOTICE_FAILED = 'The notice could not be dismissed. Please try again.';

export interface ShopSwitch {
  /** Works in `shopId` from now on; a failure leaves everything as it was and shows the server's message. */
  switchTo(shopId: number): Promise<void>;
  /** Marks the notice of the membership of `shopId` as seen. */
  dismissNotice(shopId: number): Promise<void>;
  /** What the last refused switch or dismissal said, until the next attempt or another screen. */
  error: string | null;
  /** A switch or dismissal is on its way: its buttons wait. */
  pending: boolean;
}

const ShopSwitchContext = createContext<ShopSwitch | null>(null);

/** Focus left on a control that has just gone (a notice, the chooser) goes to the screen instead of the page. */
function keepFocusOnScreen() {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) document.getElementById('main')?.focus();
}

/**
 * One place for every control that changes the shop (the user menu, a membership notice, the chooser), so
 * that they land the user the same way and report a refusal in the same spot of the layout.
 */
export function ShopSwitchProvider({ children }: { children: ReactNode }) {
  const { shops, switchShop, dismissShopNotice } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => setError(null), [location.pathname]);

  const switchTo = useCallback(
    async (shopId: number) => {
      const membership = shops.find((shop) => shop.id === shopId);
      if (!membership) return;
      setError(null);
      setPending(true);
      try {
        // Decided before the switch, so the screen never renders under the new role where it has no place.
        const landing = await landingAfterSwitch(locationRef.current, membership.role);
        const next = await switchShop(shopId);
        const current = locationRef.current;
        if (landing !== `${current.pathname}${current.search}${current.hash}`) {
          navigate(landing, { replace: true });
        }
        // Working in the shop is seeing its notice, whether or not the server already counted it so.
        if (next.shops.some((shop) => shop.id === shopId && shop.is_new)) {
          await dismissShopNotice(shopId).catch(() => undefined);
        }
      } catch (failure) {
        setError(errorMessage(failure, SWITCH_FAILED));
      } finally {
        setPending(false);
        keepFocusOnScreen();
      }
    },
    [shops, switchShop, dismissShopNotice, navigate],
  );

  const dismissNotice = useCallback(
    async (shopId: number) => {
      setError(null);
      setPending(true);
      try {
        await dismissShopNotice(shopId);
      } catch (failure) {
        setError(errorMessage(failure, NOTICE_FAILED));
      } finally {
        setPending(false);
        keepFocusOnScreen();
      }
    },
    [dismissShopNotice],
  );

  const value = useMemo(
    () => ({ switchTo, dismissNotice, error, pending }),
    [switchTo, dismissNotice, error, pending],
  );
  return <ShopSwitchContext.Provider value={value}>{children}</ShopSwitchContext.Provider>;
}

export function useShopSwitch(): ShopSwitch {
  const value = useContext(ShopSwitchContext);
  if (!value) throw new Error('useShopSwitch must be used inside <ShopSwitchProvider>');
  return value;
}
