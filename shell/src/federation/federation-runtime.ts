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
    ]).then(([runtime, copies]) =>
      runtime.createInstance({
        name: 'shell',
        remotes: [],
        shared: copies.sharedLibraries(),
        shareStrategy: 'loaded-first',
      }),
    );
    instance = pending;
    pending.catch(() => {
      if (instance === pending) instance = null;
    });
  }
  return instance;
}
