import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import type { Account } from './accounts';
import { apiSignIn } from './api';
import { baseUrl as defaultBaseUrl, ENV_BROWSER_WS } from './state';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.cjs';

const ARTIFACTS = path.resolve(__dirname, '..', '.artifacts');

/**
 * The suite's one Chromium, started by the global setup: each test file connects to it (browserSuite) instead
 * of starting one of its own, which cost ~0.8 s of CPU a file to start and stop (40 files). Every test still
 * gets contexts of its own (BrowserKit), closed after it, so nothing of one test's pages reaches another.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} does not exist: install Debian's Chromium (apt-get install -y chromium)`,
    );
  }
  return chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
}

/** The suite's Chromium, which the global setup started (jest runs it before any test file). */
async function suiteBrowser(): Promise<Browser> {
  const endpoint = process.env[ENV_BROWSER_WS];
  if (!endpoint) throw new Error(`${ENV_BROWSER_WS} is not set: the global setup did not start the browser`);
  return chromium.connect(endpoint, { timeout: 30_000 });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signed-in cookies per account, made once per test file through the API: tests that are not about
 * signing in start signed in. Tests that end or change a session sign in on their own.
 */
const sessions = new Map<string, Promise<StorageState>>();

async function signedInState(account: Account, origin: string): Promise<StorageState> {
  const key = `${origin} ${account.username}`;
  let state = sessions.get(key);
  if (!state) {
    state = (async () => {
      const api = await apiSignIn(origin, account);
      try {
        return await api.storageState();
      } finally {
        await api.dispose();
      }
    })();
    sessions.set(key, state);
    state.catch(() => sessions.delete(key));
  }
  return state;
}

export interface PageOptions {
  /** Start signed in as this account (cookies from an API sign-in); anonymous when absent. */
  as?: Account;
  /** Another app instance's origin; the suite's shared app by default. */
  baseUrl?: string;
  /** Extra script run before any page script (e.g. a fake React devtools hook). */
  initScript?: string;
  /** The window's size; a laptop's 1280 × 800 by default. */
  viewport?: { width: number; height: number };
  /** False: a browser with JavaScript switched off (the storefront's server-rendered pages). */
  javaScriptEnabled?: boolean;
}

/** What a browser test gets: fresh contexts (one per page asked for), closed after the test. */
export class BrowserKit {
  private readonly contexts: BrowserContext[] = [];
  readonly pageErrors: string[] = [];

  constructor(private readonly browser: Browser) {}

  async newContext(options: PageOptions = {}): Promise<BrowserContext> {
    const origin = options.baseUrl ?? defaultBaseUrl();
    const context = await this.browser.newContext({
      baseURL: origin,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      storageState: options.as ? await signedInState(options.as, origin) : undefined,
      serviceWorkers: 'block',
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(20_000);
    if (options.initScript) await context.addInitScript({ content: options.initScript });
    context.on('page', (page) => this.watch(page));
    this.contexts.push(context);
    return context;
  }

  async newPage(options: PageOptions = {}): Promise<Page> {
    const context = await this.newContext(options);
    return context.newPage();
  }

  private watch(page: Page): void {
    page.on('pageerror', (error) => this.pageErrors.push(`${page.url()}: ${error.message}`));
  }

  /** Screenshots of every open page, for a failed test. */
  async screenshots(testName: string): Promise<string[]> {
    mkdirSync(ARTIFACTS, { recursive: true });
    const files: string[] = [];
    const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    let n = 0;
    for (const context of this.contexts) {
      for (const page of context.pages()) {
        n += 1;
        const file = path.join(ARTIFACTS, `${slug}-${n}.png`);
        try {
          await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
          files.push(`${file} (${page.url()})`);
        } catch {
          // A crashed page has nothing to show.
        }
      }
    }
    return files;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.contexts.map((c) => c.close()));
    this.contexts.length = 0;
  }
}

/**
 * Declares the browser for one test file (the suite's, connected to once) and returns `browserTest`, which
 * gives each test its own BrowserKit and saves screenshots under e2e/.artifacts when the test fails.
 */
export function browserSuite() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await suiteBrowser();
  }, 60_000);
  afterAll(async () => {
    // Closes this file's contexts and disconnects; the global teardown stops the browser (and counts its CPU).
    await browser?.close();
  });

  return function browserTest(
    name: string,
    body: (kit: BrowserKit) => Promise<void>,
    timeout = 60_000,
  ): void {
    test(
      name,
      async () => {
        if (!browser) throw new Error('the browser did not start');
        const kit = new BrowserKit(browser);
        try {
          await body(kit);
        } catch (error) {
          const shots = await kit.screenshots(name);
          if (error instanceof Error && shots.length > 0) {
            error.message += `\n\nScreenshots:\n  ${shots.join('\n  ')}`;
          }
          if (error instanceof Error && kit.pageErrors.length > 0) {
            error.message += `\n\nErrors thrown in the page:\n  ${kit.pageErrors.join('\n  ')}`;
          }
          throw error;
        } finally {
          await kit.close();
        }
      },
      timeout,
    );
  };
}
