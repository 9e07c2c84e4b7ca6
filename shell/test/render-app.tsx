import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { AuthProvider, QueryClientProvider, ThemeModeProvider } from '@loupe/platform';
import {
  authCheckAs,
  createFetchMock,
  createTestQueryClient,
  LocationProbe,
  type FetchMock,
  type MockHandler,
} from '@loupe/platform/testing';
import { AppRoutes } from '../src/app/app-routes';

export type Role = 'platinum' | 'gold' | 'silver';

export interface AppView extends RenderResult {
  api: FetchMock;
  user: UserEvent;
  fullPageLoad: jest.Mock;
  queryClient: QueryClient;
}

/**
 * The shell as the browser gets it (routes, layout, providers) in a memory router, against a fake API.
 * Remotes are whatever the test's mock of federation/remote-loader returns.
 */
export function renderApp({
  route = '/dashboard',
  role = 'platinum',
  authCheck,
  handlers = {},
}: {
  route?: string;
  role?: Role | null;
  authCheck?: MockHandler;
  /** More of the fake API, keyed as createFetchMock's are. */
  handlers?: Record<string, MockHandler>;
} = {}): AppView {
  const api = createFetchMock({
    'GET /auth-check/': authCheck ?? { body: authCheckAs(role) },
    'GET /csrf/': { body: {}, cookies: { csrftoken: 'test-token' } },
    'POST /logout/': { status: 204 },
    ...handlers,
  });
  globalThis.fetch = api.fetch;
  const fullPageLoad = jest.fn();
  const user = userEvent.setup();
  const queryClient = createTestQueryClient();
  const view = render(
    <MemoryRouter initialEntries={[route]}>
      <QueryClientProvider client={queryClient}>
        <ThemeModeProvider>
          <AuthProvider fullPageLoad={fullPageLoad}>
            <AppRoutes />
            <LocationProbe />
          </AuthProvider>
        </ThemeModeProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...view, api, user, fullPageLoad, queryClient };
}
