import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, loupeApi, openDatabase, publicSite, type Config, type LoupeDb } from '@loupe/server';
import { planRemotes, writeDeployedRemotes } from '../src/lib.cjs';
import { createRemoteServer, createShellServer } from '../src/servers.cjs';

const THEME_SCRIPT = "\n      document.documentElement.dataset.theme = 'dark';\n    ";
const INDEX_HTML = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script defer src="/main.0123456789abcdef.js"></script></head><body><div id="root"></div></body></html>`;

let work: string;
let db: LoupeDb;
let config: Config;
let shell: FastifyInstance;
let remote: FastifyInstance;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'loupe-launcher-'));
  const shellDist = path.join(work, 'shell');
  const remoteDist = path.join(work, 'remote');
  for (const dir of [shellDist, remoteDist]) mkdirSync(dir);
  writeFileSync(path.join(shellDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(shellDist, 'main.0123456789abcdef.js'), 'console.log(1);\n');
  writeFileSync(path.join(shellDist, 'main.0123456789abcdef.js.map'), '{"version":3}');
  writeFileSync(path.join(remoteDist, 'mf-manifest.json'), '{"id":"remote_auth"}');
  writeFileSync(path.join(remoteDist, 'remoteEntry.js'), 'var remote_auth;\n');
  writeFileSync(path.join(remoteDist, 'remoteEntry.js.map'), '{"version":3}');
  // The federation plugin's build report: every module and source path of the build.
  for (const dir of [shellDist, remoteDist]) {
    writeFileSync(path.join(dir, 'mf-stats.json'), '{"metaData":{"buildInfo":{}}}');
    writeFileSync(path.join(dir, 'mf-stats.json.gz'), 'gzip');
    writeFileSync(path.join(dir, 'mf-stats.json.br'), 'brotli');
  }

  config = loadConfig({ DATA_DIR: path.join(work, 'data'), LOUPE_DEMO: '0', LOG_LEVEL: 'silent' });
  db = await openDatabase(config);
  shell = await createShellServer({
    dist: shellDist,
    plan: planRemotes({ REMOTE_ADMIN_URL: 'https://admin.loupe.example/' }),
    config,
    api: { plugin: loupeApi, options: { db, config } },
    publicSite: { plugin: publicSite, options: { db, config } },
    remotesFile: path.join(work, 'deployed-remotes.json'),
  });
  remote = await createRemoteServer({ dist: remoteDist, config });
  // Its plugins load here, within this hook's time, not in the first test's five seconds.
  await shell.ready();
  // Opening the embedded database takes seconds, more on a busy machine.
}, 120_000);

afterAll(async () => {
  await shell?.close();
  await remote?.close();
  await db?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .filter(Boolean)
      .map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
  );
}

/** What every answer but a script or style sheet carries: never framed, never sniffed, no HSTS over HTTP. */
function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(csp(res)['frame-ancestors']).toEqual(["'none'"]);
}

/** A page, plain text, a file: the common headers and those only a document reads. */
function expectDocumentHeaders(res: LightMyRequestResponse) {
  expectCommonHeaders(res);
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(\)/);
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
}

/**
 * A JSON answer (the API, the remotes list, a manifest): the common headers, as OWASP's REST Security Cheat
 * Sheet lists them for API responses, without the document's (server/src/plugins/headers.ts).
 */
function expectJsonHeaders(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expectCommonHeaders(res);
  expect(res.headers['referrer-policy']).toBeUndefined();
  expect(res.headers['permissions-policy']).toBeUndefined();
  expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
}

describe('the shell server (npm start)', () => {
  it('serves the page under a CSP that allows its inline theme script by hash, not unsafe-inline', async () => {
    for (const url of ['/', '/inventory/edit/7']) {
      const res = await shell.inject({ url, headers: { host: 'localhost:8080' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
      expectDocumentHeaders(res);
      const policy = csp(res);
      const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
      expect(policy['script-src']).toContain(hash);
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['script-src']).not.toContain("'unsafe-eval'");
      // Remotes: each local one's port on the allowed names, an external one by its origin.
      for (const source of ['localhost:8081', '127.0.0.1:8084', 'https://admin.loupe.example']) {
        expect(policy['script-src']).toContain(source);
        expect(policy['connect-src']).toContain(source);
      }
      expect(policy['script-src']).not.toContain('localhost:8085');
      expect(policy['style-src']).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
    }
  });

  it('never serves source maps, and a missing asset is a 404 rather than the page', async () => {
    const script = await shell.inject({ url: '/main.0123456789abcdef.js' });
    expect(script.statusCode).toBe(200);
    // A script is no document: nosniff stays, the page's policies (the CSP alone is 1 KB) are left off.
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/main.0123456789abcdef.js.map', '/missing.0123456789abcdef.js']) {
      const res = await shell.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expectJsonHeaders(res);
    }
  });

  it('answers /remotes.json with Vary: Host, addressing local remotes on the host the browser used', async () => {
    const res = await shell.inject({ url: '/remotes.json', headers: { host: '127.0.0.1:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('Host');
    expect(res.json().remotes[0]).toEqual({
      name: 'remote_auth',
      entry: 'http://127.0.0.1:8081/mf-manifest.json',
    });
    expectJsonHeaders(res);
  });

  it('serves a deploy (and a rollback) from the deployed-remotes file at the next request, no restart', async () => {
    const file = path.join(work, 'deployed-remotes.json');
    const entry = () =>
      shell
        .inject({ url: '/remotes.json', headers: { host: 'localhost:8080' } })
        .then((res) => res.json().remotes.find((r: { name: string }) => r.name === 'remote_inventory').entry);
    const scriptSources = () =>
      shell.inject({ url: '/', headers: { host: 'localhost:8080' } }).then((res) => csp(res)['script-src']);
    expect(await entry()).toBe('http://localhost:8082/mf-manifest.json');

    writeDeployedRemotes(file, {
      remotes: {
        inventory: {
          entry: 'https://cdn.loupe.example/inventory/v2/mf-manifest.json',
          deployedAt: '2026-11-23T17:00:00.000Z',
          previous: { entry: null, deployedAt: null },
        },
      },
    });
    expect(await entry()).toBe('https://cdn.loupe.example/inventory/v2/mf-manifest.json');
    // A page loaded now may load scripts from the new origin.
    expect(await scriptSources()).toContain('https://cdn.loupe.example');

    writeDeployedRemotes(file, {
      remotes: {
        inventory: {
          entry: null,
          deployedAt: '2026-11-23T17:05:00.000Z',
          previous: { entry: 'https://cdn.loupe.example/inventory/v2/mf-manifest.json', deployedAt: null },
        },
      },
    });
    expect(await entry()).toBe('http://localhost:8082/mf-manifest.json');
    expect(await scriptSources()).not.toContain('https://cdn.loupe.example');

    // A broken file never takes the remotes down: the start's list is served.
    writeFileSync(file, '{ not json');
    expect(await entry()).toBe('http://localhost:8082/mf-manifest.json');
    rmSync(file);
  });

  it('sends the headers on API answers too, which are no-store', async () => {
    const res = await shell.inject({ url: '/api/auth-check/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expectJsonHeaders(res);
  });

  it('answers the API with the API’s own policy, not the page’s: a JSON answer loads nothing', async () => {
    const API_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";
    for (const url of ['/api/auth-check/', '/api/csrf/', '/api/no-such-endpoint/', '/api/api/items/']) {
      const res = await shell.inject({ url, headers: { host: 'localhost:8080' } });
      expect([url, res.headers['content-security-policy']]).toEqual([url, API_CSP]);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
      expectJsonHeaders(res);
    }
    // The page keeps its own.
    const page = await shell.inject({ url: '/', headers: { host: 'localhost:8080' } });
    expect(csp(page)['script-src']).toContain("'self'");
  });

  it('answers an unknown API path and a URL Fastify cannot route in the API’s shape', async () => {
    const cases = [
      ['GET', '/api/no-such-endpoint/', 404, 'Not found.'],
      ['GET', '/api/api/items/7/no-such/', 404, 'Not found.'],
      ['GET', `/api/api/items/${'1'.repeat(300)}/`, 404, 'Not found.'],
      ['POST', `/api/api/items/${'1'.repeat(300)}/sell/`, 404, 'Not found.'],
      ['GET', '/api/api/items/%zz/', 400, 'The address is not valid.'],
    ] as const;
    for (const [method, url, status, detail] of cases) {
      const res = await shell.inject({ method, url, headers: { host: 'localhost:8080' } });
      expect([url, res.statusCode, res.json()]).toEqual([url, status, { detail }]);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
      expect(csp(res)['default-src']).toEqual(["'none'"]);
      expectJsonHeaders(res);
    }
  });

  it('serves the public storefront under /store with its own policy (no script), not the app', async () => {
    const closed = await shell.inject({ method: 'GET', url: '/store/no-such-shop/' });
    expect(closed.statusCode).toBe(404);
    expect(closed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(closed.body).toContain('<h1>Page not found</h1>');
    expect(closed.body).not.toContain('<div id="root">');
    expect(csp(closed)['default-src']).toEqual(["'none'"]);
    expect(csp(closed)['script-src']).toBeUndefined();
    expectDocumentHeaders(closed);
    const sheet = closed.body.match(/href="(\/store\/assets\/store\.[0-9a-f]{12}\.css)"/)?.[1];
    const css = await shell.inject({ method: 'GET', url: sheet ?? '/store/assets/none.css' });
    expect([css.statusCode, css.headers['cache-control']]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
  });

  it('never serves the federation build report (mf-stats.json), compressed or not', async () => {
    for (const server of [shell, remote]) {
      for (const encoding of [undefined, 'gzip', 'br']) {
        for (const url of ['/mf-stats.json', '/mf-stats.json.gz', '/mf-stats.json.br', '/mf%2Dstats.json']) {
          const res = await server.inject({
            url,
            headers: { host: 'localhost:8081', ...(encoding ? { 'accept-encoding': encoding } : {}) },
          });
          expect([url, encoding, res.statusCode]).toEqual([url, encoding, 404]);
          expect(res.body).not.toContain('metaData');
        }
      }
    }
    // The manifest the shell reads is still served.
    expect((await remote.inject({ url: '/mf-manifest.json' })).statusCode).toBe(200);
  });

  it('refuses a foreign Host with 400 on pages, /remotes.json and the API', async () => {
    const requests = [
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/dashboard' },
      { method: 'GET', url: '/remotes.json' },
      { method: 'GET', url: '/api/csrf/' },
      { method: 'POST', url: '/api/token/', payload: { username: 'platinum', password: 'x' } },
    ] as const;
    for (const host of ['rebind.evil.test:8080', 'evil.test/x?']) {
      for (const request of requests) {
        const res = await shell.inject({
          ...request,
          headers: { host, origin: `http://${host}` },
        });
        expect([host, request.url, res.statusCode]).toEqual([host, request.url, 400]);
        expect(res.body).toBe('Bad Request (400)');
        expect(res.body).not.toContain('evil');
      }
    }
  });
});

describe('a remote’s server (npm start)', () => {
  it('serves its files to the shell’s origin with the headers on, but no source maps', async () => {
    const manifest = await remote.inject({ url: '/mf-manifest.json', headers: { host: 'localhost:8081' } });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(csp(manifest)['default-src']).toEqual(["'none'"]);
    expectJsonHeaders(manifest);
    const map = await remote.inject({ url: '/remoteEntry.js.map' });
    expect(map.statusCode).toBe(404);
    expectDocumentHeaders(map);
  });

  it('refuses a foreign Host with 400', async () => {
    const res = await remote.inject({ url: '/remoteEntry.js', headers: { host: 'rebind.evil.test:8081' } });
    expect(res.statusCode).toBe(400);
  });
});
