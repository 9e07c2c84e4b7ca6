import { transformSync } from '@swc/core';
import { swcOptions } from '../build/swc.cjs';

/**
 * The builds compile TypeScript with swc-loader and these options (build/swc.cjs), the tests with @swc/jest.
 * What they must keep from the TypeScript compiler they replaced, each of which a change of option would break
 * only in a built app, not in any jsdom test.
 */

interface LoaderContext {
  mode: string;
  resourcePath: string;
  sourceMap: boolean;
  getOptions(): unknown;
  async(): (error: Error | null, code?: string) => void;
}
/** swc-loader (it ships no types): webpack calls it with a loader context as `this`. */
const swcLoader = jest.requireActual<(this: LoaderContext, source: string) => void>('swc-loader');

/** swc-loader run as webpack runs it for one file, in the given mode. */
function loadWithSwc(source: string, resourcePath: string, mode: 'development' | 'production') {
  return new Promise<string>((resolve, reject) => {
    const context: LoaderContext = {
      mode,
      resourcePath,
      sourceMap: false,
      getOptions: () => swcOptions({ tsx: resourcePath.endsWith('.tsx') }),
      async:
        () =>
        (error: Error | null, code?: string): void =>
          error ? reject(error) : resolve(code ?? ''),
    };
    swcLoader.call(context, source);
  });
}

test("JSX imports react/jsx-runtime, the federation's shared key, in a development build too", async () => {
  const source = 'export const Hello = () => <p>Hello</p>;\n';
  for (const mode of ['development', 'production'] as const) {
    const code = await loadWithSwc(source, '/x/Hello.tsx', mode);
    expect(code).toContain('"react/jsx-runtime"');
    expect(code).not.toContain('jsx-dev-runtime');
  }
});

test('class fields keep their define semantics (tsconfig.base.json: target ES2022)', () => {
  const { code } = transformSync('class A { x: number; constructor() { this.x = 1; } }\nexport { A };\n', {
    ...swcOptions({ tsx: false }),
    filename: 'a.ts',
  });
  // A field declared without a value is still defined on each instance (undefined until the constructor sets it).
  expect(code).toMatch(/class A \{\s*x;/);
});
