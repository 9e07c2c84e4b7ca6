// @ts-check
// The browser every tool of this package drives: Debian's Chromium with the same flags, for the jest suite
// (support/browser.ts) and the scripts that run outside jest (scripts/bench-web.mjs, scripts/day-clicks.mjs),
// hence plain CommonJS. No tool of this package ever downloads a browser.
'use strict';

const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS };
