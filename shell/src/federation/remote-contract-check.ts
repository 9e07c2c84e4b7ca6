import platformPackage from '@loupe/platform/package.json';
import {
  checkRemoteContract,
  requiredExposes,
  type ContractCheck,
} from '@loupe/platform/build/remote-contract.cjs';
import type { RemoteDefinition } from './remote-catalog';

/** The platform this shell was built with: what every remote's declared range must include. */
export const PLATFORM_VERSION: string = platformPackage.version;

type Refusal = Extract<ContractCheck, { ok: false }>;

/**
 * A remote whose manifest breaks its contract with this shell (another platform, a missing module): loading
 * it again cannot help, so it is neither retried nor mounted.
 */
export class RemoteIncompatibleError extends Error {
  override name = 'RemoteIncompatibleError';

  constructor(
    readonly remote: RemoteDefinition,
    readonly refusal: Refusal,
    readonly manifestUrl: string,
  ) {
    super(refusal.message);
  }
}

/** Throws RemoteIncompatibleError unless this shell may mount `remote` as `manifest` describes it. */
export function assertCompatible(remote: RemoteDefinition, manifest: unknown, manifestUrl: string): void {
  const check = checkRemoteContract({
    manifest,
    name: remote.name,
    platformVersion: PLATFORM_VERSION,
    exposes: requiredExposes(remote),
  });
  if (!check.ok) throw new RemoteIncompatibleError(remote, check, manifestUrl);
}

/**
 * The reason staff read in the remote's area: what happened, in their words, and that it is the remote's
 * build that must change (reloading will not help). The technical detail goes to the console for its team.
 */
export function incompatibilityReason(error: RemoteIncompatibleError): string {
  const { title } = error.remote;
  const { refusal } = error;
  if (refusal.problem === 'platform') {
    const platform =
      refusal.platform && refusal.platform !== 'unknown' ? ` (platform ${refusal.platform})` : '';
    return `${title} was built for a different version of Loupe${platform} and cannot be shown until its team releases an update.`;
  }
  if (refusal.problem === 'exposes') {
    return `${title} was built for a different version of Loupe and lacks a part this version needs, so it cannot be shown until its team releases an update.`;
  }
  return `${title} was not deployed correctly and cannot be shown until its team fixes it.`;
}
