#!/usr/bin/env node
// Run once, by hand, to refresh resources/common-passwords.txt.gz; the server never depends on the package.
// Like Django's CommonPasswordValidator we keep the 20,000 most frequent passwords. Source: the password
// frequency list of @zxcvbn-ts/language-common (MIT, Dropbox zxcvbn data), most frequent first:
//   cd /tmp && npm pack @zxcvbn-ts/language-common && tar xzf zxcvbn-ts-language-common-*.tgz
//   node server/scripts/extract-common-passwords.mjs /tmp/package/src/passwords.json
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const source = process.argv[2];
if (!source) {
  console.error(
    'usage: extract-common-passwords.mjs <path to @zxcvbn-ts/language-common/src/passwords.json>',
  );
  process.exit(2);
}
const LIMIT = 20_000;
const all = JSON.parse(readFileSync(source, 'utf8'));
const seen = new Set();
for (const word of all) {
  const w = String(word).trim().toLowerCase();
  if (w) seen.add(w);
  if (seen.size === LIMIT) break;
}
const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'resources',
  'common-passwords.txt.gz',
);
writeFileSync(out, gzipSync(`${[...seen].join('\n')}\n`, { level: 9 }));
console.log(`wrote ${seen.size} passwords to ${out}`);
