import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './app-instance.cjs';

/** One remote of the platform's remote list (platform/remotes.json), as far as the browser suite needs it. */
export interface ListedRemote {
  key: string;
  name: string;
  /** What staff read for it, e.g. in its area's notice ("Admin is unavailable"). */
  title: string;
  dir: string;
  prefixes: string[];
}

/**
 * The remotes the shell mounts, read from the one remote list, so that a remote added there is expected by
 * every browser test that counts or tours the remotes, without editing them.
 */
export const REMOTES: readonly ListedRemote[] = (
  JSON.parse(readFileSync(path.join(REPO, 'platform', 'remotes.json'), 'utf8')) as {
    remotes: ListedRemote[];
  }
).remotes;
