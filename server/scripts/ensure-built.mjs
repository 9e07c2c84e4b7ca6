#!/usr/bin/env node
// Brings dist/ (and contracts/dist/) up to date before `npm run user:create` or `npm run bench`, so both
// work straight after `npm install`. `tsc -b` is incremental: a no-op build takes well under a second.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let tsc = null;
try {
  tsc = path.join(
    path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
    'bin',
    'tsc',
  );
} catch {
  // A production install without dev dependencies: use dist/ as it is.
}
if (tsc) {
  execFileSync(process.execPath, [tsc, '-b', root], { stdio: ['ignore', 'inherit', 'inherit'] });
} else if (!existsSync(path.join(root, 'dist', 'app.js'))) {
  process.stderr.write(
    'dist/ is missing and TypeScript is not installed: run `npm install` then `npm run build -w @loupe/server`.\n',
  );
  process.exit(1);
}
