import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Both src/modules/auth and dist/modules/auth sit three levels below the package folder. */
export const COMMON_PASSWORDS_FILE = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  'resources',
  'common-passwords.txt.gz',
);

/**
 * The demo accounts' password. It is published in the README, so no account that matters may keep it: new
 * passwords refuse it, and a production start refuses to run while an active account still has it.
 */
export const DEMO_PASSWORD = 'loupe-demo-2026';

let cache: Set<string> | undefined;

/** The 20,000 most common passwords, lower-cased (see scripts/extract-common-passwords.mjs). */
export function commonPasswords(): Set<string> {
  cache ??= new Set(
    gunzipSync(readFileSync(COMMON_PASSWORDS_FILE))
      .toString('utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return cache;
}
