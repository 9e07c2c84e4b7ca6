import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider, ThemeModeProvider } from '@loupe/platform';
import { AppRoutes } from './app-routes';

/** The providers every remote renders inside: router, theme and the one auth/HTTP singleton. */
export function App() {
  return (
    <StrictMode>
      <BrowserRouter>
        <ThemeModeProvider>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </ThemeModeProvider>
      </BrowserRouter>
    </StrictMode>
  );
}
