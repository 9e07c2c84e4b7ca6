// Content negotiation of the build's precompressed variants (platform/build/webpack.cjs writes x.br and x.gz
// next to each text file): what `npm start`'s servers send for each Accept-Encoding, with which headers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyPluginAsync, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '@loupe/server';
import { planRemotes } from '../src/lib.cjs';
import { createRemoteServer, createShellServer } from '../src/servers.cjs';

const CHUNK = 'main.0123456789abcdef.js';
/** Compressible and big enough that both variants are far smaller than the file. */
const SCRIPT = `${'export const greeting = "Loupe keeps the stock of a watch dealer";\n'.repeat(400)}`;
const INDEX_HTML = `<!doctype html><html><head><script defer src="/${CHUNK}"></script></head><body>${'<div></div>'.repeat(300)}</body></html>`;
const MANIFEST = JSON.stringify({ id: 'remote_auth', exposes: Array(200).fill({ path: './routes' }) });
const ENTRY = `var remote_auth;${'\n/* container */'.repeat(300)}`;
/** A file the build left without variants (too small to gain from them). */
const SMALL = 'tiny.0123456789abcdef.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let work: string;
let shell: FastifyInstance;
let remote: FastifyInstance;

/** A file with the build's two variants beside it. */
function writeWithVariants(dir: string, name: string, body: string) {
  writeFileSync(path.join(dir, name), body);
  writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
  writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
}

/** The API stands in: only the static files are under test here (the API's compression: server tests). */
const api: FastifyPluginAsync<Record<string, never>> = async (instance) => {
  instance.get('/ping/', async () => ({ ok: true }));
};

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'loupe-launcher-compression-'));
  const shellDist = path.join(work, 'shell');
  const remoteDist = path.join(work, 'remote');
  for (const dir of [shellDist, remoteDist]) mkdirSync(dir);
  writeWithVariants(shellDist, 'index.html', INDEX_HTML);
  writeWithVariants(shellDist, CHUNK, SCRIPT);
  writeFileSync(path.join(shellDist, `${CHUNK}.map`), '{"version":3}');
  writeFileSync(path.join(shellDist, SMALL), 'x;\n');
  writeWithVariants(remoteDist, 'mf-manifest.json', MANIFEST);
  writeWithVariants(remoteDist, 'remoteEntry.js', ENTRY);
  writeWithVariants(remoteDist, CHUNK, SCRIPT);
  writeFileSync(path.join(remoteDist, 'remoteEntry.js.map'), '{"version":3}');

  const config = loadConfig({ DATA_DIR: path.join(work, 'data'), LOUPE_DEMO: '0', LOG_LEVEL: 'silent' });
  shell = await createShellServer({
    dist: shellDist,
    plan: planRemotes({}),
    config,
    api: { plugin: api, options: {} },
  });
  remote = await createRemoteServer({ dist: remoteDist, config });
});

afterAll(async () => {
  await shell?.close();
  await remote?.close();
  rmSync(work, { recursive: true, force: true });
});

function get(app: FastifyInstance, url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') {
  return app.inject({
    method,
    url,
    headers: {
      host: 'localhost:8080',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });
}

/** The body as the client would see it after undoing the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === undefined) return raw.toString('utf8');
  throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
}

/** A script is never a document: nosniff guards it, the page's policies would only weigh on every chunk. */
function expectScriptHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBeUndefined();
  expect(res.headers['x-frame-options']).toBeUndefined();
  expect(res.headers['permissions-policy']).toBeUndefined();
}

