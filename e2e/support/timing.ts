import { appendFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the browser suite's time goes, phase by phase (issue 26 item 5): with LOUPE_E2E_TIMINGS=<file>, each
 * timed step appends one tab-separated line `test file, phase, what, milliseconds` to that file; without it,
 * nothing is written and the step runs as it would. Phases: navigate (a route drawn), axe, layout, screenshot,
 * webpack, app (an instance started).
 */
export async function timed<T>(phase: string, what: string, run: () => Promise<T>): Promise<T> {
  const file = process.env.LOUPE_E2E_TIMINGS;
  if (!file) return run();
  const started = performance.now();
  try {
    return await run();
  } finally {
    const testPath = (globalThis as { expect?: { getState(): { testPath?: string } } }).expect?.getState()
      .testPath;
    const ms = Math.round(performance.now() - started);
    appendFileSync(file, `${path.basename(testPath ?? '?')}\t${phase}\t${what}\t${ms}\n`);
  }
}
