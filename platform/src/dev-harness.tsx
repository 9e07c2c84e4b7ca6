// The standalone development frame every remote's team uses (`npm run dev -w @loupe/remote-…`): the same
// providers the shell gives a remote (router, query cache, theme, auth), its routes behind the same guards,
// and — for remotes that do not own /login — a bare sign-in form so the team can work against the real API
// without the shell.
// Imported only by each remote's development entry; never part of a production build.
import { useState, type FormEvent } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import {
  Alert,
  AuthProvider,
  Button,
  Card,
  RequireAuth,
  RequireRole,
  TextField,
  QueryClientProvider,
  ThemeModeProvider,
  Toaster,
  createQueryClient,
  errorDetail,
  rememberedPath,
  useAuth,
  useThemeMode,
  absoluteRoutes,
  type RemoteRoute,
  type RemoteRoutes,
} from '@loupe/platform';
import styled from 'styled-components';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-bottom: 1px dashed ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-size: 0.85rem;
`;

const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)};
  max-width: 1200px;
  margin: 0 auto;
`;

function DevSignIn() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('platinum');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await login(username, password);
      navigate(rememberedPath(location.state), { replace: true });
    } catch (failure) {
      setError(errorDetail(failure) ?? 'Sign-in failed.');
    }
  };

  return (
    <Card as="form" onSubmit={submit} aria-label="Development sign-in">
      <h1>Development sign-in</h1>
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label="Username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        autoComplete="username"
      />
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="current-password"
      />
      <Button type="submit">Sign in</Button>
    </Card>
  );
}

function HarnessBar({ name, routes }: { name: string; routes: RemoteRoute[] }) {
  const { user, role, logout } = useAuth();
  const { mode, toggleMode } = useThemeMode();
  return (
    <Bar aria-label="Development harness">
      <strong>{name} remote, standalone</strong>
      {routes
        .filter((route) => !route.path.includes(':'))
        .map((route) => (
          <Link key={route.path} to={route.path}>
            {route.path}
          </Link>
        ))}
      <span>{user ? `${user.username} (${role ?? 'no role'})` : 'signed out'}</span>
      <Button variant="ghost" onClick={toggleMode}>
        {mode === 'dark' ? 'Light mode' : 'Dark mode'}
      </Button>
      {user ? (
        <Button variant="ghost" onClick={() => void logout()}>
          Sign out
        </Button>
      ) : null}
    </Bar>
  );
}

function guard(route: RemoteRoute) {
  const inner = route.roles ? <RequireRole roles={route.roles}>{route.element}</RequireRole> : route.element;
  return route.path === '/login' ? inner : <RequireAuth>{inner}</RequireAuth>;
}

export function DevHarness({ name, routes: table }: { name: string; routes: RemoteRoutes }) {
  // Mounted at the same absolute paths the shell gives them.
  const routes = absoluteRoutes(table);
  const ownsLogin = routes.some((route) => route.path === '/login');
  const home = routes.find((route) => route.path !== '/login' && !route.path.includes(':'))?.path ?? '/login';
  // Made once: a new client on a re-render would drop the cache the remote is being developed against.
  const [queryClient] = useState(() => createQueryClient());
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <ThemeModeProvider>
          <AuthProvider>
            <HarnessBar name={name} routes={routes} />
            <Main>
              <Routes>
                {routes.map((route) => (
                  <Route key={route.path} path={route.path} element={guard(route)} />
                ))}
                {ownsLogin ? null : <Route path="/login" element={<DevSignIn />} />}
                <Route path="/dashboard" element={<Navigate to={home} replace />} />
                <Route path="/unauthorized" element={<h1>Unauthorized</h1>} />
                <Route path="*" element={<Navigate to={home} replace />} />
              </Routes>
              {/* As in the shell: a remote run on its own shows its Undo toasts too. */}
              <Toaster />
            </Main>
          </AuthProvider>
        </ThemeModeProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
