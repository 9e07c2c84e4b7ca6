import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { timed } from './timing';

// Issue 21 item 8: screenshots of the main routes compared with committed baselines, so that a layout that
// overflows or clips fails CI. The comparison itself is pixelmatch's (support/visual-compare.mjs).

/** The committed baselines: <route>-<size>-<theme>.png. */
export const BASELINE_DIR = path.resolve(__dirname, '..', 'visual-baselines');
/** Where a mismatch leaves the actual screenshot and the diff (the suite's output folder, not committed). */
export const OUTPUT_DIR = path.resolve(__dirname, '..', '.artifacts', 'visual');
const COMPARE_SCRIPT = path.resolve(__dirname, 'visual-compare.mjs');

/** `npm run visual:update -w @loupe/e2e` sets this: the screenshots are written as the new baselines. */
export const UPDATE_ENV = 'LOUPE_VISUAL_UPDATE';
export const updating = (): boolean => process.env[UPDATE_ENV] === '1';

/**
 * pixelmatch's per-pixel threshold: the largest colour distance (OKLab HyAB, 0 = equal … 1 = black against
 * white) still counted as the same pixel. 0.1 is pixelmatch's default: it lets through faint differences of
 * text smoothing and image resampling, while text, a border or a background that moved differs by much more.
 */
export const PIXEL_THRESHOLD = 0.1;

/**
 * The share of a screenshot's pixels that may differ before it fails: 0.02 %. Measured on this machine image,
 * runs in a row differ by 0 pixels on every screenshot (Chromium draws the same page identically; the masks
 * take out what depends on the day), so this is only a margin for a font hinting or rounding change somewhere.
 * It is far below what a layout fault costs: a table made 10 % narrower at 1280 × 800 changed 4.2 % of the
 * watches list and 0.6 % of the clients list; a button pushed 3 px out of its card on a 390 × 990 phone page
 * moves its outline and label, several hundred pixels (78 are allowed there, 214 on a laptop's 1280 × 835).
 */
export const MAX_DIFF_RATIO = 0.0002;

export type VisualSize = 'laptop' | 'phone';
export type VisualTheme = 'light' | 'dark';

export const VISUAL_SIZES: Record<VisualSize, { width: number; height: number }> = {
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** The theme as a returning visitor's browser keeps it (SPEC §4: localStorage.theme, restored on load). */
export const themeInitScript = (theme: VisualTheme): string =>
  `try { localStorage.setItem('theme', '${theme}'); } catch {}`;

/**
 * Freezes what would differ between two drawings of the same page: no transitions or animations (they are
 * finished at once), no blinking caret, no smooth scrolling. Injected before the app's own styles run.
 */
const STILL_CSS = `
*, *::before, *::after {
  transition: none !important;
  animation-duration: 0s !important;
  animation-delay: 0s !important;
  animation-iteration-count: 1 !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`;

export const stillPageScript = `(() => {
  const add = () => {
    const style = document.createElement('style');
    style.setAttribute('data-visual-test', '');
    style.textContent = ${JSON.stringify(STILL_CSS)};
    document.head.appendChild(style);
  };
  if (document.head) add(); else document.addEventListener('DOMContentLoaded', add, { once: true });
})();`;

/**
 * Waits until the page is still enough to photograph: web fonts loaded, images decoded, and two animation
 * frames drawn after that. (Focus is left where the app put it: moving it would change the page.)
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((image) => !image.complete)
        .map((image) => image.decode().catch(() => undefined)),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** The attribute markDynamic puts on what the screenshot paints over. */
const MASK_ATTRIBUTE = 'data-visual-mask';

/**
 * Marks what depends on the day the test runs rather than on its fixed data, to be painted over: a column of
 * days counted up to today ("Days in stock", in a table or on a phone's card, where the cell carries its
 * column's name in data-label); a `<time>` of today or yesterday (records the test itself made: history
 * entries) and any text that names today or yesterday or says "… ago" / "just now"; a date field that
 * defaults to today (Buy In's Date). Yesterday too, for a run that crosses midnight.
 */
export async function markDynamic(page: Page): Promise<void> {
  await page.evaluate((attribute) => {
    const mark = (element: Element | null) => element?.setAttribute(attribute, '');
    const DAY_COLUMN = /^\s*days( in stock)?\s*$/i;
    const days = [0, 1].map((back) => new Date(Date.now() - back * 86_400_000));
    const pad = (n: number) => String(n).padStart(2, '0');
    const isoDays = new Set<string>();
    const shown: string[] = [];
    for (const day of days) {
      for (const [y, m, d] of [
        [day.getFullYear(), day.getMonth(), day.getDate()],
        [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()],
      ] as const) {
        const when = new Date(Date.UTC(y, m, d));
        const iso = `${y}-${pad(m + 1)}-${pad(d)}`;
        isoDays.add(iso);
        const short = when.toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        });
        const long = when.toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        });
        shown.push(iso, `${pad(d)}/${pad(m + 1)}/${y}`, `${pad(m + 1)}/${pad(d)}/${y}`, short, long);
      }
    }
    const RELATIVE = /\b(just now|\d+\s+(second|minute|hour|day|week|month)s?\s+ago)\b/i;

    for (const table of Array.from(document.querySelectorAll('table'))) {
      const headers = Array.from(table.querySelectorAll('thead th'));
      const columns = headers.flatMap((th, index) => (DAY_COLUMN.test(th.textContent ?? '') ? [index] : []));
      for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
        for (const index of columns) mark(row.children[index] ?? null);
      }
    }
    for (const cell of Array.from(document.querySelectorAll('[data-label]'))) {
      if (DAY_COLUMN.test(cell.getAttribute('data-label') ?? '')) mark(cell);
    }
    for (const time of Array.from(document.querySelectorAll('time'))) {
      const at = time.getAttribute('datetime') ?? '';
      if ([...isoDays].some((iso) => at.startsWith(iso))) mark(time);
    }
    for (const input of Array.from(document.querySelectorAll('input'))) {
      if (isoDays.has(input.value)) mark(input);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (RELATIVE.test(text) || shown.some((day) => text.includes(day))) mark(node.parentElement);
    }
  }, MASK_ATTRIBUTE);
}

