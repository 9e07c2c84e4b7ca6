import type { Page } from 'playwright-core';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { REMOTES } from '../support/remote-list';
import { SPEC_ROUTES as ROUTES } from '../support/routes';
import { baseUrl } from '../support/state';
import { heading, waitForPath } from '../support/ui';

const browserTest = browserSuite();

/**
 * A stand-in for React DevTools' global hook, installed before any page script: every copy of react-dom
 * registers its renderer with `inject()` when it is evaluated, so the number of calls is the number of
 * react-dom instances on the page.
 */
const COUNT_REACT_RENDERERS = `
  (() => {
    const renderers = new Map();
    window.__loupeRenderers = [];
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(renderer) {
        const id = renderers.size + 1;
        renderers.set(id, renderer);
        window.__loupeRenderers.push({ version: renderer.version, packageName: renderer.rendererPackageName });
        return id;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      setStrictMode() {},
    };
  })();
`;

/** A client-side navigation, as a link click does it: no page load, so every remote joins the same page. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2), idx: window.history.length },
      '',
      to,
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await waitForPath(page, path);
}

describe('module federation', () => {
  browserTest(
    'every route rendered in one page load uses exactly one copy of React (react-dom) and of every shared library',
    async (kit) => {
      const page = await kit.newPage({ as: demo.platinum, initScript: COUNT_REACT_RENDERERS });
      const remoteOrigins = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== new URL(baseUrl()).origin) remoteOrigins.add(url.origin);
      });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /hook|React|share|singleton/i.test(message.text()))
          consoleErrors.push(message.text());
      });

      await page.goto('/dashboard');
      await heading(page, 'Dashboard').waitFor();
      // SPEC §2's screens, then the first screen of every remote the spec does not reach (a remote added to the
      // list joins the tour without editing this test).
      const tour: Array<[string, string | null]> = [...ROUTES];
      for (const remote of REMOTES) {
        if (!tour.some(([path]) => remote.prefixes.some((prefix) => path.startsWith(prefix))))
          tour.push([remote.prefixes[0] ?? '/', null]);
      }
      for (const [path, title] of tour) {
        // A screen the spec gives no title is drawn once the page's h1 is another than the screen before's:
        // the first h1 alone could still be the previous screen's while the next remote loads.
        const before = await page.evaluate(() => document.querySelector('h1')?.textContent ?? '');
        await navigateInApp(page, path);
        if (title) await heading(page, title).waitFor({ timeout: 15_000 });
        else
          await page.waitForFunction(
            (previous) => {
              const h1 = document.querySelector('h1');
              return h1 !== null && h1.textContent !== previous;
            },
            before,
            { timeout: 15_000 },
          );
        expect(await page.getByRole('heading', { name: / is unavailable$/ }).count()).toBe(0);
      }

      const renderers = await page.evaluate(
        () =>
          (window as unknown as { __loupeRenderers: Array<{ version: string; packageName: string }> })
            .__loupeRenderers,
      );
      expect(renderers).toHaveLength(1);
      expect(renderers[0]?.packageName).toBe('react-dom');
      // Every shared library, not only react-dom: one copy on the page, the shell's (eager in its main
      // chunk), whichever remote asked for it.
      const shared = await page.evaluate(() => {
        type Scope = Record<string, Record<string, { from: string; loaded?: boolean; lib?: unknown }>>;
        const federation = (
          globalThis as unknown as {
            __FEDERATION__: { __INSTANCES__: Array<{ shareScopeMap: { default?: Scope } }> };
          }
        ).__FEDERATION__;
        const copies: Record<string, string[]> = {};
        for (const instance of federation.__INSTANCES__) {
          for (const [library, versions] of Object.entries(instance.shareScopeMap.default ?? {})) {
            for (const [version, share] of Object.entries(versions)) {
              const copy = `${version} from ${share.from}${share.loaded || share.lib ? ' (loaded)' : ''}`;
              copies[library] = [...new Set([...(copies[library] ?? []), copy])];
            }
          }
        }
        return copies;
      });
      const libraries = ['react', 'react-dom', 'react-router-dom', 'styled-components'];
      // TanStack Query travels inside the shared platform (one copy with it), not as a library of its own.
      expect(shared['@tanstack/react-query']).toBeUndefined();
      for (const library of [...libraries, '@loupe/platform', '@loupe/contracts']) {
        expect([library, shared[library]?.length, shared[library]?.[0]]).toEqual([
          library,
          1,
          expect.stringMatching(/ from shell \(loaded\)$/),
        ]);
      }
      // Every remote of the list was loaded from its own origin during the tour.
      expect(remoteOrigins.size).toBe(REMOTES.length);
      expect(kit.pageErrors).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
  );

  test('cache headers: remotes.json, manifests and remoteEntry.js no-cache; hashed chunks immutable; CORS on remotes', async () => {
    const shell = baseUrl();
    interface Fetched {
      url: string;
      status: number;
      headers: Headers;
      body: string;
    }
    // Bodies are always read: an unread body keeps its socket (and jest) alive.
    const get = async (url: string): Promise<Fetched> => {
      const response = await fetch(url, { headers: { Origin: shell } });
      return { url, status: response.status, headers: response.headers, body: await response.text() };
    };
    const cacheControl = (r: Fetched) => (r.headers.get('cache-control') ?? '').toLowerCase();
    const noCache = (r: Fetched) =>
      expect({ url: r.url, cacheControl: cacheControl(r) }).toEqual({
        url: r.url,
        cacheControl: expect.stringContaining('no-cache'),
      });
    const immutable = (r: Fetched) => {
      expect({ url: r.url, cacheControl: cacheControl(r) }).toEqual({
        url: r.url,
        cacheControl: expect.stringMatching(/max-age=31536000/),
      });
      expect(cacheControl(r)).toContain('immutable');
    };
    const cors = (r: Fetched) => {
      const allowed = r.headers.get('access-control-allow-origin');
      expect({ url: r.url, allowed }).toEqual({
        url: r.url,
        allowed: expect.stringMatching(new RegExp(`^(\\*|${shell.replace(/[.]/g, '\\.')})$`)),
      });
    };

    const remotesJson = await get(`${shell}/remotes.json`);
    expect(remotesJson.status).toBe(200);
    noCache(remotesJson);
    const { remotes } = JSON.parse(remotesJson.body) as { remotes: Array<{ name: string; entry: string }> };
    expect(remotes.map((r) => r.name).sort()).toEqual(REMOTES.map((r) => r.name).sort());

    // The shell's HTML is revalidated, its hashed entry is cached for a year.
    const html = await get(`${shell}/dashboard`);
    expect(html.status).toBe(200);
    noCache(html);
    const mainScript = /<script[^>]*\ssrc=["']?([^"'\s>]+\.[0-9a-f]{8,}\.js)/.exec(html.body)?.[1];
    expect(mainScript).toBeDefined();
    const shellChunk = await get(new URL(mainScript as string, shell).href);
    expect(shellChunk.status).toBe(200);
    immutable(shellChunk);

    for (const remote of remotes) {
      const manifestUrl = remote.entry;
      expect(new URL(manifestUrl).origin).not.toBe(new URL(shell).origin);
      const manifestResponse = await get(manifestUrl);
      expect({ url: manifestUrl, status: manifestResponse.status }).toEqual({
        url: manifestUrl,
        status: 200,
      });
      noCache(manifestResponse);
      cors(manifestResponse);
      const manifest = JSON.parse(manifestResponse.body) as {
        metaData: { remoteEntry: { name: string; path: string } };
        exposes: Array<{ assets: { js: { sync: string[]; async: string[] } } }>;
      };

      const entry = manifest.metaData.remoteEntry;
      const entryUrl = new URL(
        `${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`,
        manifestUrl,
      ).href;
      const entryResponse = await get(entryUrl);
      expect({ url: entryUrl, status: entryResponse.status }).toEqual({ url: entryUrl, status: 200 });
      noCache(entryResponse);
      cors(entryResponse);

      const chunk = manifest.exposes
        .flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async])
        .find((f) => /\.[0-9a-f]{8,}\.js$/.test(f));
      expect({ remote: remote.name, chunk }).toEqual({ remote: remote.name, chunk: expect.any(String) });
      const chunkResponse = await get(new URL(chunk as string, manifestUrl).href);
      expect(chunkResponse.status).toBe(200);
      immutable(chunkResponse);
      cors(chunkResponse);
    }
  });

  test('the API describes itself to the shop owner only: OpenAPI at /api/docs/json, browsable at /api/docs', async () => {
    // Strangers get the same 404 as a missing path: the map of every endpoint is not handed out.
    expect((await fetch(`${baseUrl()}/api/docs/json`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/api/docs`, { redirect: 'follow' })).status).toBe(404);
    const gold = await apiSignIn(baseUrl(), demo.gold);
    const owner = await apiSignIn(baseUrl(), demo.platinum);
    try {
      expect((await gold.get('/api/docs/json')).status()).toBe(404);
      const json = await owner.get('/api/docs/json');
      expect(json.status()).toBe(200);
      const spec = (await json.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(spec.openapi).toMatch(/^3\./);
      // Mounted under /api by the shell, the paths may or may not carry that prefix.
      const paths = Object.keys(spec.paths);
      for (const path of ['/csrf/', '/auth-check/', '/token/', '/logout/', '/api/profile/me/']) {
        expect({ path, documented: paths.some((p) => p === path || p === `/api${path}`) }).toEqual({
          path,
          documented: true,
        });
      }
      const page = await owner.get('/api/docs');
      expect(page.status()).toBe(200);
      expect(page.headers()['content-type']).toMatch(/text\/html/);
      expect(await page.text()).toMatch(/swagger/i);
    } finally {
      await gold.dispose();
      await owner.dispose();
    }
  });
});
