// Types of lib.cjs for the TypeScript tests.
export interface RemoteInfo {
  key: 'auth' | 'inventory' | 'clients' | 'finance' | 'admin';
  name: string;
  dir: string;
  env: string;
}
export type PlannedRemote = RemoteInfo & ({ local: true; port: number } | { local: false; url: string });
export type Env = Record<string, string | undefined>;
export declare const REMOTES: readonly RemoteInfo[];
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
