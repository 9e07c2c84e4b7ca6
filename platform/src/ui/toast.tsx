import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import styled, { useTheme } from 'styled-components';
import { errorMessage } from '../lib';

type Sonner = typeof import('sonner');

/*
 * Toasts, react-admin's "undoable" way: a quick, reversible action shows at once, a toast says what happened with
 * Undo for a few seconds, Undo puts it back. The toaster lives here, in the platform, because the platform is a
 * Module Federation singleton: the shell renders one <Toaster /> and every remote's `notify`/`undoable` reaches it
 * through sonner's one store (a second copy of sonner in a remote would have its own store and no toaster).
 */

/** How long Undo is offered. Sonner pauses the count while the pointer is over the toast or it has focus. */
export const UNDO_MS = 5000;

/*
 * Sonner (about 8.5 KB of brotli'd JS) is fetched in its own chunk the first time a toaster mounts or a toast is
 * raised, not with the shell's first script: /login never shows a toast, and its first load has a budget. Once
 * here, every call is synchronous. The chunk belongs to the platform the shell bundles, so remotes calling the
 * platform singleton still reach the one copy, and its one store.
 */
let sonnerLoading: Promise<Sonner> | null = null;
let sonner: Sonner | null = null;

function loadSonner(): Promise<Sonner> {
  sonnerLoading ??= import(/* webpackChunkName: "toasts" */ 'sonner').then((module) => (sonner = module));
  return sonnerLoading;
}

/** Runs `show` with sonner: at once when it is here, else as soon as its chunk is. */
function withSonner(show: (module: Sonner) => void): void {
  if (sonner) show(sonner);
  else void loadSonner().then(show);
}

/** What a toast tells. Errors are announced like any other toast (sonner's polite live region). */
export type NotifyTone = 'success' | 'error' | 'info';

export function notify(message: string, tone: NotifyTone = 'success'): void {
  withSonner(({ toast }) => {
    if (tone === 'error') toast.error(message);
    else if (tone === 'info') toast.info(message);
    else toast.success(message);
  });
}

export interface UndoableOptions {
  /** What happened, in words staff understand ("RLX-1 has been returned."). */
  message: string;
  /**
   * Puts it back. For an action sent at once this is the inverse request; for a deferred one it only restores
   * what the screen shows, since the server never heard of it.
   */
  undo(): void | Promise<unknown>;
  /**
   * The deferred request, sent when the toast closes without Undo, or at once when the page is left or the
   * screen that raised it unmounts (never dropped). Leave it out for an action already sent.
   */
  commit?(): void | Promise<unknown>;
  /** Told when Undo's request fails (the change then stays). */
  undoFailed?: string;
  /** Told when the deferred request fails; the screen is put back (undo) so it shows what the server has. */
  commitFailed?: string;
  duration?: number;
}

export interface Undoable {
  /**
   * Sends the deferred request now if it is still waiting (a screen that unmounts, a page being left). An action
   * already sent keeps its toast and Undo: its inverse request does not need the screen.
   */
  flush(): void;
  /** True once it was committed or undone: nothing is waiting any more. */
  readonly settled: boolean;
}

/** Deferred requests still waiting for their toast to close: flushed all at once when the page is left. */
const pending = new Set<Undoable>();
/** Deferred requests on their way: a sign-out or a switch of shop waits for them (they need the session). */
const sending = new Set<Promise<void>>();
let leaveListening = false;

/**
 * Sends every deferred request now and resolves once they (and any already on their way) are answered: called
 * before signing out or switching shop, whose session the requests need, and when the page is left.
 */
export function flushPendingUndos(): Promise<void> {
  for (const entry of [...pending]) entry.flush();
  return Promise.all([...sending]).then(() => undefined);
}

/** Takes every toast off the screen (their deferred requests are flushed first, never dropped). */
export function clearToasts(): void {
  void flushPendingUndos();
  sonner?.toast.dismiss();
}

function listenForLeave(): void {
  if (leaveListening || typeof window === 'undefined') return;
  leaveListening = true;
  // pagehide fires on reload, close and navigation away (beforeunload does not fire on every mobile browser);
  // the requests go with keepalive (see http's RequestOptions) so the browser finishes them after the page.
  window.addEventListener('pagehide', () => void flushPendingUndos());
}

function failed(error: unknown, fallback: string): void {
  const text = errorMessage(error, fallback);
  withSonner(({ toast }) => toast.error(text));
}

