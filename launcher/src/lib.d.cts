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

export interface DeployedEntry {
  /** The remote's manifest URL; null after a rollback to the start's own. */
  entry: string | null;
  deployedAt: string;
  /** What it replaced: another deploy, or null for the start's own (REMOTE_*_URL or its local port). */
  previous: { entry: string | null; deployedAt: string | null } | null;
}
export interface DeployedRemotes {
  remotes: Record<string, DeployedEntry | undefined>;
}
export declare function deployedRemotesFile(env: Env, dataDir: string): string;
export declare function readDeployedRemotes(file: string): DeployedRemotes;
export declare function writeDeployedRemotes(file: string, data: DeployedRemotes): void;
export declare function applyDeployed(
  plan: readonly PlannedRemote[],
  deployed: DeployedRemotes,
): PlannedRemote[];
