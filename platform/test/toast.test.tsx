import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useAuth } from '../src/auth';
import { createHttpClient, http } from '../src/http';
import { authCheckAs, createFetchMock, renderWithProviders } from '../src/testing';
import { ThemeModeProvider } from '../src/theme';
import { clearToasts, flushPendingUndos, notify, Toaster, UNDO_MS, undoable, useUndoable } from '../src/ui';

function renderToaster() {
  return render(
    <ThemeModeProvider>
      <Toaster />
    </ThemeModeProvider>,
  );
}

const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

/** Lets the toast's time run out (sonner's own timer, paused while hovered or focused). */
function expire() {
  act(() => {
    jest.advanceTimersByTime(UNDO_MS + 100);
  });
}

/** Resolves the promises a commit or undo left (its request answered). */
async function settle() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('toasts', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    // Nothing waiting may leak into the next test.
    // Sonner's store is one for the page: the toasts of this test leave it before the next one starts.
    act(() => {
      clearToasts();
      jest.runOnlyPendingTimers();
    });
    jest.useRealTimers();
  });

  it('notify shows its message in the Notifications live region, themed like the app', async () => {
    renderToaster();
    act(() => notify('Settings saved.'));
    // Sonner comes in its own chunk, with the first toaster or toast.
    const region = await screen.findByRole('region', { name: /Notifications/ });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(await within(region).findByText('Settings saved.')).toBeInTheDocument();
    // The app starts dark (SPEC §1): the toasts follow it.
    expect(region.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
  });

  it('Undo within the time puts it back and the deferred request is never sent', async () => {
    renderToaster();
    const undo = jest.fn();
    const commit = jest.fn();
    act(() => void undoable({ message: 'Image removed.', undo, commit }));
    expect(await screen.findByText('Image removed.')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(UNDO_MS - 1000);
    });
    await user().click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);

    expire();
    await act(() => flushPendingUndos());
    expect(commit).not.toHaveBeenCalled();
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('Undo is a real button a keyboard reaches and presses', async () => {
    renderToaster();
    const undo = jest.fn();
    act(() => void undoable({ message: 'Report unpinned.', undo, commit: jest.fn() }));
    const button = await screen.findByRole('button', { name: 'Undo' });
    expect(button.tagName).toBe('BUTTON');
    act(() => button.focus());
    await user().keyboard('{Enter}');
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('the time running out commits the deferred request once and closes the toast', async () => {
    renderToaster();
    const undo = jest.fn();
    const commit = jest.fn().mockResolvedValue(undefined);
    act(() => void undoable({ message: 'Report unpinned.', undo, commit }));
    expect(await screen.findByText('Report unpinned.')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(UNDO_MS - 500);
    });
    expect(commit).not.toHaveBeenCalled();
    expire();
    await settle();
    expect(commit).toHaveBeenCalledTimes(1);
    expect(undo).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('closing the toast without Undo commits too', async () => {
    renderToaster();
    const commit = jest.fn().mockResolvedValue(undefined);
    act(() => void undoable({ message: 'Image removed.', undo: jest.fn(), commit }));
    await user().click(await screen.findByRole('button', { name: 'Close notification' }));
    await settle();
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('leaving the page sends what is still waiting, before its time', async () => {
    renderToaster();
    const commit = jest.fn().mockResolvedValue(undefined);
    act(() => void undoable({ message: 'Image removed.', undo: jest.fn(), commit }));
    await screen.findByText('Image removed.');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(commit).toHaveBeenCalledTimes(1);
    expire();
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('a screen that unmounts sends what it raised and is still waiting', async () => {
    const commit = jest.fn().mockResolvedValue(undefined);
    function Screen() {
      const raise = useUndoable();
      return (
        <button type="button" onClick={() => raise({ message: 'Image removed.', undo: jest.fn(), commit })}>
          Remove
        </button>
      );
    }
    function App() {
      const [shown, setShown] = useState(true);
      return (
        <ThemeModeProvider>
          {shown ? <Screen /> : null}
          <button type="button" onClick={() => setShown(false)}>
            Elsewhere
          </button>
          <Toaster />
        </ThemeModeProvider>
      );
    }
    render(<App />);
    await user().click(screen.getByRole('button', { name: 'Remove' }));
    expect(commit).not.toHaveBeenCalled();
    await user().click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('an action already sent keeps its Undo when its screen unmounts', async () => {
    const undo = jest.fn().mockResolvedValue(undefined);
    function Screen() {
      const raise = useUndoable();
      return (
        <button type="button" onClick={() => raise({ message: 'W-1 has been returned.', undo })}>
          Return
        </button>
      );
    }
    function App() {
      const [shown, setShown] = useState(true);
      return (
        <ThemeModeProvider>
          {shown ? <Screen /> : null}
          <button type="button" onClick={() => setShown(false)}>
            Elsewhere
          </button>
          <Toaster />
        </ThemeModeProvider>
      );
    }
    render(<App />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Return' }));
    await u.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await u.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('a deferred request the server refuses puts the screen back and says so', async () => {
    renderToaster();
    const undo = jest.fn();
    const commit = jest.fn().mockRejectedValue(new Error('offline'));
    act(
      () =>
        void undoable({
          message: 'Image removed.',
          undo,
          commit,
          commitFailed: 'The image could not be removed.',
        }),
    );
    await screen.findByText('Image removed.');
    expire();
    await settle();
    expect(undo).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The image could not be removed.')).toBeInTheDocument();
  });

  it('an Undo whose request fails says the change stays', async () => {
    renderToaster();
    const undo = jest.fn().mockRejectedValue(new Error('conflict'));
    act(
      () =>
        void undoable({
          message: 'W-1 has been returned.',
          undo,
          undoFailed: 'W-1 could not be checked out again.',
        }),
    );
    await user().click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('W-1 could not be checked out again.')).toBeInTheDocument();
  });
});

describe('deferred requests and the session', () => {
  afterEach(() => act(() => clearToasts()));

  it('flushPendingUndos sends what waits and resolves only once it is answered', async () => {
    let answer: () => void = () => undefined;
    const commit = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    act(() => void undoable({ message: 'Image removed.', undo: jest.fn(), commit }));
    let done = false;
    const flushed = flushPendingUndos().then(() => {
      done = true;
    });
    expect(commit).toHaveBeenCalledTimes(1);
    await act(async () => {
      await Promise.resolve();
    });
    expect(done).toBe(false);
    answer();
    await flushed;
    expect(done).toBe(true);
  });

  it('a request asked with keepalive is one the browser finishes after the page is left', async () => {
    document.cookie = 'csrftoken=t; path=/';
    const fetchImpl = jest.fn(
      async () => ({ ok: true, status: 204, text: async () => '' }) as unknown as Response,
    );
    const client = createHttpClient({ baseUrl: '', fetch: fetchImpl as unknown as typeof fetch });
    await client.delete('/pins/1/', { keepalive: true });
    await client.delete('/pins/2/');
    const inits = fetchImpl.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1]);
    expect(inits.map((init) => init.keepalive)).toEqual([true, undefined]);
  });

  it('signing out sends a waiting deferred request first, while the session still holds', async () => {
    const api = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /csrf/': { cookies: { csrftoken: 't' } },
      'DELETE /api/items/7/images/3/': { status: 204 },
      'POST /logout/': { status: 204 },
    });
    window.fetch = api.fetch;
    function SignOut() {
      const { logout, user } = useAuth();
      return (
        <button type="button" disabled={!user} onClick={() => void logout()}>
          Sign out
        </button>
      );
    }
    renderWithProviders(<SignOut />);
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    await waitFor(() => expect(signOut).toBeEnabled());
    act(
      () =>
        void undoable({
          message: 'Image removed.',
          undo: jest.fn(),
          commit: () => http.delete('/api/items/7/images/3/', { keepalive: true }),
        }),
    );
    await userEvent.click(signOut);
    await waitFor(() => expect(api.callsTo('POST', '/logout/')).toHaveLength(1));
    const order = api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['DELETE /api/items/7/images/3/', 'POST /logout/']);
  });
});
