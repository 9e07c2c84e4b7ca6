#!/usr/bin/env node
// Proves the lint rules that keep the layout honest are switched on: each probe below breaks one rule and must be
// reported by the repository's own ESLint config. A config edit that silently drops a rule fails this check
// instead of letting `eslint .` pass on a tree that no longer follows ARCHITECTURE.md.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const probeDir = path.join(root, 'platform', 'src', '__lint_probe__');

const probes = [
  {
    rule: 'import-x/no-restricted-paths',
    why: 'a feature imports another feature',
    file: 'remote-inventory/src/features/dashboard/__probe__.ts',
    code: "export { getItems } from '../items/api/get-items';\n",
  },
  {
    rule: 'import-x/no-restricted-paths',
    why: 'platform imports the server',
    file: 'platform/src/__lint_probe__/server.ts',
    code: "export * from '../../../server/src/app';\n",
  },
  {
    rule: 'import-x/no-cycle',
    why: 'two modules import each other',
    file: 'platform/src/__lint_probe__/a.ts',
    code: "import { b } from './b';\nexport const a = (): unknown => b;\n",
    also: {
      'platform/src/__lint_probe__/b.ts': "import { a } from './a';\nexport const b = (): unknown => a;\n",
    },
  },
  {
    rule: 'import-x/no-restricted-paths',
    why: "a server module imports another module's internals instead of its index.ts",
    file: 'server/src/modules/shops/__lint_probe__.ts',
    code: "export { ItemsRepository } from '../inventory/items-repository';\n",
  },
  {
    rule: 'import-x/no-restricted-paths',
    why: 'server kernel imports a module',
    file: 'server/src/kernel/__lint_probe__.ts',
    code: "export { OWNED_TABLES } from '../modules/shops/tables';\n",
  },
  {
    rule: 'import-x/no-cycle',
    why: 'two server modules import each other',
    file: 'server/src/modules/shops/__lint_probe_a__.ts',
    code: "import { b } from '../auth/__lint_probe_b__';\nexport const a = (): unknown => b;\n",
    also: {
      'server/src/modules/auth/__lint_probe_b__.ts':
        "import { a } from '../shops/__lint_probe_a__';\nexport const b = (): unknown => a;\n",
    },
  },
  {
    rule: 'jsx-a11y/click-events-have-key-events',
    why: 'a click handler on a div with no keyboard equivalent',
    file: 'platform/src/__lint_probe__/click.tsx',
    code: 'export const C = (p: { f(): void }) => <div onClick={p.f}>x</div>;\n',
  },
  {
    rule: 'no-restricted-imports',
    why: 'a remote imports another remote',
    file: 'remote-admin/src/__probe__.ts',
    code: "export * from '@loupe/remote-clients';\n",
  },
  {
    rule: 'import-x/no-extraneous-dependencies',
    why: 'a remote imports a package only a sibling declares (hoisted to the root)',
    file: 'remote-admin/src/__probe__.ts',
    code: "export { QueryClient } from '@tanstack/react-query';\n",
  },
  {
    rule: 'import-x/no-extraneous-dependencies',
    why: 'a remote ships a package it declares for its tests only',
    file: 'remote-auth/src/__probe__.ts',
    code: "export { render } from '@testing-library/react';\n",
  },
  {
    rule: 'no-restricted-syntax',
    why: 'browser code writes the response type of a call by hand instead of taking it from the endpoint map',
    message: 'A hand-written response type',
    file: 'remote-inventory/src/__probe__.ts',
    code:
      "import { endpoints, pathOf, type Item } from '@loupe/contracts';\n" +
      "import { http } from '@loupe/platform';\n" +
      'export const sell = (id: number) => http.post<Item>(pathOf(endpoints.items.sell, { id }), {});\n',
  },
  {
    rule: 'no-restricted-syntax',
    why: 'a remote invalidates a cache key itself (another remote’s, by a string literal)',
    message: 'Declare what a change touches',
    file: 'remote-inventory/src/__probe__.ts',
    code:
      "import type { QueryClient } from '@loupe/platform';\n" +
      "export const done = (client: QueryClient) => client.invalidateQueries({ queryKey: ['invoices'] });\n",
  },
];

const eslint = new ESLint({ cwd: root });
let failed = 0;
const written = [];
try {
  mkdirSync(probeDir, { recursive: true });
  for (const probe of probes) {
    for (const [file, code] of Object.entries({ [probe.file]: probe.code, ...(probe.also ?? {}) })) {
      writeFileSync(path.join(root, file), code);
      written.push(path.join(root, file));
    }
    const [result] = await eslint.lintFiles([path.join(root, probe.file)]);
    // Rules with several selectors (no-restricted-syntax) are told apart by their message.
    const hit = result.messages.some(
      (m) => m.ruleId === probe.rule && (!probe.message || m.message.includes(probe.message)),
    );
    console.log(`${hit ? 'ok  ' : 'FAIL'} ${probe.rule}: ${probe.why}`);
    if (!hit) failed += 1;
  }
} finally {
  for (const file of written) rmSync(file, { force: true });
  rmSync(probeDir, { recursive: true, force: true });
}
process.exit(failed === 0 ? 0 : 1);
