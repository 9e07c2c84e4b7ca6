import type { ModuleFederation } from '@module-federation/enhanced/runtime';

let instance: Promise<ModuleFederation> | null = null;

/**
 * The federation runtime, created at the first call: the runtime's code (22 KB compressed) is a chunk of its
 * own, fetched when a page first needs a remote — never on /login, which loads none. It gets the container
 * name the remotes know the shell by, no remotes (the loader registers each from /remotes.json) and the
 * shell's copies of the shared libraries; 'loaded-first' makes a remote take them rather than compare its
 * own versions, as the remotes' builds ask. A failed download is forgotten, so the next attempt fetches again.
 */
export function federationRuntime(): Promise<ModuleFederation> {
  if (!instance) {
    // One chunk for both: the runtime and the namespaces it hands to remotes are only needed together.
    const pending = Promise.all([
      import(/* webpackChunkName: "federation" */ '@module-federation/enhanced/runtime'),
      import(/* webpackChunkName: "federation" */ './shared-copies'),
      import(/* webpackChunkName: "federation" */ '@module-federation/inject-external-runtime-core-plugin'),
    ]).then(([runtime, copies, provideRuntimeCore]) =>
      runtime.createInstance({
        name: 'shell',
        remotes: [],
        shared: copies.sharedLibraries(),
        shareStrategy: 'loaded-first',
        // Platform 1.1: this instance's runtime core, handed to the page (`_FEDERATION_RUNTIME_CORE`) before
        // any remote loads, is the one a remote built with `externalRuntime` (platform/build/webpack.cjs) uses
        // instead of its own copy; remotes built before 1.1 still bring theirs.
        plugins: [provideRuntimeCore.default()],
      }),
    );
    instance = pending;
    pending.catch(() => {
      if (instance === pending) instance = null;
    });
  }
  return instance;
}
