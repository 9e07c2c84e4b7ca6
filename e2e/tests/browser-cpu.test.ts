import { browserSuite } from '../support/browser';
import { uncountedBrowserCpuSeconds } from '../support/browser-cpu';

// The test run's closing line gives this suite's CPU with Chromium's apart (.ci/test-all.mjs), read from the
// browser's processes just before each file's browser closes: if it could no longer find them (another
// executable name, another parent), that figure would silently read 0.
const browserTest = browserSuite();

browserTest("finds the browser's processes and the CPU its pages spend", async (kit) => {
  const before = uncountedBrowserCpuSeconds();
  const page = await kit.newPage();
  await page.setContent('<p>work</p>');
  // About half a second of script in the renderer, which is one of the processes under the browser.
  await page.evaluate(() => {
    const end = performance.now() + 500;
    let n = 0;
    while (performance.now() < end) n += 1;
    return n;
  });
  const after = uncountedBrowserCpuSeconds();
  expect(before).toBeGreaterThanOrEqual(0);
  expect(after - before).toBeGreaterThan(0.3);
});
