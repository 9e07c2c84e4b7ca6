import type { BrowserServer } from 'playwright-core';
import type { AppInstance } from './app-instance.cjs';

declare global {
  // Set by the global setup, read back by the global teardown (same process, outside the test sandboxes).
  var __loupeE2eApp: AppInstance | undefined;
  var __loupeE2eBrowser: BrowserServer | undefined;
}

/** Where the tests find the app: the global setup sets these, and the test files inherit process.env. */
export const ENV_BASE_URL = 'LOUPE_E2E_BASE_URL';
export const ENV_USER_IDS = 'LOUPE_E2E_USER_IDS';
/** The suite's one Chromium, which every test file connects to (support/browser.ts). */
export const ENV_BROWSER_WS = 'LOUPE_E2E_BROWSER_WS';

/** The shell's origin of the app started by the global setup. */
export function baseUrl(): string {
  const url = process.env[ENV_BASE_URL];
  if (!url) throw new Error(`${ENV_BASE_URL} is not set: the global setup did not start the app`);
  return url;
}

/** Ids of the accounts created for the suite, by username. */
export function createdUserId(username: string): number {
  const ids = JSON.parse(process.env[ENV_USER_IDS] ?? '{}') as Record<string, number>;
  const id = ids[username];
  if (id === undefined) throw new Error(`no id recorded for ${username}`);
  return id;
}
