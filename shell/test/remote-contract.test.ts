import {
  checkRemoteContract,
  declaredPlatformRange,
  describeRange,
  satisfies,
} from '@loupe/platform/build/remote-contract.cjs';

describe('platform ranges (npm semver)', () => {
  it.each([
    ['1.4.0', '^1.2.0', true], // a remote built against an older minor
    ['1.4.0', '^1.4.0', true],
    ['1.4.7', '^1.4.2', true],
    ['1.4.0', '^1.6.0', false], // built against a newer minor: it may use exports this platform lacks
    ['1.4.0', '>=1.2.0 <3.0.0', true], // a team that declares the newer minors it still runs on
    ['2.0.0', '^1.2.0', false],
    ['1.9.9', '^2.0.0', false],
    ['0.1.0', '^0.1.0', true],
    ['0.1.3', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false], // 0.x: a minor is a major
    ['0.1.0', '^0.1.0-rc.2', true], // a remote built from the release candidate before 0.1.0
    ['0.1.0-rc.1', '^0.1.0-rc.2', false],
    ['1.4.0', '~1.4.0', true],
    ['1.5.0', '~1.4.0', false],
    ['1.4.0', '1.x', true],
    ['1.4.0', '2.x || 1.x', true],
    ['1.4.0', '1.4.0', true],
    ['1.4.1', '1.4.0', false],
    ['1.4.0', 'not a range', false],
    ['1.4.0', '', false],
    ['one', '^1.0.0', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('names the platform a range was built for as staff can read it', () => {
    expect(describeRange('^2.0.0')).toBe('2.0');
    expect(describeRange('>=2.1.0 <3.0.0')).toBe('2.1');
    expect(describeRange('2.x')).toBe('2');
  });
});

/** A manifest as the shared webpack config writes it. */
function manifest(name: string, platform: string, exposes: string[]) {
  return {
    id: name,
    name,
    exposes: exposes.map((path) => ({ name: path.slice(2), path })),
    loupe: { platform, builtWith: platform.replace(/^\^/, ''), exposes },
  };
}

describe('a remote’s contract with the shell', () => {
  const inventory = { name: 'remote_inventory', exposes: ['./routes', './widgets'] };

  it('accepts a build for an older or the same minor of the platform with every module the shell mounts', () => {
    for (const range of ['^1.2.0', '^1.4.0']) {
      expect(
        checkRemoteContract({
          ...inventory,
          platformVersion: '1.4.0',
          manifest: manifest('remote_inventory', range, ['./routes', './widgets']),
        }),
      ).toEqual({ ok: true, range });
    }
  });

  it('refuses another major, naming it for staff and both versions for the team', () => {
    expect(
      checkRemoteContract({
        ...inventory,
        platformVersion: '1.4.0',
        manifest: manifest('remote_inventory', '^2.0.0', ['./routes', './widgets']),
      }),
    ).toEqual({
      ok: false,
      problem: 'platform',
      platform: '2.0',
      message: 'remote_inventory was built for @loupe/platform ^2.0.0; this shell provides 1.4.0',
    });
  });

  it('refuses a build without a module the shell mounts (the widgets of a remote that has them)', () => {
    expect(
      checkRemoteContract({
        ...inventory,
        platformVersion: '1.4.0',
        manifest: manifest('remote_inventory', '^1.4.0', ['./routes']),
      }),
    ).toEqual({
      ok: false,
      problem: 'exposes',
      missing: ['./widgets'],
      message: 'remote_inventory does not expose ./widgets (it exposes ./routes), which this shell mounts',
    });
  });

  it('refuses another remote’s build and a manifest that is not an object', () => {
    const other = checkRemoteContract({
      ...inventory,
      platformVersion: '1.4.0',
      manifest: manifest('remote_clients', '^1.4.0', ['./routes', './widgets']),
    });
    expect(other).toMatchObject({ ok: false, problem: 'manifest' });
    expect(checkRemoteContract({ ...inventory, platformVersion: '1.4.0', manifest: [] })).toMatchObject({
      ok: false,
      problem: 'manifest',
    });
  });

  it('reads a build from before the contract by the platform version its shared list names', () => {
    const legacy = {
      name: 'remote_admin',
      shared: [{ name: '@loupe/platform', version: '0.1.0', requiredVersion: '0.1.0' }],
      exposes: [{ name: 'routes', path: './routes' }],
    };
    expect(declaredPlatformRange(legacy)).toBe('^0.1.0');
    expect(
      checkRemoteContract({
        name: 'remote_admin',
        exposes: ['./routes'],
        platformVersion: '0.1.0',
        manifest: legacy,
      }),
    ).toEqual({ ok: true, range: '^0.1.0' });
    expect(
      checkRemoteContract({
        name: 'remote_admin',
        exposes: ['./routes'],
        platformVersion: '0.1.0',
        manifest: { name: 'remote_admin', exposes: legacy.exposes },
      }),
    ).toMatchObject({ ok: false, problem: 'platform', platform: 'unknown' });
  });
});
