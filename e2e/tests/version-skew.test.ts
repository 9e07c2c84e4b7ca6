import { startApp, type AppInstance } from '../support/app-instance.cjs';
import { demo } from '../support/accounts';
import { browserSuite } from '../support/browser';
import { heading, sidebar } from '../support/ui';
import { PLATFORM_VERSION, serveRemoteBuilds, type RemoteBuildServer } from '../fixtures/remote-builds';

/**
 * An app instance whose remotes come from other teams' releases, served from their own origin: Inventory
 * built from the release candidate before today's platform (e.g. 1.0.0-rc.2: an older, compatible platform),
 * Clients built for platform 2.0, and Finance built without the dashboard widgets this shell mounts.
 */
let app: AppInstance | undefined;
let builds: RemoteBuildServer | undefined;

beforeAll(async () => {
  builds = await serveRemoteBuilds({
    'inventory-rc': {
      dir: 'remote-inventory',
      editManifest: (manifest) => {
        const candidate = `${PLATFORM_VERSION}-rc.2`;
        manifest.loupe = { ...manifest.loupe, platform: `^${candidate}`, builtWith: candidate };
      },
    },
    'clients-2': {
      dir: 'remote-clients',
      editManifest: (manifest) => {
        manifest.loupe = { ...manifest.loupe, platform: '^2.0.0', builtWith: '2.0.0' };
      },
    },
    'finance-no-widgets': {
      dir: 'remote-finance',
      editManifest: (manifest) => {
        manifest.exposes = manifest.exposes.filter((e) => e.path !== './widgets');
        manifest.loupe = { ...manifest.loupe, exposes: ['./routes'] };
      },
    },
  });
  app = await startApp({
    label: 'skew',
    env: {
      REMOTE_INVENTORY_URL: builds.url('inventory-rc'),
      REMOTE_CLIENTS_URL: builds.url('clients-2'),
      REMOTE_FINANCE_URL: builds.url('finance-no-widgets'),
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await builds?.close();
});

const browserTest = browserSuite();

function origin(): string {
  if (!app) throw new Error('the app instance with skewed remotes did not start');
  return app.baseUrl;
}

describe('remotes built for other versions of the platform', () => {
  browserTest(
    'an older compatible build mounts; another major and a missing module get their area’s notice with the reason, and a console line',
    async (kit) => {
      const page = await kit.newPage({ as: demo.platinum, baseUrl: origin() });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });

      // Built against the release candidate: its range includes the platform this shell runs.
      await page.goto('/stock/watches');
      await heading(page, 'Inventory - Watches').waitFor({ timeout: 15_000 });

      // Built for platform 2.0: never mounted, within the time a down remote takes.
      const started = Date.now();
      await sidebar(page).getByRole('link', { name: 'Clients', exact: true }).click();
      const notice = page
        .getByRole('alert')
        .filter({ has: page.getByRole('heading', { name: 'Clients is unavailable' }) });
      await notice.waitFor({ timeout: 5_000 });
      expect(Date.now() - started).toBeLessThan(5_000);
      await notice
        .getByText(
          'Clients was built for a different version of Loupe (platform 2.0) and cannot be shown until its team releases an update.',
          { exact: true },
        )
        .waitFor();
      expect(await notice.getByRole('button', { name: 'Retry' }).count()).toBe(1);
      expect(consoleErrors).toContainEqual(
        expect.stringContaining(
          `Loupe: remote_clients was built for @loupe/platform ^2.0.0; this shell provides ${PLATFORM_VERSION}`,
        ),
      );

      // Without the widgets this shell mounts: refused as a whole, saying so.
      await sidebar(page).getByRole('link', { name: 'Reports', exact: true }).click();
      await page.getByRole('heading', { name: 'Finance is unavailable' }).waitFor({ timeout: 5_000 });
      await page
        .getByText(
          'Finance was built for a different version of Loupe and lacks a part this version needs, so it cannot be shown until its team releases an update.',
          { exact: true },
        )
        .waitFor();
      expect(consoleErrors).toContainEqual(
        expect.stringContaining('remote_finance does not expose ./widgets (it exposes ./routes)'),
      );

      // Never a blank page: the dashboard shows the compatible remote's widgets and says which could not be.
      await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await heading(page, 'Dashboard').waitFor();
      await page.getByRole('region', { name: 'Total Watches', exact: true }).waitFor({ timeout: 15_000 });
      for (const title of ['Clients', 'Finance']) {
        await page.getByText(`${title} widgets are unavailable.`, { exact: true }).waitFor();
      }
      // The shell's own sections and an untouched remote keep working.
      await page.goto('/management/gold');
      await heading(page, 'Gold Management').waitFor({ timeout: 15_000 });
      expect(kit.pageErrors).toEqual([]);
    },
  );
});
