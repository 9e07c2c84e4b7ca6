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
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { QueryClientContext } from '@tanstack/react-query';
import { flushPendingUndos } from '../ui/toast';
import {
  can as roleCan,
  SIGNED_OUT_AUTH_CHECK,
  sessionEndpoints,
  type Action,
  type AuthCheck,
  type PermissionSettings,
  type Role,
  type Shop,
  type ShopMembership,
  type User,
} from '@loupe/contracts';
import { createApi, http as defaultHttp, type HttpClient } from '../http';

/** The two calls that change the session's shop; each answers the new auth-check. */
type SessionChange = typeof sessionEndpoints.switchShop | typeof sessionEndpoints.shopNoticeSeen;
import { setShopTimeZone } from '../lib/dates';

export interface AuthContextValue {
  user: User | null;
  role: Role | null;
  /** The session's active shop, whose data every screen shows; null when the user has none to work in. */
  shop: Shop | null;
  /** Every shop the user may switch to, with their role there and whether its notice is still unseen. */
  shops: ShopMembership[];
  /** The account's password was set by someone else: until it is changed the API refuses all but the account. */
  mustChangePassword: boolean;
  /** The active shop's choices that widen what a role may do (e.g. "Silver sees costs and profit"). */
  permissionSettings: PermissionSettings;
  /**
   * The user is the active shop's nominated officer (MLR 2017 reg. 21(3)): the only one shown the suspicious
   * activity reports. The server checks it again on every such request.
   */
  nominatedOfficer: boolean;
  /**
   * Whether the member may do `action` in the active shop: contracts' permission map, the same the server's
   * guards read, so a screen never offers what the service refuses.
   */
  can(action: Action): boolean;
  /** True until the first session check has answered (SPEC §4: unknown/loading). */
  loading: boolean;
  isAuthenticated: boolean;
  /** Asks the server whether the session is valid; a failed check counts as signed out (SPEC §8). */
  checkAuth(): Promise<AuthCheck>;
  /** Signs in, then re-checks the session; throws what the server answered. */
  login(username: string, password: string): Promise<AuthCheck>;
  /** Always clears the user and does a full page load of /login, even if the call fails. */
  logout(): Promise<void>;
  /**
   * Makes `shopId` the session's active shop and answers the new auth-check. The cache is emptied first thing
   * after the server agreed, so no screen shows the previous shop's rows. Throws what the server answered, in
   * which case nothing changed.
   */
  switchShop(shopId: number): Promise<AuthCheck>;
  /** Tells the server the user has seen the notice of their membership of `shopId`; throws as `switchShop`. */
  dismissShopNotice(shopId: number): Promise<AuthCheck>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The answer as this client reads it: anything missing counts as absent, never as a crash. */
function normalised(result: Partial<AuthCheck>): AuthCheck {
  return {
    user: result.user ?? null,
    role: result.role ?? null,
    shop: result.shop ?? null,
    shops: Array.isArray(result.shops) ? result.shops : [],
    must_change_password: result.must_change_password === true,
    permission_settings: { silverSeesCosts: result.permission_settings?.silverSeesCosts === true },
    nominated_officer: result.nominated_officer === true,
  };
}

/** Whose data the query cache holds: a user in a shop, or nobody. */
const identityOf = (check: AuthCheck): string | null =>
  check.user ? `${check.user.id}@${check.shop?.id ?? ''}` : null;

/** Whether the signed-in member may do `action` in the active shop (contracts' permission map). */
export function useCan(): (action: Action) => boolean {
  return useAuth().can;
}

/** Where the guards remember the page an anonymous visitor asked for. */
export interface RememberedLocation {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export interface AuthProviderProps {
  children: ReactNode;
  http?: HttpClient;
  /** A full page load; injectable because jsdom cannot navigate. */
  fullPageLoad?: (url: string) => void;
}

export function AuthProvider({ children, http = defaultHttp, fullPageLoad }: AuthProviderProps) {
  const call = useMemo(() => createApi(http), [http]);
  const [state, setState] = useState<AuthCheck>(SIGNED_OUT_AUTH_CHECK);
  const [loading, setLoading] = useState(true);
  const location = useLocation();
  const navigate = useNavigate();
  const locationRef = useRef(location);
  locationRef.current = location;
  // Answers can arrive out of order when the path changes quickly; only the newest check may set state.
  const checkSeq = useRef(0);
  // Read without useQueryClient so the provider also works where no cache is provided (a bare test).
  const queryClient = useContext(QueryClientContext);
  const identity = useRef<string | null>(null);

  /**
   * The cache holds what the signed-in user was allowed to see in one shop; the next user, or the same user in
   * another shop, must never be shown it, not even for the moment a refetch takes. Signed out, the pages
   * unmount, so dropping everything is enough; a different user already signed in (another tab) or a switch of
   * shop keeps the pages, whose queries start again empty (a reset also drops answers still on their way).
   */
  const forgetOnIdentityChange = useCallback(
    (next: AuthCheck) => {
      const previous = identity.current;
      identity.current = identityOf(next);
      if (!queryClient || previous === null || previous === identity.current) return;
      if (identity.current === null) queryClient.clear();
      else void queryClient.resetQueries();
    },
    [queryClient],
  );

  const apply = useCallback(
    (next: AuthCheck) => {
      setShopTimeZone(next.shop?.time_zone);
      forgetOnIdentityChange(next);
      setState(next);
      setLoading(false);
    },
    [forgetOnIdentityChange],
  );

  const checkAuth = useCallback(async (): Promise<AuthCheck> => {
    const seq = ++checkSeq.current;
    let result: AuthCheck;
    try {
      const answer: Partial<AuthCheck> | undefined = await call(sessionEndpoints.authCheck);
      result =
        answer && typeof answer === 'object' && 'user' in answer ? normalised(answer) : SIGNED_OUT_AUTH_CHECK;
    } catch {
      result = SIGNED_OUT_AUTH_CHECK;
    }
    if (seq === checkSeq.current) apply(result);
    return result;
  }, [call, apply]);

  /**
   * A session change the server answered with the new auth-check. A check still in flight was asked before
   * the change and would name the previous shop: it must not win over this answer.
   */
  const changeSession = useCallback(
    async (endpoint: SessionChange, shopId: number): Promise<AuthCheck> => {
      // An Undo toast's deferred request belongs to the shop it was made in: it goes before the switch.
      await flushPendingUndos();
      const answer: Partial<AuthCheck> | undefined = await call(endpoint, { body: { shop: shopId } });
      checkSeq.current++;
      const next = normalised(answer ?? {});
      apply(next);
      return next;
    },
    [call, apply],
  );

  const switchShop = useCallback(
    (shopId: number) => changeSession(sessionEndpoints.switchShop, shopId),
    [changeSession],
  );

  const dismissShopNotice = useCallback(
    (shopId: number) => changeSession(sessionEndpoints.shopNoticeSeen, shopId),
    [changeSession],
  );

  useEffect(() => {
    http.setUnauthorizedHandler(() => {
      checkSeq.current++;
      setShopTimeZone(null);
      forgetOnIdentityChange(SIGNED_OUT_AUTH_CHECK);
      setState(SIGNED_OUT_AUTH_CHECK);
      setLoading(false);
      const current = locationRef.current;
      if (!current.pathname.includes('/login')) {
        navigate('/login', { replace: true, state: { from: current } satisfies RememberedLocation });
      }
    });
    return () => http.setUnauthorizedHandler(null);
  }, [http, navigate, forgetOnIdentityChange]);

  // SPEC §4: on every path change the client asks the server whether the session is still valid.
  useEffect(() => {
    let cancelled = false;
    void checkAuth().then((result) => {
      const current = locationRef.current;
      if (!cancelled && !result.user && !current.pathname.includes('/login')) {
        navigate('/login', { replace: true, state: { from: current } satisfies RememberedLocation });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [location.pathname, checkAuth, navigate]);

  const login = useCallback(
    async (username: string, password: string): Promise<AuthCheck> => {
      try {
        await call(sessionEndpoints.token, { body: { username, password } });
      } catch (error) {
        checkSeq.current++;
        setShopTimeZone(null);
        forgetOnIdentityChange(SIGNED_OUT_AUTH_CHECK);
        setState(SIGNED_OUT_AUTH_CHECK);
        throw error;
      }
      // Whoever signs in starts from an empty cache, even after a sign-out that failed to reach the server.
      queryClient?.clear();
      return checkAuth();
    },
    [call, checkAuth, forgetOnIdentityChange, queryClient],
  );

  const logout = useCallback(async () => {
    // An Undo toast's deferred request needs the session: it is sent and answered before the session ends.
    await flushPendingUndos();
    try {
      await call(sessionEndpoints.logout);
    } catch {
      // SPEC §8: a failed sign-out call is ignored; the user is cleared all the same.
    }
    checkSeq.current++;
    setShopTimeZone(null);
    setState(SIGNED_OUT_AUTH_CHECK);
    // The full page load empties memory anyway; clearing first covers a load that is slow or never happens.
    identity.current = null;
    queryClient?.clear();
    (fullPageLoad ?? ((url: string) => window.location.assign(url)))('/login');
  }, [call, fullPageLoad, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      role: state.role,
      shop: state.shop,
      shops: state.shops,
      mustChangePassword: state.must_change_password,
      permissionSettings: state.permission_settings,
      nominatedOfficer: state.nominated_officer,
      can: (action: Action) => roleCan(state.role, action, state.permission_settings),
      loading,
      isAuthenticated: state.user !== null,
      checkAuth,
      login,
      logout,
      switchShop,
      dismissShopNotice,
    }),
    [state, loading, checkAuth, login, logout, switchShop, dismissShopNotice],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The path to go to after sign-in: the remembered location, otherwise /dashboard (SPEC §2). */
export function rememberedPath(state: unknown): string {
  const from = (state as RememberedLocation | null)?.from;
  if (from?.pathname && !from.pathname.includes('/login')) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return '/dashboard';
}
