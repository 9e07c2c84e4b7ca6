// One flat config for the whole monorepo. Boundaries follow ARCHITECTURE.md: remotes never import each other
// or the shell, the shell never imports a remote's source, and contracts stay free of React and Fastify.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['remote-auth', 'remote-inventory', 'remote-clients', 'remote-finance', 'remote-admin'];
const restrictImports = (patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: patterns, message: 'Crosses a package boundary (ARCHITECTURE.md).' }] },
  ],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', '.test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
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
  {
    files: ['contracts/src/**/*.ts'],
    rules: restrictImports(['react', 'react-*', 'fastify', '@fastify/*', '@loupe/*']),
  },
);