describe('the shell server sends a script in the encoding the request prefers', () => {
  const cases: Array<[string | undefined, 'br' | 'gzip' | undefined]> = [
    // Chromium's and Firefox's header: every coding at q=1, so the server's preference (brotli) wins.
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['deflate, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*', 'gzip'],
    // Nothing acceptable but the file as it is.
    [undefined, undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['*;q=0', undefined],
  ];

  it.each(cases)('Accept-Encoding %p → Content-Encoding %p', async (acceptEncoding, expected) => {
    const res = await get(shell, `/${CHUNK}`, acceptEncoding);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(decoded(res)).toBe(SCRIPT);
    // The type is the script's, whichever body carries it, and the length is the body's as sent.
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    if (expected) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
    else expect(res.rawPayload.length).toBe(Buffer.byteLength(SCRIPT));
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expectScriptHeaders(res);
  });

  it('gives each representation its own validator, so a cache never mixes their bodies', async () => {
    const [br, gzip, identity] = await Promise.all([
      get(shell, `/${CHUNK}`, 'br'),
      get(shell, `/${CHUNK}`, 'gzip'),
      get(shell, `/${CHUNK}`),
    ]);
    const etags = [br, gzip, identity].map((res) => res.headers.etag);
    expect(new Set(etags).size).toBe(3);
    const revalidated = await shell.inject({
      url: `/${CHUNK}`,
      headers: { host: 'localhost:8080', 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers HEAD with the headers of the variant GET would send', async () => {
    const head = await get(shell, `/${CHUNK}`, 'br', 'HEAD');
    const full = await get(shell, `/${CHUNK}`, 'br');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
  });

  it('sends a file the build left without variants as it is, still marked as negotiated', async () => {
    const res = await get(shell, `/${SMALL}`, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('x;\n');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('compresses the page itself, at / and as the SPA fallback, and keeps it no-cache', async () => {
    for (const url of ['/', '/inventory/edit/7']) {
      const res = await get(shell, url, 'gzip, deflate, br');
      expect([url, res.statusCode, res.headers['content-encoding']]).toEqual([url, 200, 'br']);
      expect(decoded(res)).toBe(INDEX_HTML);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expectSecurityHeaders(res);
    }
  });

  it('never serves a source map or a variant by its own name, and a missing file (a favicon) is no page', async () => {
    for (const url of [
      `/${CHUNK}.map`,
      `/${CHUNK}.br`,
      `/${CHUNK}.gz`,
      '/index.html.br',
      '/missing.0123456789abcdef.js',
      '/favicon.ico',
    ]) {
      for (const acceptEncoding of [undefined, 'br', 'gzip']) {
        const res = await get(shell, url, acceptEncoding);
        expect([url, acceptEncoding, res.statusCode]).toEqual([url, acceptEncoding, 404]);
        expect(res.headers['content-encoding']).toBeUndefined();
        expectSecurityHeaders(res);
      }
    }
  });

  it('still refuses a foreign Host before anything is sent', async () => {
    const res = await shell.inject({
      url: `/${CHUNK}`,
      headers: { host: 'rebind.evil.test:8080', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('a remote’s server sends its container compressed, with its cache rules', () => {
  it.each([
    ['/mf-manifest.json', MANIFEST, 'application/json; charset=utf-8', 'no-cache'],
    ['/remoteEntry.js', ENTRY, 'application/javascript; charset=utf-8', 'no-cache'],
    [`/${CHUNK}`, SCRIPT, 'application/javascript; charset=utf-8', IMMUTABLE],
  ])('%s', async (url, body, type, cacheControl) => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get(remote, url, encoding);
      expect([url, res.statusCode, res.headers['content-encoding']]).toEqual([url, 200, encoding]);
      expect(decoded(res)).toBe(body);
      expect(res.headers['content-type']).toBe(type);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.headers['cache-control']).toBe(cacheControl);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      if (type.startsWith('application/javascript')) expectScriptHeaders(res);
      else expectSecurityHeaders(res);
    }
    const plain = await get(remote, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body);
  });

  it('answers 404 for its source map and its variants by name', async () => {
    for (const url of ['/remoteEntry.js.map', '/remoteEntry.js.br', '/mf-manifest.json.gz']) {
      const res = await get(remote, url, 'br');
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });
});
