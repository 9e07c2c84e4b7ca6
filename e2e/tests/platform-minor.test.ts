import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Dialog, Page } from 'playwright-core';
import { startApp, REPO, type AppInstance } from '../support/app-instance.cjs';
import { demo } from '../support/accounts';
import { apiSignIn } from '../support/api';
import { browserSuite } from '../support/browser';
import { emailFor, findClients, PDF_BYTES, uniqueClientName } from '../support/clients';
import { REMOTES } from '../support/remote-list';
import { SPEC_ROUTES } from '../support/routes';
import { shellRelease, type ShellRelease } from '../support/shell-release';
import { timed } from '../support/timing';
import { heading, waitForPath } from '../support/ui';
import { PLATFORM_VERSION, serveRemoteBuilds, type RemoteBuildServer } from '../fixtures/remote-builds';

/**
 * The compatibility policy (platform/README.md) in a browser: the platform ships a minor release and the
 * remote teams do not rebuild. The shell is the next minor of today's platform: today's shell build with the
 * platform version it embeds changed, all it would differ by if built at that version (support/shell-release.ts;
 * building it again with webpack in a copy of the workspace cost ~40 s of CPU, and Admin's build ~30 s more).
 * Every remote is today's build, unchanged, i.e. built against the previous minor of that shell — except Admin,
 * whose manifest says it was built for the next major (the shell decides from the manifest alone, before it
 * loads any of a remote's code), which the shell must refuse with the reason.
 */
const [MAJOR, MINOR] = PLATFORM_VERSION.split('.').map(Number) as [number, number];
const NEXT_MINOR = `${MAJOR}.${MINOR + 1}.0`;
const NEXT_MAJOR = `${MAJOR + 1}.0.0`;
const REFUSED = REMOTES.find((remote) => remote.dir === 'remote-admin');

let release: ShellRelease | undefined;
let builds: RemoteBuildServer | undefined;
let app: AppInstance | undefined;

beforeAll(async () => {
  // Today's remote builds are the ones under test: they must be of today's platform.
  for (const remote of REMOTES) {
    const manifest = JSON.parse(
      readFileSync(path.join(REPO, remote.dir, 'dist', 'mf-manifest.json'), 'utf8'),
    );
    if (manifest.loupe?.builtWith !== PLATFORM_VERSION) {
      throw new Error(
        `${remote.dir}/dist was built against platform ${manifest.loupe?.builtWith}, not ${PLATFORM_VERSION}: rebuild it (npm run build -w @loupe/${remote.dir})`,
      );
    }
  }
  release = shellRelease(PLATFORM_VERSION, NEXT_MINOR);
  builds = await serveRemoteBuilds({
    'admin-next-major': {
      dir: 'remote-admin',
      // What Admin's build at the next major writes (platform/build/webpack.cjs, RemoteContractPlugin).
      editManifest: (manifest) => {
        manifest.loupe = { ...manifest.loupe, platform: `^${NEXT_MAJOR}`, builtWith: NEXT_MAJOR };
      },
    },
  });
  app = await timed('app', 'platform-minor', () =>
    startApp({
      label: 'platform-minor',
      // The shell's origin serves the next minor's build, as its deployment would (the launcher's SHELL_DIST).
      env: { SHELL_DIST: release!.dist, REMOTE_ADMIN_URL: builds!.url('admin-next-major') },
    }),
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await builds?.close();
  release?.remove();
});

const browserTest = browserSuite();

/**
 * Every version of each shared library on the page, as `version from container`, with `(loaded)` on the ones
 * in use. Each remote registers its own build's version too (its fallback): loaded only if it was taken.
 */
function sharedCopies(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
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
}

/** A client-side navigation, as a link click does it: no page load, so every remote joins the same page. */
async function navigateInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2), idx: window.history.length },
      '',
      to,
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, address);
  await waitForPath(page, address);
}

function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      const message = dialog.message();
      void dialog.accept().then(() => resolve(message));
    });
  });
}

