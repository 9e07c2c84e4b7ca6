import { lazy, type ComponentType } from 'react';
import { withRetries } from '../federation/resilience';

/**
 * The signed-in frame (top bar, search, user menu, sidebar) and the dashboard, as one chunk apart from the
 * first one: a visitor's /login needs none of it, and issue 15 gives /login's first load 120 KB of JavaScript.
 * Fetched once a signed-in screen is on its way: at the start for any other first URL (in parallel with the
 * session check, bootstrap.tsx), and on /login when the form is sent (in parallel with the sign-in).
 */
type SignedInChunk = typeof import('./signed-in-layout');

/** A dropped connection or a deploy caught half-way: asked again after these pauses, within 15 s in all. */
const RETRY_DELAYS = [500, 1_500, 4_000];
const DEADLINE_MS = 15_000;

let loading: Promise<SignedInChunk> | null = null;
let loaded: SignedInChunk | null = null;

/** The chunk, fetched at most once at a time; a load that failed for good is tried afresh at the next call. */
export function loadSignedInChunk(): Promise<SignedInChunk> {
  loading ??= withRetries(() => import(/* webpackChunkName: "signed-in" */ './signed-in-layout'), {
    delays: RETRY_DELAYS,
    deadline: Date.now() + DEADLINE_MS,
  }).then(
    (chunk) => (loaded = chunk),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts the fetch without waiting for it; a failure is reported where the chunk is rendered. */
export function preloadSignedInChunk(): void {
  loadSignedInChunk().catch(() => undefined);
}

/**
 * A component of the chunk, for React.lazy. Once the chunk is here it is handed over at once: a thenable that
 * calls back synchronously lets React.lazy render it in the same pass. A promise, even a settled one, would
 * suspend the screen for a moment, and React holds a revealed Suspense boundary back for 300 ms after its
 * fallback showed (its fallback throttle), which the frame and the dashboard would each have paid.
 */
export function signedInComponent<P extends object>(
  pick: (chunk: SignedInChunk) => ComponentType<P>,
): ComponentType<P> {
  return lazy(() => {
    const ready = loaded;
    if (!ready) return loadSignedInChunk().then((chunk) => ({ default: pick(chunk) }));
    // React.lazy takes "a Promise or another thenable" (react.dev, lazy) and reads one that has called back
    // by the time `then` returns as loaded; its type names only Promise.
    const now = {
      then(resolve: (module: { default: ComponentType<P> }) => void) {
        resolve({ default: pick(ready) });
      },
    };
    return now as unknown as Promise<{ default: ComponentType<P> }>;
  });
}
