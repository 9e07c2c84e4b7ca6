import { AxeBuilder } from '@axe-core/playwright';
import { COLOUR_RULES, seriousViolations } from '../support/axe';
import { browserSuite } from '../support/browser';

// The audit every accessibility sweep relies on (support/axe.ts), held to a page with known faults: the sweeps
// pass when it reports nothing, so a change to how it runs axe-core (its mode, its options, which impacts it
// refuses) must still find what a person would be blocked or hindered by, and only that.

const browserTest = browserSuite();

/**
 * Critical faults (two images without a text alternative, a button without a name), a serious one (text at 1.3:1
 * contrast), a moderate one (content outside any landmark) and a fine button. Two elements fail one rule: an
 * audit that kept only the first element of each fault would be caught.
 */
const FAULTY_PAGE = `<!doctype html><html lang="en"><head><title>Faults</title></head><body>
  <div id="faults">
    <img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <img id="no-alt-2" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <button id="no-name"></button>
    <p id="faint" style="color:#777777;background:#888888;font-size:14px">Hard to read</p>
  </div>
  <div id="fine"><button type="button">Save</button></div>
</body></html>`;

/** Each violation as `rule: targets`, sorted. */
const found = (violations: Awaited<ReturnType<typeof seriousViolations>>) =>
  violations.map((v) => `${v.rule}: ${v.targets.join(', ')}`).sort();

browserTest(
  'the audit finds every serious and critical fault of a page, names their elements, and leaves moderate ones out',
  async (kit) => {
    const page = await kit.newPage();
    await page.setContent(FAULTY_PAGE);

    // axe-core itself also finds a moderate fault here (content outside any landmark), which the audit leaves out.
    const all = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    expect(all.violations.filter((v) => v.impact === 'moderate').map((v) => v.id)).toContain('region');
    // Every rule, as the default theme's sweep runs it.
    expect(found(await seriousViolations(page, 'the faulty page'))).toEqual([
      'button-name: #no-name',
      'color-contrast: #faint',
      'image-alt: #no-alt, #no-alt-2',
    ]);
    // The colour rules alone, as the light theme's sweep runs them.
    expect(found(await seriousViolations(page, 'the faulty page', undefined, COLOUR_RULES))).toEqual([
      'color-contrast: #faint',
    ]);
    // Inside one part of the page only, as an open dialog is audited.
    expect(found(await seriousViolations(page, 'the fine part', '#fine'))).toEqual([]);
    expect(found(await seriousViolations(page, 'the faults', '#faults'))).toHaveLength(3);
  },
);
