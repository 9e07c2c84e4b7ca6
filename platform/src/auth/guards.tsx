import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@loupe/contracts';
import { FullScreenSpinner } from '../ui/spinner';
import { useAuth, type RememberedLocation } from './auth-context';

/** Signed-in guard: anonymous visitors go to /login and the requested location is remembered. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenSpinner />;
  if (!user) {
    const state: RememberedLocation = { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

/** Role guard: a user outside `roles`, or nobody signed in, goes to /unauthorized (SPEC §6). */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user, role, loading } = useAuth();
  if (loading) return <FullScreenSpinner />;
  if (!user || !role || !roles.includes(role)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
