import { existsSync } from 'node:fs';
import { startApp } from './app-instance.cjs';
import { ENV_BASE_URL, ENV_BROWSER_WS, ENV_USER_IDS } from './state';
import { demo, extra } from './accounts';
import { apiSend, apiSignIn, authCheck } from './api';
import { launchBrowserServer } from './browser';
import { CHROMIUM_PATH } from './chromium.cjs';

export default async function globalSetup(): Promise<void> {
  // The suite is never skipped: without the browser it fails, loudly, before anything else.
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} does not exist. The browser suite needs Debian's Chromium: apt-get install -y chromium`,
    );
  }
  const app = await startApp({ label: 'main', users: Object.values(extra) });
  globalThis.__loupeE2eApp = app;

  // The account the gold-management test promotes must start as a silver member of the demo shop.
  const owner = await apiSignIn(app.baseUrl, demo.platinum);
  try {
    const { shop } = await authCheck(owner);
    if (!shop) throw new Error('the platinum demo user has no shop');
    const promoteeId = app.createdUsers[extra.promotee.username];
    const answer = await apiSend(owner, 'POST', `/api/api/shops/${shop.id}/memberships/`, {
      user: promoteeId,
      role: 'silver',
      active: true,
    });
    if (!answer.ok()) {
      throw new Error(
        `could not make ${extra.promotee.username} a silver member: ${answer.status()} ${await answer.text()}`,
      );
    }
  } catch (error) {
    await app.stop();
    throw error;
  } finally {
    await owner.dispose();
  }

  const browser = await launchBrowserServer().catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  globalThis.__loupeE2eBrowser = browser;

  process.env[ENV_BASE_URL] = app.baseUrl;
  process.env[ENV_USER_IDS] = JSON.stringify(app.createdUsers);
  process.env[ENV_BROWSER_WS] = browser.wsEndpoint();
}
