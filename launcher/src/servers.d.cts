// Types of servers.cjs for the TypeScript tests.
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import type { Config } from '@loupe/server';
import type { PlannedRemote } from './lib.cjs';

/** A value is a source, or a function helmet calls per response (the origins of deployed remotes). */
export type CspDirectives = Record<string, Array<string | (() => string)>>;
export declare function inlineScriptHashes(html: string): string[];
export declare function remoteSources(
  plan: readonly PlannedRemote[],
  allowedHosts: readonly string[],
): string[];
export declare function shellCsp(options: {
  plan: readonly PlannedRemote[];
  allowedHosts: readonly string[];
  html: string;
  deployedOrigins?: () => string[];
}): CspDirectives;
export declare function createRemoteServer(options: {
  dist: string;
  config: Config;
}): Promise<FastifyInstance>;
export declare function createShellServer<Options extends object>(options: {
  dist: string;
  plan: readonly PlannedRemote[];
  config: Config;
  api: { plugin: FastifyPluginAsync<Options>; options: Options };
  /** The public site (storefront, feeds, enquiry form), mounted at the root beside the shell's pages. */
  publicSite?: { plugin: FastifyPluginAsync<Options>; options: Options };
  logger?: FastifyServerOptions['logger'];
  /** The deployed-remotes file (remote:deploy), read on every /remotes.json and page. */
  remotesFile?: string;
}): Promise<FastifyInstance>;
