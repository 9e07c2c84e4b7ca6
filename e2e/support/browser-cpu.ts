import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';

/** The kernel's clock ticks a second (`getconf CLK_TCK`: 100 on Linux's usual builds). */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * The CPU (seconds) of the Chromium processes this process started that the test run does not count. The run
 * counts a suite's CPU through the processes it reaps (GNU time, .ci/test-all.mjs): the browser's own process
 * is reaped by this one, but its zygote and renderers are reaped by init once the browser ends, so their CPU
 * never reaches that count (a page drawing for 4 s: 5.1 s of CPU in Chromium's processes, 1.2 s counted). So:
 * every process under each browser, with what it has reaped (the renderers of closed pages), but not the
 * browser's own process. Read just before the browser closes (the suite's: at the global teardown); 0 where
 * there is no /proc.
 */
export function uncountedBrowserCpuSeconds(): number {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  const browsers: number[] = [];
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the name in parentheses: state, ppid, …; utime, stime, cutime and cstime are the 12th to 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(name);
      const ppid = Number(fields[1]);
      const siblings = children.get(ppid);
      if (siblings) siblings.push(pid);
      else children.set(ppid, [pid]);
      ticks.set(
        pid,
        fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0),
      );
      if (ppid === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('chromium')) {
        browsers.push(pid);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const under = browsers.flatMap((pid) => children.get(pid) ?? []);
  while (under.length > 0) {
    const pid = under.pop()!;
    total += ticks.get(pid) ?? 0;
    under.push(...(children.get(pid) ?? []));
  }
  return total / clockTicks();
}

/**
 * Adds that CPU to the file the test run names (LOUPE_BROWSER_CPU_FILE, a line each time), which it sums into
 * this suite's closing line; nothing when the suite runs on its own. Called by the global teardown.
 */
export function recordUncountedBrowserCpu(): void {
  const file = process.env.LOUPE_BROWSER_CPU_FILE;
  if (file) appendFileSync(file, `${uncountedBrowserCpuSeconds().toFixed(2)}\n`);
}
