import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// The remote list is written once, in platform/remotes.json (issue 23, item 6): the shell mounts, the launcher
// serves, the lint zones and the CI's suites read it. The two lists that JSON cannot derive — npm's workspaces
// and TypeScript's project references — are held to it here, so a remote added or removed in one place and
// forgotten in another fails CI with the file and the name.
const repo = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8'));

const listed: string[] = readJson('platform/remotes.json').remotes.map((remote: { dir: string }) => remote.dir);

/** npm's workspace patterns, a trailing `*` expanded as npm does for a folder name. */
function workspaceDirs(): string[] {
  return (readJson('package.json').workspaces as string[]).flatMap((pattern) => {
    if (!pattern.endsWith('*')) return [pattern];
    const prefix = pattern.slice(0, -1);
    return readdirSync(repo, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith(prefix))
      .map((entry) => entry.name);
  });
}

it('names at least the five remotes, each a package of its own', () => {
  expect(listed.length).toBeGreaterThanOrEqual(5);
  for (const dir of listed) expect(existsSync(path.join(repo, dir, 'package.json'))).toBe(true);
});

it('every remote of the list is an npm workspace, and every remote-* folder with a package is on the list', () => {
  const workspaces = workspaceDirs();
  expect(listed.filter((dir) => !workspaces.includes(dir))).toEqual([]);
  const folders = readdirSync(repo, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('remote-'))
    .filter((entry) => existsSync(path.join(repo, entry.name, 'package.json')))
    .map((entry) => entry.name);
  expect(folders.filter((dir) => !listed.includes(dir))).toEqual([]);
});

it('every remote of the list is a TypeScript project reference of the root build (tsc -b)', () => {
  const references = (readJson('tsconfig.json').references as { path: string }[]).map((ref) =>
    path.normalize(ref.path),
  );
  expect(listed.filter((dir) => !references.includes(dir))).toEqual([]);
});
