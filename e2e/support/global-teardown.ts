import './state';
import { recordUncountedBrowserCpu } from './browser-cpu';

export default async function globalTeardown(): Promise<void> {
  const browser = globalThis.__loupeE2eBrowser;
  globalThis.__loupeE2eBrowser = undefined;
  if (browser) {
    // Its processes' CPU, read before it ends (support/browser-cpu.ts).
    recordUncountedBrowserCpu();
    await browser.close();
  }
  const app = globalThis.__loupeE2eApp;
  globalThis.__loupeE2eApp = undefined;
  if (app) await app.stop();
}
