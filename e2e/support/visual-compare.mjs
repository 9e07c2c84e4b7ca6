// Compares two PNGs with pixelmatch and prints the result as one JSON line. A script of its own because
// pixelmatch is ESM only and the suite's tests run as CommonJS under Jest (where a dynamic import needs
// --experimental-vm-modules), like pdf-text.mjs.
//
//   node visual-compare.mjs <baseline.png> <actual.png> <diff.png> <threshold>
//
// Prints {"width", "height", "differing"} when the sizes agree (the diff PNG is written only when a pixel
// differs), or {"sizeMismatch": true, "baseline": [w, h], "actual": [w, h]} when they do not.
import { readFileSync, writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const [baselineFile, actualFile, diffFile, thresholdText] = process.argv.slice(2);
if (!baselineFile || !actualFile || !diffFile || !thresholdText) {
  process.stderr.write('usage: visual-compare.mjs <baseline.png> <actual.png> <diff.png> <threshold>\n');
  process.exit(2);
}

const baseline = PNG.sync.read(readFileSync(baselineFile));
const actual = PNG.sync.read(readFileSync(actualFile));
if (baseline.width !== actual.width || baseline.height !== actual.height) {
  process.stdout.write(
    `${JSON.stringify({
      sizeMismatch: true,
      baseline: [baseline.width, baseline.height],
      actual: [actual.width, actual.height],
    })}\n`,
  );
} else {
  const { width, height } = baseline;
  const diff = new PNG({ width, height });
  const differing = pixelmatch(baseline.data, actual.data, diff.data, width, height, {
    threshold: Number(thresholdText),
    // Anti-aliased edge pixels (detected by pixelmatch) are not counted: they are painted yellow in the diff.
    includeAA: false,
  });
  if (differing > 0) writeFileSync(diffFile, PNG.sync.write(diff));
  process.stdout.write(`${JSON.stringify({ width, height, differing })}\n`);
}
