import { browserSuite } from '../support/browser';
import { uncountedBrowserCpuSeconds } from '../support/browser-cpu';

// The test run's closing line gives this suite's CPU with Chromium's apart (.ci/test-all.mjs), read from the
// browser's processes just before the suite's browser closes (the global teardown): if it could no longer find
// them (another executable name, another parent), that figure would silently read 0.
const browserTest = browserSuite();

browserTest("finds the browser's processes and the CPU its pages spend", async (kit) => {
  const before = uncountedBrowserCpuSeconds();
  const page = await kit.newPage();
  await page.setContent('<p>work</p>');
  // A fixed amount of script in the renderer (one of the processes under the browser): ~0.2 s of CPU on this
  // machine however busy it is (a loop bounded by time would get less CPU on a loaded one).
  await page.evaluate(() => {
    let sum = 0;
    for (let i = 0; i < 200_000_000; i += 1) sum += i % 7;
    return sum;
  });
  const after = uncountedBrowserCpuSeconds();
  expect(before).toBeGreaterThanOrEqual(0);
  expect(after - before).toBeGreaterThan(0.05);
});
