import { readFileSync } from 'node:fs';
import path from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';
import { compatibleRange, createHostShared, createSharedConfig } from '../build/federation.cjs';
import { parseVersion, satisfies } from '../build/remote-contract.cjs';

/**
 * The compatibility policy (platform/README.md) as the two checks that enforce it read it: the shell's
 * contract check of a remote's manifest, and the federation runtime's check of each shared library's
 * `requiredVersion` (its own `satisfy`, which warns on the console when a singleton does not match).
 */
const repo = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8'));
const PLATFORM: string = readJson('platform/package.json').version;
const REMOTES: Array<{ dir: string }> = readJson('platform/remotes.json').remotes;

function bump(version: string, part: 'minor' | 'major'): string {
  const v = parseVersion(version);
  if (!v) throw new Error(`not a version: ${version}`);
  return part === 'minor' ? `${v.major}.${v.minor + 1}.0` : `${v.major + 1}.0.0`;
}

function nextPatch(version: string): string {
  const v = parseVersion(version);
  return v ? `${v.major}.${v.minor}.${v.patch + 1}` : version;
}

it('the platform is past 0.x, so a caret range lets minors through', () => {
  expect(parseVersion(PLATFORM)?.major).toBeGreaterThanOrEqual(1);
});

it('a bare version becomes its caret range; a range already written is kept', () => {
  expect(compatibleRange('1.0.0')).toBe('^1.0.0');
  expect(compatibleRange('19.3.1')).toBe('^19.3.1');
  expect(compatibleRange('1.1.0-rc.1')).toBe('^1.1.0-rc.1');
  expect(compatibleRange('^5.108.0')).toBe('^5.108.0');
  expect(compatibleRange('~2.0.8')).toBe('~2.0.8');
});

describe.each(REMOTES.map((remote) => remote.dir))('%s built today', (dir) => {
  const shared = createSharedConfig(path.join(repo, dir));
  const provided = createHostShared(path.join(repo, 'shell'));

  it('takes every shared copy of the shell built with it, and of the next minor; none of the next major', () => {
    for (const [library, { requiredVersion }] of Object.entries(shared)) {
      const version = provided[library]?.version as string;
      expect([library, satisfy(version, requiredVersion)]).toEqual([library, true]);
      expect([library, satisfy(bump(version, 'major'), requiredVersion)]).toEqual([library, false]);
      // In 0.x semver gives a minor the weight of a major: @loupe/contracts (0.1.0) is still there, so
      // its next minor is refused by the same rule, and only its patches pass.
      const next = (parseVersion(version)?.major ?? 0) >= 1 ? bump(version, 'minor') : nextPatch(version);
      expect([library, next, satisfy(next, requiredVersion)]).toEqual([library, next, true]);
    }
  });

  it('declares the platform it was built against: mounted by the next minor’s shell, refused by the next major’s', () => {
    const declared = compatibleRange(PLATFORM);
    expect(shared['@loupe/platform']?.requiredVersion).toBe(declared);
    expect(satisfies(PLATFORM, declared)).toBe(true);
    expect(satisfies(bump(PLATFORM, 'minor'), declared)).toBe(true);
    expect(satisfies(bump(PLATFORM, 'major'), declared)).toBe(false);
  });
});
