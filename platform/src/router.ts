// The router surface Loupe's browser packages may use. Federation shares a module whole — it cannot know
// which exports another build will need — so sharing react-router itself would ship its data routers,
// server rendering and session helpers to every page (about 60 KB gzipped). Every webpack build resolves
// `react-router-dom` to this file and shares it as the singleton, so react-router is tree-shaken down to what
// is listed here. A build that imports anything else fails (`exportsPresence: 'error'`): add it here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';
export type {
  Location,
  NavigateFunction,
  NavigateOptions,
  NavLinkProps,
  LinkProps,
  Params,
  PathMatch,
  RouteObject,
  SetURLSearchParams,
  To,
  URLSearchParamsInit,
} from 'react-router';
