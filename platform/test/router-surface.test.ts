import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as surface from '../src/router';

/**
 * Every browser build resolves `react-router-dom` to platform/src/router.ts and shares that module (see
 * platform/build/federation.cjs). An import of a name the surface does not list is undefined at run time in the
 * built app — the shell's switch of shop once failed on `matchRoutes` that way — while jsdom tests, which
 * resolve the real package, pass. So every name any package imports from `react-router-dom` must be listed.
 */
const repo = path.resolve(__dirname, '..', '..');
const SOURCE_ROOTS = [
  'platform/src',
  'shell/src',
  ...readdirSync(repo)
    .filter((d) => d.startsWith('remote-'))
    .map((d) => `${d}/src`),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The value (not type-only) names a file imports from 'react-router-dom'. */
function importedNames(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g)) {
    if (match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

it('lists every name a package imports from react-router-dom', () => {
  const missing: string[] = [];
  let imports = 0;
  for (const root of SOURCE_ROOTS) {
    for (const file of sourceFiles(path.join(repo, root))) {
      if (file.endsWith(path.join('platform', 'src', 'router.ts'))) continue;
      for (const name of importedNames(readFileSync(file, 'utf8'))) {
        imports += 1;
        if (!(name in surface)) missing.push(`${path.relative(repo, file)}: ${name}`);
      }
    }
  }
  expect(imports).toBeGreaterThan(20);
  expect(missing).toEqual([]);
});
