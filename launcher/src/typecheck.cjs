#!/usr/bin/env node
// `npm run typecheck`: strict TypeScript across the monorepo, incrementally (tsc -b). The projects are the root
// tsconfig.json (every package that is not a remote) and each remote of the one remote list,
// platform/remotes.json (issue 23 item 6): a remote added to the list is type-checked without editing a
// tsconfig outside its folder. Extra arguments go to tsc (e.g. --verbose, --clean).
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { REPO, typecheckProjects } = require('./remote-list.cjs');

const tsc = require.resolve('typescript/bin/tsc', { paths: [REPO] });
const projects = typecheckProjects().map((project) => path.relative(REPO, project) || '.');
const run = spawnSync(process.execPath, [tsc, '-b', ...projects, ...process.argv.slice(2)], {
  cwd: REPO,
  stdio: 'inherit',
});
if (run.error) throw run.error;
process.exit(run.status ?? 1);
