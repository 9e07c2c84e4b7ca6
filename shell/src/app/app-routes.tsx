import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireAuth } from '@loupe/platform';
import { AppLayout, DashboardPage } from '../layout/app-layout';
import { UnauthorizedPage } from '../pages/unauthorized-page';
import { RemoteOutlet } from './remote-outlet';
import { SignInPage } from './sign-in-page';

/** The shell's own screens; everything else belongs to a remote (see remote-catalog.ts). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        {/* The only screen outside the signed-in guard (SPEC §2). */}
        <Route path="login" element={<SignInPage />} />
        <Route
          path="dashboard"
          element={
            <RequireAuth>
              <DashboardPage />
            </RequireAuth>
          }
        />
        <Route
          path="unauthorized"
          element={
            <RequireAuth>
              <UnauthorizedPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<RemoteOutlet />} />
      </Route>
    </Routes>
  );
}