/** Runs `fn` and reports a rejection; returns whether it succeeded. */
async function attempt(fn: () => void | Promise<unknown>, fallback: string): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch (error) {
    failed(error, fallback);
    return false;
  }
}

/**
 * Shows `message` with Undo for `duration` (5 s). Undo calls `undo`; the toast closing any other way (its time
 * running out, Close, a swipe) commits the deferred request, if there is one. Either happens once.
 */
export function undoable(options: UndoableOptions): Undoable {
  const { message, undo, commit, duration = UNDO_MS } = options;
  let settled = false;
  let id: string | number | undefined;

  const settle = (): boolean => {
    if (settled) return false;
    settled = true;
    pending.delete(handle);
    return true;
  };

  const doCommit = () => {
    if (!settle() || !commit) return;
    const sent = attempt(commit, options.commitFailed ?? 'The change could not be saved.')
      .then(async (ok) => {
        // The server refused it: the screen goes back to what the server has.
        if (!ok) await attempt(undo, options.commitFailed ?? 'The change could not be saved.');
      })
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };

  const handle: Undoable = {
    flush() {
      if (settled || !commit) return;
      doCommit();
      if (id !== undefined) sonner?.toast.dismiss(id);
    },
    get settled() {
      return settled;
    },
  };

  if (commit) {
    pending.add(handle);
    listenForLeave();
  }

  withSonner(({ toast }) => {
    // Flushed before sonner's chunk arrived (the page was left at once): there is nothing left to offer.
    if (settled) return;
    id = toast.success(message, {
      duration,
      closeButton: true,
      action: {
        label: 'Undo',
        onClick: () => {
          if (!settle()) return;
          void attempt(undo, options.undoFailed ?? 'The change could not be undone.');
        },
      },
      onAutoClose: doCommit,
      onDismiss: doCommit,
    });
  });
  return handle;
}

/**
 * `undoable` for a screen: whatever it raised and is still waiting is sent when the screen unmounts (the user
 * went to another page of the app), so leaving never loses a change silently.
 */
export function useUndoable(): (options: UndoableOptions) => Undoable {
  const raised = useRef(new Set<Undoable>());
  useEffect(() => {
    const mine = raised.current;
    return () => {
      for (const entry of mine) entry.flush();
      mine.clear();
    };
  }, []);
  return useCallback((options: UndoableOptions) => {
    const entry = undoable(options);
    raised.current.add(entry);
    return entry;
  }, []);
}

// On a phone sonner lays toasts across the bottom (its own breakpoint, 600px). The only fixed chrome is the top
// bar, which stays clear; everything else is in the page's flow, so while a toast shows, this space at the end
// of the page lets its last actions (a form's submit) be scrolled above the toast instead of staying under it.
const PhoneSpace = styled.div`
  display: none;
  @media (max-width: 600px) {
    display: block;
    height: 96px;
  }
`;

/**
 * The one toaster, themed like the app (dark/light, its colours and font). The shell renders it once; the
 * section is a live region (sonner's), Undo and Close are real buttons, and Alt+T moves focus to the toasts.
 */
export function Toaster() {
  const [module, setModule] = useState<Sonner | null>(sonner);
  useEffect(() => {
    if (module) return;
    let live = true;
    void loadSonner().then((loaded) => {
      if (live) setModule(loaded);
    });
    return () => {
      live = false;
    };
  }, [module]);
  return module ? <ThemedToaster sonner={module} /> : null;
}

function ThemedToaster({ sonner: { Toaster: SonnerToaster, useSonner } }: { sonner: Sonner }) {
  const theme = useTheme();
  const { toasts } = useSonner();
  const style = {
    '--normal-bg': theme.colors.surface,
    '--normal-text': theme.colors.text,
    '--normal-border': theme.colors.border,
    fontFamily: theme.font,
  } as CSSProperties;
  const actionButtonStyle: CSSProperties = {
    background: theme.colors.primary,
    color: theme.colors.primaryText,
    minHeight: 32,
    padding: '0 12px',
    fontSize: 14,
  };
  return (
    <>
      {toasts.length > 0 ? <PhoneSpace aria-hidden="true" /> : null}
      <SonnerToaster
        theme={theme.mode}
        position="bottom-right"
        containerAriaLabel="Notifications"
        style={style}
        toastOptions={{ actionButtonStyle, closeButtonAriaLabel: 'Close notification' }}
      />
    </>
  );
}
