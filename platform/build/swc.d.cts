import type { Options } from '@swc/core';

/** How the browser packages' TypeScript is compiled by the builds and the tests (swc.cjs). */
export function swcOptions(options: { tsx: boolean }): Options;
