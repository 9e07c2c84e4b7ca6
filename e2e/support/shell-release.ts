import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './app-instance.cjs';

/**
 * Today's shell build as the release of another platform version would be, without building it again (issue
 * 26 item 5: the webpack builds of a copy of the workspace were most of platform-minor's time).
 *
 * The shell's build carries the platform's version in exactly two places, both read from
 * platform/package.json at build time (nothing else of the build depends on it):
 * - `PLATFORM_VERSION` (shell/src/federation/remote-contract-check.ts, a JSON import webpack inlines as
 *   `"<version>"`): the version each remote's manifest range is checked against;
 * - the `@loupe/platform` entry of `LOUPE_SHARED_LIBRARIES` (platform/build/federation.cjs, createHostShared):
 *   `version: "<version>"` and `requiredVersion: "^<version>"`, the copy the shell provides to the share scope.
 * A build at another version differs from today's in those strings only, so the copy here has each quoted
 * occurrence of today's version (and of its caret range) replaced, and the precompressed variants of the
 * files it changed removed (the launcher then sends the edited file itself, never a stale variant).
 * `versionSites` checks that both places were found: if the shell stopped embedding its version this way (or
 * today's build is not of today's platform), the copy would not be the release it claims to be, and it throws.
 */
export interface ShellRelease {
  /** The copy's folder, for the launcher's SHELL_DIST. */
  dist: string;
  /** Each edited string with a little of what surrounds it, for a failure message. */
  sites: string[];
  remove(): void;
}

const quoted = (text: string) => new RegExp(`"(\\^?)${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`, 'g');

export function shellRelease(today: string, next: string): ShellRelease {
  const source = path.join(REPO, 'shell', 'dist');
  const root = mkdtempSync(path.join(os.tmpdir(), 'loupe-shell-release-'));
  const dist = path.join(root, 'dist');
  cpSync(source, dist, { recursive: true, filter: (file) => !file.endsWith('.map') });

  const sites: string[] = [];
  for (const name of readdirSync(dist)) {
    if (!/\.(js|html)$/.test(name)) continue;
    const file = path.join(dist, name);
    const text = readFileSync(file, 'utf8');
    const edited = text.replace(quoted(today), (match, caret: string, offset: number) => {
      sites.push(`${name}: …${text.slice(Math.max(0, offset - 120), offset)}"${caret}${next}"`);
      return `"${caret}${next}"`;
    });
    if (edited === text) continue;
    writeFileSync(file, edited);
    for (const variant of ['.br', '.gz']) rmSync(`${file}${variant}`, { force: true });
  }

  const release = { dist, sites, remove: () => rmSync(root, { recursive: true, force: true }) };
  const missing = versionSites(next).filter((site) => !sites.some((found) => site.test(found)));
  if (missing.length > 0) {
    release.remove();
    throw new Error(
      `shell/dist does not carry platform ${today} where a build embeds it (${missing.join(', ')} not found); ` +
        `rebuild it (npm run build -w @loupe/shell), or follow how the shell now embeds its version.\n` +
        `Found:\n  ${sites.join('\n  ') || '(nothing)'}`,
    );
  }
  return release;
}

/** The edited strings the two places above must show: the share entry's version and range, and the check's. */
function versionSites(next: string): RegExp[] {
  const v = next.replace(/\./g, '\\.');
  return [
    new RegExp(`"@loupe/platform":\\{version:"${v}"$`),
    new RegExp(`"@loupe/platform":\\{version:"[^"]*",shareConfig:\\{[^}]*requiredVersion:"\\^${v}"$`),
    new RegExp(`platformVersion:"${v}"$`),
  ];
}