export interface Shot {
  /** The route's short name in file names and messages, e.g. "stock-watches". */
  name: string;
  /** The path opened, for the message. */
  path: string;
  size: VisualSize;
  theme: VisualTheme;
}

const fileName = (shot: Shot): string => `${shot.name}-${shot.size}-${shot.theme}.png`;

function compare(baseline: string, actual: string, diff: string): Promise<CompareResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [COMPARE_SCRIPT, baseline, actual, diff, String(PIXEL_THRESHOLD)],
      { timeout: 60_000, maxBuffer: 1 << 20 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`visual-compare.mjs failed: ${error.message}\n${stderr}`))
          : resolve(JSON.parse(stdout.trim()) as CompareResult),
    );
  });
}

type CompareResult =
  | { sizeMismatch: true; baseline: [number, number]; actual: [number, number] }
  | { sizeMismatch?: undefined; width: number; height: number; differing: number };

/**
 * Photographs the whole page (a page wider than the window makes a wider picture) with what changes from day
 * to day painted over (markDynamic) and compares it with its baseline. Returns a sentence naming the route, size
 * and theme and the files to look at when it does not match, null when it does. Under `visual:update` it
 * writes the baseline instead.
 */
export function checkScreenshot(page: Page, shot: Shot): Promise<string | null> {
  return timed('screenshot', `${shot.name} ${shot.size} ${shot.theme}`, () => photograph(page, shot));
}

async function photograph(page: Page, shot: Shot): Promise<string | null> {
  await settle(page);
  await markDynamic(page);
  const png = await page.screenshot({
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    mask: [page.locator(`[${MASK_ATTRIBUTE}]`)],
    // One colour in both themes, unlike any of the app's: a masked box reads as masked in the diff.
    maskColor: '#ff00ff',
    scale: 'css',
    timeout: 20_000,
  });
  const name = fileName(shot);
  const baseline = path.join(BASELINE_DIR, name);
  const where = `${shot.name} (${shot.path}) at ${shot.size} ${VISUAL_SIZES[shot.size].width}×${VISUAL_SIZES[shot.size].height}, ${shot.theme} theme`;
  if (updating()) {
    mkdirSync(BASELINE_DIR, { recursive: true });
    writeFileSync(baseline, png);
    return null;
  }
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const actual = path.join(OUTPUT_DIR, name.replace(/\.png$/, '.actual.png'));
  const diff = path.join(OUTPUT_DIR, name.replace(/\.png$/, '.diff.png'));
  rmSync(diff, { force: true });
  writeFileSync(actual, png);
  if (!existsSync(baseline)) {
    return `${where}: no baseline ${path.relative(process.cwd(), baseline)} (make it with npm run visual:update -w @loupe/e2e); actual ${actual}`;
  }
  const result = await compare(baseline, actual, diff);
  if (result.sizeMismatch) {
    const [bw, bh] = result.baseline;
    const [aw, ah] = result.actual;
    return `${where}: the page is ${aw}×${ah} px, its baseline ${bw}×${bh} px${aw > bw ? ' (wider: something overflows sideways)' : ''}; actual ${actual}, baseline ${baseline}`;
  }
  const ratio = result.differing / (result.width * result.height);
  // Every comparison's count, matched or not, to see how close to the tolerance a run came.
  appendFileSync(
    path.join(OUTPUT_DIR, 'comparisons.log'),
    `${new Date().toISOString()} ${name} ${result.width}x${result.height} differing=${result.differing} ratio=${ratio.toExponential(2)}\n`,
  );
  if (ratio > MAX_DIFF_RATIO) {
    return `${where}: ${result.differing} pixels differ (${(ratio * 100).toFixed(2)} %, at most ${(MAX_DIFF_RATIO * 100).toFixed(2)} % allowed); diff ${diff}, actual ${actual}, baseline ${baseline}`;
  }
  rmSync(actual, { force: true });
  rmSync(diff, { force: true });
  return null;
}
