// Whole namespaces of the shared libraries, so this module is fetched with the federation runtime (federation-
// runtime.ts), never on the first load: the shell's own screens import only the exports they use, and a
// namespace here would keep every export of the platform, the contracts and the router in the first chunk.
import type { createInstance } from '@module-federation/enhanced/runtime';
import * as Contracts from '@loupe/contracts';
import * as Platform from '@loupe/platform';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactRouterDom from 'react-router-dom';
import * as StyledComponents from 'styled-components';

/**
 * The shell's own copies of the libraries every remote shares, as this build bundled them for its own use:
 * a remote mounted in the page must get exactly these (one React, one router context, one query cache, one
 * auth singleton), never download its own. A namespace keeps every export, as the federation plugin's
 * provided copies did, since a remote may import what the shell does not.
 */
export const SHELL_COPIES = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react-router-dom': ReactRouterDom,
  'styled-components': StyledComponents,
  '@loupe/platform': Platform,
  '@loupe/contracts': Contracts,
} as const;

export type SharedLibrary = keyof typeof SHELL_COPIES;

interface SharedVersion {
  version: string;
  shareConfig: { singleton: boolean; requiredVersion: string; strictVersion: boolean };
}

/** Versions and rules of the shared libraries, defined by the build from platform/build/federation.cjs. */
declare const LOUPE_SHARED_LIBRARIES: Record<string, SharedVersion>;

type SharedOption = NonNullable<Parameters<typeof createInstance>[0]['shared']>;

/**
 * What the runtime is told this shell provides: each library at the version a remote's build gives the same
 * package, already loaded (`lib`). A library the build shares but this list lacks (or the reverse) is a
 * mistake in this file, reported when the first remote is loaded rather than as a second copy on the page.
 */
export function sharedLibraries(): SharedOption {
  const defined = LOUPE_SHARED_LIBRARIES;
  const missing = [
    ...Object.keys(defined).filter((key) => !(key in SHELL_COPIES)),
    ...Object.keys(SHELL_COPIES).filter((key) => !(key in defined)),
  ];
  if (missing.length > 0) {
    throw new Error(`The shell's shared copies and the build's shared list differ: ${missing.join(', ')}`);
  }
  return Object.fromEntries(
    (Object.keys(SHELL_COPIES) as SharedLibrary[]).map((key) => {
      const copy = SHELL_COPIES[key];
      const { version, shareConfig } = defined[key] as SharedVersion;
      return [key, { version, shareConfig, lib: () => copy }];
    }),
  );
}
