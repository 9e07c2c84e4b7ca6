// Issue 21, item 1: what "fits the window" means on a drawn page — nothing is wider than the box it sits in
// (no page scrolls sideways, no table overflows its container, no dashboard card clips its table), no short
// word is broken over two lines ("Voi/d"), the stock lists' rows are at most 56 px tall on the laptop and are
// cards on the phone. tests/every-route.test.ts runs it on every route at both sizes.

import type { Page } from 'playwright-core';
import { timed } from './timing';

export type Size = 'laptop' | 'phone';

/** A shop laptop's and a phone's window (issue 21). */
export const SIZES: Record<Size, { width: number; height: number }> = {
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** The tallest a stock list's row may be at 1280 × 800 (issue 21: ~105 px rows showed four items a screen). */
export const MAX_ROW_HEIGHT = 56;
/** The longest serial whose stock row is held to MAX_ROW_HEIGHT: the layout test's own row (LAYOUT-…) is 20. */
export const LONGEST_HELD_SERIAL = 20;

export interface Checks {
  /** Hold the stock list's body rows to MAX_ROW_HEIGHT. */
  rowHeight: boolean;
  /** The stock list's rows must be laid out as cards (not table rows). */
  cards: boolean;
  maxRowHeight: number;
  /** The longest serial whose row is held to maxRowHeight. */
  longestSerial: number;
}

/**
 * What does not fit on the page as drawn now, in words. Runs in the page: every element is compared with the
 * nearest box that clips or scrolls it sideways (or the window), so a table wider than its scroller, a card's
 * table cut at its edge and a page wider than the window are all found, each named by its outermost element.
 */
export function problemsInPage(checks: Checks): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const name = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    const label = element.getAttribute('aria-label') ?? (element.id ? `#${element.id}` : '');
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${tag}${label ? ` ${label}` : ''}> "${text}"`;
  };

  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth}px`);
  }

  const reported: Element[] = [];
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const rect = element.getBoundingClientRect();
    // Nothing drawn, drawn visually hidden (1 px clip for screen readers), or parked left of the window until
    // focused (the skip link): none of these can be seen or make the page scroll.
    if (rect.width < 2 || rect.height < 2 || rect.right <= 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.position === 'fixed') continue;
    if (reported.some((outer) => outer.contains(element))) continue;
    let box = element.parentElement;
    while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') {
      box = box.parentElement;
    }
    if (box && box !== document.body && getComputedStyle(box).position === 'fixed') continue;
    // Inside a box hidden for screen readers only (a card list's header row): nothing of it is seen.
    if (box && box !== document.body && (box.clientWidth < 2 || box.clientHeight < 2)) continue;
    const limit =
      box && box !== document.body
        ? (() => {
            const outer = box.getBoundingClientRect();
            const left = outer.left + box.clientLeft;
            return { left, right: left + box.clientWidth, clips: true };
          })()
        : { left: 0, right: root.clientWidth, clips: false };
    const over = Math.max(rect.right - limit.right, limit.left - rect.left);
    if (over > 1) {
      reported.push(element);
      problems.push(
        `${name(element)} is ${Math.round(over)}px wider than ${limit.clips ? `the box that ${getComputedStyle(box as Element).overflowX === 'hidden' || getComputedStyle(box as Element).overflowX === 'clip' ? 'clips' : 'scrolls'} it, ${name(box as Element)}` : 'the window'}`,
      );
    }
  }

  // A short word (a status, a header) broken inside over two lines reads wrong ("Voi/d"). A line may still
  // break where the text allows it (a space, a hyphen, a slash: "GMT-/Master"); e-mail addresses may break
  // anywhere (they are longer than a phone's column), and so may free text people typed, which a page marks
  // data-free-text (the activity trail's before → after values: names, references, notes of any length).
  for (const cell of Array.from(document.querySelectorAll('main th, main td'))) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('[data-free-text]')) continue;
      const text = node.textContent ?? '';
      for (const word of text.matchAll(/\S+/g)) {
        if (word[0].includes('@')) continue;
        for (const part of word[0].matchAll(/[^-‐–—/.,()]{2,15}/g)) {
          const start = (word.index ?? 0) + (part.index ?? 0);
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + part[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (tops.size > 1) problems.push(`"${part[0]}" is broken over ${tops.size} lines in ${name(cell)}`);
        }
      }
    }
  }

  const list = document.querySelector('main table');
  if (checks.rowHeight || checks.cards) {
    if (!list) problems.push('the stock list shows no table');
    const rows = Array.from(list?.querySelectorAll('tbody tr') ?? []);
    if (list && rows.length === 0) problems.push('the stock list shows no rows');
    for (const row of rows) {
      const header = (row.querySelector('th') ?? row).textContent?.trim().slice(0, 30);
      const height = row.getBoundingClientRect().height;
      // A serial longer than a real one (makers' serials run to about 15 characters; the suite's generated
      // ones to 26, "E2E-CONFLICT-MWYGCRWP-57FX") may take a third line: the row's height is held for the
      // serials a shop has. Its width is still checked above, whatever its length.
      const serial = header?.split(' ')[0] ?? '';
      if (checks.rowHeight && serial.length <= checks.longestSerial && height > checks.maxRowHeight + 0.5) {
        problems.push(
          `the row of ${header} is ${Math.round(height)}px tall (at most ${checks.maxRowHeight}px)`,
        );
      }
      if (checks.cards && getComputedStyle(row).display === 'table-row') {
        problems.push(`the row of ${header} is a table row, not a card`);
      }
    }
  }
  return problems;
}

/** The problems of the page as drawn now, for a route (a stock list or not) at `size`. */
export function layoutProblems(
  page: Page,
  route: { path: string; stockList?: boolean },
  size: Size,
): Promise<string[]> {
  return timed('layout', `${route.path} ${size}`, () =>
    page.evaluate(problemsInPage, {
      rowHeight: Boolean(route.stockList) && size === 'laptop',
      cards: Boolean(route.stockList) && size === 'phone',
      maxRowHeight: MAX_ROW_HEIGHT,
      longestSerial: LONGEST_HELD_SERIAL,
    }),
  );
}
