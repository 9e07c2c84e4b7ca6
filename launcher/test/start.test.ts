import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const START = path.join(__dirname, '..', 'src', 'start.mjs');

/** Runs `npm start`'s script with `env`; settings are checked before anything is built or opened. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [START], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe('npm start (launcher/src/start.mjs)', () => {
  it('refuses an unusable PORT before building or serving anything', () => {
    const { status, stderr } = start({ PORT: 'eighty' });
    expect(status).toBe(1);
    expect(stderr).toContain('npm start: PORT must be a port number from 1 to 65535 (got "eighty")');
  });

  it('refuses a remote URL that is not http(s), naming its variable', () => {
    const { status, stderr } = start({ REMOTE_FINANCE_URL: 'ftp://finance.example.com' });
    expect(status).toBe(1);
    expect(stderr).toContain(
      'npm start: REMOTE_FINANCE_URL must be an http(s) URL (got "ftp://finance.example.com")',
    );
  });
});

describe('the shell package', () => {
  it('carries no server: the API and the static servers are the launcher’s dependencies', () => {
    const read = (dir: string) =>
      JSON.parse(readFileSync(path.join(__dirname, '..', '..', dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
    const shell = read('shell');
    const shellDeps = Object.keys({ ...shell.dependencies, ...shell.devDependencies });
    const launcherDeps = Object.keys(read('launcher').dependencies ?? {});
    expect(launcherDeps).toEqual(expect.arrayContaining(['@loupe/server', 'fastify', '@fastify/static']));
    for (const dependency of launcherDeps) expect(shellDeps).not.toContain(dependency);
  });
});
