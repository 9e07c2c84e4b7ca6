// Types of federation.cjs for the TypeScript that reads it (platform's compatibility test).
export interface SharedLibraryConfig {
  singleton: true;
  requiredVersion: string;
  strictVersion: boolean;
  eager: boolean;
  version?: string;
}

export interface HostSharedLibrary {
  version: string;
  shareConfig: { singleton: true; requiredVersion: string; strictVersion: boolean };
}

/** A bare version as its caret range (the compatibility policy); a range already written is kept. */
export function compatibleRange(spec: string): string;
export function createSharedConfig(dir: string): Record<string, SharedLibraryConfig>;
export function createHostShared(dir: string): Record<string, HostSharedLibrary>;
export const ROUTER_SURFACE: string;
