import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { timed } from './timing';

// The axe-core types of the copy @axe-core/playwright runs (a newer axe-core sits at the root for others).
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The impacts the suite refuses: a person is blocked (critical) or seriously hindered (serious). */
const REFUSED = new Set(['serious', 'critical']);

export interface Violation {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** What axe says about the first element, e.g. the colours and ratio of a contrast failure. */
  summary: string;
}

/**
 * The rules of the axe-core copy this suite runs that judge colours alone (its `cat.color` rules enabled by
 * default; color-contrast-enhanced is WCAG AAA and off): what a second colour theme of the same page can change.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Runs axe-core (every rule it has, WCAG and best practice, or only `rules`) on the page as it is now,
 * optionally only inside `include` (an open dialog), and returns its serious and critical violations, one entry
 * per rule.
 */
export async function seriousViolations(
  page: Page,
  where: string,
  include?: string,
  rules?: readonly string[],
): Promise<Violation[]> {
  // Legacy mode: axe.run() in the page itself. The default (axe.runPartial in each frame, then axe.finishRun in
  // a blank page opened for it, with axe-core injected again there) exists to audit cross-origin iframes, and
  // the app draws none (no screen renders an iframe); measured on six routes of the demo data, both modes gave
  // the same violations, passes and incomplete results, rule by rule and node count by node count, and the
  // default took 2 to 3 times as long (e.g. the dashboard 8.5 s against 2.8 s on the loaded 2-core machine).
  // Only violations are read: axe-core's resultTypes still runs every rule on every element and reports every
  // violating node, but keeps one example node of the passes, the incomplete and the inapplicable instead of
  // building a result (its selector, its HTML) for each of the page's thousands of passing nodes.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  if (rules) builder = builder.withRules([...rules]);
  const results = await timed('axe', where, () => builder.analyze());
  return results.violations
    .filter((violation: Result) => REFUSED.has(violation.impact ?? ''))
    .map((violation: Result) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: (violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    }));
}

/** One readable block per violation, for the failure message. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.where}: [${v.impact}] ${v.rule} — ${v.help}\n    ${v.targets.slice(0, 8).join('\n    ')}` +
        `${v.targets.length > 8 ? `\n    … and ${v.targets.length - 8} more` : ''}\n    ${v.summary}`,
    )
    .join('\n');
}
