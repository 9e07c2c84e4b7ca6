// One flat config for the whole monorepo. Boundaries follow ARCHITECTURE.md: remotes never import each other
// or the shell, the shell never imports a remote's source, and contracts stay free of React and Fastify.
// Inside a package, imports flow one way (bulletproof-react): shared code → features → routes; a feature never
// imports another feature, and nothing imports in a cycle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
// The remotes are the ones the platform's remote list names (platform/remotes.json): written once, read here.
const remotes = JSON.parse(fs.readFileSync(path.join(root, 'platform', 'remotes.json'), 'utf8')).remotes.map(
  (remote) => remote.dir,
);
const restrictImports = (patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: patterns, message: 'Crosses a package boundary (ARCHITECTURE.md).' }] },
  ],
});

/**
 * The TypeScript resolver, each answer remembered for 30 s (import-x's own cache lifetime) by the importing
 * folder and the specifier, found or not. import-x caches found paths only, and no-cycle's `ignoreExternal`
 * resolves every import of every module it walks from the file being linted, where a relative specifier is
 * mostly not found: each such miss ran the resolver again (its options normalised with two file-system calls
 * per project, then unrs), ~40% of `eslint .`'s CPU profile. The answers are the resolver's own: it resolves from
 * the file's folder, through the project whose `include` covers the file, and the projects here include whole
 * folders (the launcher's `src/*.d.cts` sit beside the CommonJS they declare, resolved alike). Within 30 s a
 * file created or removed is seen as late as import-x's cache sees it.
 */
function rememberedResolver(resolver, lifetimeMs = 30_000) {
  const answers = new Map();
  return {
    interfaceVersion: resolver.interfaceVersion,
    name: resolver.name,
    resolve(source, file) {
      const key = `${path.dirname(file)}\0${source}`;
      const kept = answers.get(key);
      if (kept && performance.now() - kept.at < lifetimeMs) return kept.answer;
      const answer = resolver.resolve(source, file);
      answers.set(key, { answer, at: performance.now() });
      return answer;
    },
  };
}

/** `features/<a>` may not import `features/<b>`: features are combined only at route level. */
const featureZones = remotes.flatMap((remote) => {
  const dir = path.join(root, remote, 'src', 'features');
  const features = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  return features.map((feature) => ({
    target: `./${remote}/src/features/${feature}`,
    from: `./${remote}/src/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need to the remote’s lib/ or to platform/.',
  }));
});

/**
 * Server modules (server/README.md, ARCHITECTURE.md "Server modules: each owns its data"): a module imports
 * another only through its index.ts, and kernel/ imports no module.
 */
const serverModulesDir = path.join(root, 'server', 'src', 'modules');
const serverModules = fs.existsSync(serverModulesDir)
  ? fs
      .readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const serverModuleZones = [
  ...serverModules.map((name) => ({
    target: `./server/src/modules/${name}`,
    from: `./server/src/modules/!(${name})/**/!(index).ts`,
    message: 'A server module imports another module only through its index.ts (its public service).',
  })),
  {
    target: './server/src/kernel',
    from: './server/src/modules',
    message: 'kernel/ is below every module: it never imports one (it owns no table either).',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', '.test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        rememberedResolver(
          createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true }),
        ),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: './platform',
              from: ['./server', './shell', ...remotes.map((r) => `./${r}`)],
              message: 'platform/ is below every app: it never imports the server, the shell or a remote.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverModuleZones,
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.{cjs,js,mjs}'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...remotes.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    rules: restrictImports([
      ...remotes.filter((r) => r !== remote).flatMap((r) => [`@loupe/${r}`, `**/${r}/**`]),
      '@loupe/shell',
      '**/shell/**',
    ]),
  })),
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: restrictImports(remotes.flatMap((r) => [`@loupe/${r}`, `**/${r}/**`])),
  },
  // A remote, and the platform compiled into it, imports only what its own package.json declares, never a
  // package hoisted to the root for a sibling: each remote must install, build and test alone
  // (.ci/standalone.mjs). Test-only packages belong in devDependencies.
  ...[...remotes, 'platform'].map((pkg) => ({
    files: [`${pkg}/{src,test}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          packageDir: path.join(root, pkg),
          devDependencies: ['test/**', 'src/**/*.test.{ts,tsx}', 'src/testing.tsx'].map((glob) =>
            path.join(root, pkg, glob),
          ),
          includeTypes: true,
        },
      ],
    },
  })),
  // Browser calls take their types from the endpoint map (issue 20): `api(endpoints.items.sell, …)`, never a
  // hand-written `http.post<Item>(…)` whose type nobody checks against the service; uploads use apiUpload. A
  // remote never invalidates the cache itself: a mutation declares the resources it changes (useApiMutation's
  // `changes`, or invalidateResources) and the platform invalidates them, so no remote spells another's key.
  {
    files: ['{platform,shell,remote-*}/src/**/*.{ts,tsx}'],
    // The HTTP client and the query cache themselves are where the typed call and the invalidation live.
    ignores: [
      'platform/src/http/**',
      'platform/src/query/**',
      '**/*.test.{ts,tsx}',
      'platform/src/testing.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='http'][callee.property.name=/^(get|post|put|patch|delete|request)$/][typeArguments]",
          message:
            'A hand-written response type: call the endpoint with api(endpoints.<group>.<name>, …), which types it from the map.',
        },
        {
          selector: "CallExpression[callee.name='upload'][typeArguments]",
          message: 'A hand-written response type: upload with apiUpload(endpoints.<group>.<name>, …).',
        },
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message:
            'Declare what a change touches (useApiMutation’s `changes`, or invalidateResources) and let the platform invalidate it.',
        },
      ],
    },
  },
  {
    files: ['contracts/src/**/*.ts'],
    rules: restrictImports(['react', 'react-*', 'fastify', '@fastify/*', '@loupe/*']),
  },
);
