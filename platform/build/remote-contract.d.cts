// Types of remote-contract.cjs for the TypeScript packages that load it (the shell, the launcher's tests).

export declare const CONTRACT_KEY: 'loupe';

export declare function requiredExposes(remote: { widgets: boolean }): string[];

export declare function parseVersion(
  text: string,
): { major: number; minor: number; patch: number; pre: string[] } | null;

export declare function satisfies(version: string, range: string): boolean;

export declare function describeRange(range: string): string;

export declare function declaredPlatformRange(manifest: unknown): string | null;

export declare function manifestExposes(manifest: unknown): string[];

export type ContractCheck =
  | { ok: true; range: string }
  | {
      ok: false;
      problem: 'manifest' | 'platform' | 'exposes';
      message: string;
      platform?: string;
      missing?: string[];
    };

export declare function checkRemoteContract(options: {
  manifest: unknown;
  name: string;
  platformVersion: string;
  exposes: string[];
}): ContractCheck;
