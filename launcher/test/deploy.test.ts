import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EXIT, main } from '../src/deploy.cjs';

/** The platform this checkout is at (the deploy command checks against it), and a build's range for it. */
const PLATFORM: string = JSON.parse(
  readFileSync(path.join(__dirname, '..', '..', 'platform', 'package.json'), 'utf8'),
).version;
const BUILT_FOR_THIS = `^${PLATFORM}`;

/**
 * A remote's build served by a small local server, whose headers and manifest each test bends to the
 * refusal it wants: a real HTTP round trip, as the command makes against a CDN.
 */
interface Served {
  manifest: unknown;
  cors: string | null;
  manifestCache: string;
  entryCache: string;
  entryStatus: number;
}

let served: Served;
let server: Server;
let base: string;
let work: string;
let file: string;

function inventoryManifest(platform = BUILT_FOR_THIS, exposes = ['./routes', './widgets']) {
  return {
    id: 'remote_inventory',
    name: 'remote_inventory',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: exposes.map((p) => ({ name: p.slice(2), path: p })),
    loupe: { platform, builtWith: platform.slice(1), exposes },
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const headers: Record<string, string> = {};
    if (served.cors) headers['Access-Control-Allow-Origin'] = served.cors;
    if (request.url?.endsWith('/mf-manifest.json')) {
      response.writeHead(200, { ...headers, 'Cache-Control': served.manifestCache });
      response.end(JSON.stringify(served.manifest));
    } else if (request.url?.endsWith('/remoteEntry.js')) {
      response.writeHead(served.entryStatus, { ...headers, 'Cache-Control': served.entryCache });
      response.end('var remote_inventory;');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  served = {
    manifest: inventoryManifest(),
    cors: '*',
    manifestCache: 'no-cache',
    entryCache: 'no-cache',
    entryStatus: 200,
  };
  work = mkdtempSync(path.join(os.tmpdir(), 'loupe-deploy-'));
  file = path.join(work, 'deployed-remotes.json');
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    argv,
    { DATA_DIR: work, SHELL_ORIGIN: 'https://loupe.example' },
    {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const deployed = () => JSON.parse(readFileSync(file, 'utf8'));

describe('npm run remote:deploy', () => {
  it('checks the build, then switches the remote in one rename, keeping what it replaced', async () => {
    const first = await run('deploy', 'inventory', `${base}/v1/`);
    expect(first.err).toBe('');
    expect(first.code).toBe(EXIT.ok);
    expect(first.out).toContain(
      `✓ reachable, CORS allows https://loupe.example, no-cache: ${base}/v1/mf-manifest.json`,
    );
    expect(first.out).toContain(
      `✓ built for @loupe/platform ${BUILT_FOR_THIS} (this platform: ${PLATFORM}), exposes ./routes, ./widgets`,
    );
    expect(first.out).toContain(`Deployed inventory: ${base}/v1/mf-manifest.json`);
    expect(deployed().remotes.inventory).toMatchObject({
      entry: `${base}/v1/mf-manifest.json`,
      previous: { entry: null },
    });

    const second = await run('deploy', 'remote-inventory', `${base}/v2/mf-manifest.json`);
    expect(second.code).toBe(EXIT.ok);
    expect(deployed().remotes.inventory).toMatchObject({
      entry: `${base}/v2/mf-manifest.json`,
      previous: { entry: `${base}/v1/mf-manifest.json` },
    });
    // Nothing half-written is left beside it.
    expect(readdirSync(work)).toEqual(['deployed-remotes.json']);
  });

  it.each([
    [
      'no CORS for the shell',
      { cors: null },
      EXIT.headers,
      "does not allow the shell's origin https://loupe.example (Access-Control-Allow-Origin: none)",
    ],
    [
      'CORS for another origin',
      { cors: 'https://other.example' },
      EXIT.headers,
      'Access-Control-Allow-Origin: https://other.example',
    ],
    [
      'a cached manifest',
      { manifestCache: 'public, max-age=3600' },
      EXIT.headers,
      'may be cached (Cache-Control: public, max-age=3600); it must be served no-cache',
    ],
    [
      'a cached entry script',
      { entryCache: 'public, max-age=31536000, immutable' },
      EXIT.headers,
      'the entry script',
    ],
    ['a missing entry script', { entryStatus: 404 }, EXIT.unreachable, 'answered 404, not 200'],
    [
      'another major of the platform',
      { manifest: inventoryManifest('^2.0.0') },
      EXIT.incompatible,
      `remote_inventory was built for @loupe/platform ^2.0.0; this shell provides ${PLATFORM}`,
    ],
    [
      'a missing expose',
      { manifest: inventoryManifest(BUILT_FOR_THIS, ['./routes']) },
      EXIT.incompatible,
      'does not expose ./widgets',
    ],
    [
      'another remote’s build',
      { manifest: { ...inventoryManifest(), name: 'remote_clients' } },
      EXIT.incompatible,
      'the manifest is the build of "remote_clients"',
    ],
  ])('refuses %s, changing nothing', async (_what, change, code, message) => {
    writeFileSync(file, JSON.stringify({ remotes: {} }));
    const before = readFileSync(file, 'utf8');
    Object.assign(served, change);
    const result = await run('deploy', 'inventory', `${base}/v3/`);
    expect(result.code).toBe(code);
    expect(result.err).toContain('remote:deploy: refused — ');
    expect(result.err).toContain(message);
    expect(result.err).toContain('Nothing was changed');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('refuses an address nobody answers at, a bad URL and an unknown remote', async () => {
    const closed = await run('deploy', 'inventory', 'http://127.0.0.1:9/');
    expect(closed.code).toBe(EXIT.unreachable);
    expect(closed.err).toContain('http://127.0.0.1:9/mf-manifest.json cannot be reached');
    expect((await run('deploy', 'inventory', 'ftp://example.com/')).code).toBe(EXIT.usage);
    const unknown = await run('deploy', 'billing', `${base}/v1/`);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toContain(
      'unknown remote "billing": one of auth, inventory, clients, finance, admin',
    );
    expect((await run('deploy', 'inventory')).code).toBe(EXIT.usage);
  });
});

describe('npm run remote:rollback', () => {
  it('switches back to the previous entry, then forward again; the start’s own is a previous entry too', async () => {
    await run('deploy', 'inventory', `${base}/v1/`);
    await run('deploy', 'inventory', `${base}/v2/`);
    const back = await run('rollback', 'inventory');
    expect(back.code).toBe(EXIT.ok);
    expect(back.out).toContain(`Rolled back inventory: ${base}/v1/mf-manifest.json`);
    expect(deployed().remotes.inventory).toMatchObject({
      entry: `${base}/v1/mf-manifest.json`,
      previous: { entry: `${base}/v2/mf-manifest.json` },
    });
    expect((await run('rollback', 'inventory')).code).toBe(EXIT.ok);
    expect(deployed().remotes.inventory.entry).toBe(`${base}/v2/mf-manifest.json`);
  });

  it('goes back to the start’s own entry after a first deploy, and refuses a remote never deployed', async () => {
    await run('deploy', 'inventory', `${base}/v1/`);
    const back = await run('rollback', 'inventory');
    expect(back.code).toBe(EXIT.ok);
    expect(back.out).toContain('Rolled back inventory: the start’s own (REMOTE_*_URL or its local port)');
    expect(deployed().remotes.inventory.entry).toBeNull();
    const none = await run('rollback', 'clients');
    expect(none.code).toBe(EXIT.nothingToRollBack);
    expect(none.err).toContain('clients has no previous entry to go back to');
  });
});
