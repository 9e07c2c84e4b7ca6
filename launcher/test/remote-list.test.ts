import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { readRemoteList, typecheckProjects } from '../src/remote-list.cjs';

// The remote list is written once, in platform/remotes.json (issue 23, item 6): the shell mounts, the launcher
// serves, the lint zones and the CI's suites read it. npm's workspaces name the remotes by a glob ("remote-*"),
// so a remote's folder is a workspace without editing the root package.json; these tests hold the glob and the
// list to each other, so a folder left off the list (or a listed remote without its folder) fails CI by name.
const repo = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8'));

const listed: string[] = readJson('platform/remotes.json').remotes.map(
  (remote: { dir: string }) => remote.dir,
);

/** The folders npm itself takes as workspaces (its own reading of the patterns, not a copy of it). */
function npmWorkspaces(): string[] {
  const output = execFileSync('npm', ['query', '.workspace'], { cwd: repo, encoding: 'utf8' });
  return (JSON.parse(output) as { location: string }[]).map((pkg) => pkg.location);
}

it('names at least the five remotes, each a package of its own', () => {
  expect(listed.length).toBeGreaterThanOrEqual(5);
  for (const dir of listed) expect(existsSync(path.join(repo, dir, 'package.json'))).toBe(true);
});

it('names the remotes in the root package.json by the glob only, never one by one', () => {
  const workspaces: string[] = readJson('package.json').workspaces;
  expect(workspaces).toContain('remote-*');
  expect(workspaces.filter((pattern) => pattern.startsWith('remote-') && pattern !== 'remote-*')).toEqual([]);
});

it('takes every remote of the list as an npm workspace, and every remote-* workspace is on the list', () => {
  const remoteWorkspaces = npmWorkspaces().filter((dir) => dir.startsWith('remote-'));
  expect(listed.filter((dir) => !remoteWorkspaces.includes(dir))).toEqual([]);
  expect(remoteWorkspaces.filter((dir) => !listed.includes(dir))).toEqual([]);
}, 60_000);

describe('the TypeScript build (npm run typecheck)', () => {
  const rootReferences = () => {
    const { config, error } = ts.readConfigFile(path.join(repo, 'tsconfig.json'), ts.sys.readFile);
    if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
    return (config.references as { path: string }[]).map((ref) => path.normalize(ref.path));
  };

  it('is the root tsconfig.json and every remote of the list, derived from the list', () => {
    const projects = typecheckProjects().map((project) => path.relative(repo, project));
    expect(projects).toEqual(['tsconfig.json', ...listed]);
    for (const dir of listed) expect(existsSync(path.join(repo, dir, 'tsconfig.json'))).toBe(true);
    const list = readRemoteList();
    const extra = { key: 'ledger', dir: 'remote-ledger', prefixes: ['/ledger'] };
    expect(typecheckProjects(repo, { ...list, remotes: [...list.remotes, extra] }).at(-1)).toBe(
      path.join(repo, 'remote-ledger'),
    );
  });

  it('keeps no second list of the remotes in the root tsconfig.json', () => {
    expect(rootReferences().filter((ref) => ref.startsWith('remote-'))).toEqual([]);
  });

  it('leaves no workspace with a tsconfig.json out (e2e has its own check: tsc -p e2e)', () => {
    const built = [...rootReferences(), ...listed];
    const workspaces = npmWorkspaces().filter((dir) => existsSync(path.join(repo, dir, 'tsconfig.json')));
    expect(workspaces.filter((dir) => dir !== 'e2e' && !built.includes(dir))).toEqual([]);
  }, 60_000);

  it('is what the root package.json runs', () => {
    expect(readJson('package.json').scripts.typecheck).toBe('node launcher/src/typecheck.cjs');
  });
});
