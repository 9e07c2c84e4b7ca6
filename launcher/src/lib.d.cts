// Types of lib.cjs for the TypeScript tests.
import type list from '../../platform/remotes.json';

/** One entry of the remotes list, platform/remotes.json. */
export type RemoteInfo = (typeof list.remotes)[number];
export type PlannedRemote = RemoteInfo & ({ local: true; port: number } | { local: false; url: string });
export type Env = Record<string, string | undefined>;
export declare const REMOTES: readonly RemoteInfo[];
export declare const REMOTES_PORT_SPAN: number;
export declare const NO_CACHE: string;
export declare const IMMUTABLE: string;
export declare function planRemotes(env: Env): PlannedRemote[];
export declare function manifestUrl(base: string): string;
export declare function remotesConfig(
  plan: readonly PlannedRemote[],
  origin?: { protocol?: string; hostname?: string },
): { remotes: { name: string; entry: string }[] };
export declare function devRemotesConfig(
  env: Env,
  hostname: string,
): { remotes: { name: string; entry: string }[] };
export declare function cacheControlFor(fileName: string): string;
export declare function shellPort(env: Env): number;
