import { StrictMode, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider, QueryClientProvider, ThemeModeProvider, createQueryClient } from '@loupe/platform';
import { AppRoutes } from './app-routes';

/**
 * The providers every remote renders inside: router, the one query cache, theme and the one auth/HTTP
 * singleton. The cache sits above auth so that signing in or out can empty it.
 */
export function App() {
  // The shell owns the page's only QueryClient: remotes share it, so a Sell saved in one remote refreshes what
  // the others show. Made once, not on every render, or the cache would be thrown away.
  const [queryClient] = useState(() => createQueryClient());
  return (
    <StrictMode>
      <BrowserRouter>
        <QueryClientProvider client={queryClient}>
          <ThemeModeProvider>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </ThemeModeProvider>
        </QueryClientProvider>
      </BrowserRouter>
    </StrictMode>
  );
}