describe(`platform ${NEXT_MINOR}: a minor release of the platform ships without the remotes`, () => {
  browserTest(
    `remotes built against ${PLATFORM_VERSION} mount and work in the ${NEXT_MINOR} shell; Admin built for ${NEXT_MAJOR} shows its notice with the reason`,
    async (kit) => {
      if (!app || !REFUSED)
        throw new Error('the app instance did not start, or the remote list has no Admin');
      const page = await kit.newPage({ as: demo.platinum, baseUrl: app.baseUrl });
      const warnings: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
        if (message.type() === 'error') errors.push(message.text());
      });

      await page.goto('/dashboard');
      await heading(page, 'Dashboard').waitFor({ timeout: 15_000 });
      // The dashboard's widgets are today's remotes' (inventory's first).
      await page
        .getByRole('region', { name: 'Total Watches', exact: true })
        .waitFor({ timeout: 15_000 })
        .catch((error: Error) => {
          throw new Error(`${error.message}\nThe page's console errors:\n  ${errors.join('\n  ')}`);
        });

      // Every remote but the refused one, each at its first screen of the spec (or its first address), in
      // this one page: they all join its share scope.
      for (const remote of REMOTES.filter((r) => r !== REFUSED)) {
        const [route, title] = SPEC_ROUTES.find(
          ([address, shown]) => shown && remote.prefixes.some((prefix) => address.startsWith(prefix)),
        ) ?? [remote.prefixes[0] ?? '/', null];
        // A screen the spec gives no title: its own heading, not the previous screen's still on view.
        const before = await page.getByRole('heading', { level: 1 }).first().textContent();
        await navigateInApp(page, route);
        const h1 = title
          ? heading(page, title)
          : page
              .getByRole('heading', { level: 1 })
              .filter({ hasNotText: before ?? '' })
              .first();
        await h1.waitFor({ timeout: 15_000 });
        expect([route, await page.getByRole('heading', { name: / is unavailable$/ }).count()]).toEqual([
          route,
          0,
        ]);
      }

      // The page runs the next minor's platform, one copy, the shell's: the remotes took it.
      const platform = await sharedCopies(page).then((copies) => copies['@loupe/platform'] ?? []);
      expect(platform.filter((copy) => copy.endsWith('(loaded)'))).toEqual([
        `${NEXT_MINOR} from shell (loaded)`,
      ]);
      // The remotes' own copies are registered, as fallbacks, and none was taken.
      expect(platform.filter((copy) => copy.startsWith(`${PLATFORM_VERSION} from `))).toHaveLength(1);
      const remoteManifest = JSON.parse(
        readFileSync(path.join(REPO, 'remote-clients', 'dist', 'mf-manifest.json'), 'utf8'),
      ) as { loupe: { platform: string } };
      expect(remoteManifest.loupe.platform).toBe(`^${PLATFORM_VERSION}`);

      // And works: a client added through Clients' form (the platform's form and HTTP client, from the
      // shell) is saved and listed.
      const name = uniqueClientName('Minor Release');
      await page.goto('/clients/add');
      await heading(page, 'Add Client').waitFor({ timeout: 15_000 });
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Email', { exact: true }).fill(emailFor(name));
      await page.getByLabel('KYC Document', { exact: true }).setInputFiles({
        name: 'passport.pdf',
        mimeType: 'application/pdf',
        buffer: PDF_BYTES,
      });
      const alert = nextAlert(page);
      await page.getByRole('button', { name: 'Save Client', exact: true }).click();
      expect(await alert).toBe('Client added successfully');
      await waitForPath(page, '/clients');
      const api = await apiSignIn(app.baseUrl, demo.platinum);
      try {
        expect((await findClients(api, name)).map((client) => client.name)).toEqual([name]);
      } finally {
        await api.dispose();
      }

      // Admin, built for the next major: never mounted, the reason in its area, both versions for its team.
      await page.goto('/management/gold');
      const notice = page
        .getByRole('alert')
        .filter({ has: page.getByRole('heading', { name: `${REFUSED.title} is unavailable` }) });
      await notice.waitFor({ timeout: 5_000 });
      await notice
        .getByText(
          `${REFUSED.title} was built for a different version of Loupe (platform ${MAJOR + 1}.0) and cannot be shown until its team releases an update.`,
          { exact: true },
        )
        .waitFor();
      expect(errors).toContainEqual(
        expect.stringContaining(
          `${REFUSED.name} was built for @loupe/platform ^${NEXT_MAJOR}; this shell provides ${NEXT_MINOR}`,
        ),
      );

      // The federation runtime took the newer minor's copies without complaint (no "does not satisfy").
      expect(warnings.filter((text) => /satisf|shared|singleton/i.test(text))).toEqual([]);
      expect(kit.pageErrors).toEqual([]);
    },
  );
});
