// What a remote promises the shell, and the one check of it that the build (which writes it), the shell
// (before mounting a remote) and `npm run remote:deploy` (before switching one) all use. CommonJS without
// dependencies so the webpack config, the launcher and the browser bundle can all load it.
'use strict';

/** The key of a remote's mf-manifest.json that carries Loupe's own metadata. */
const CONTRACT_KEY = 'loupe';

/**
 * The federated modules the shell mounts, by the remotes list's flags: every remote's screens, and the
 * dashboard widgets of those marked `widgets`.
 * @param {{ widgets: boolean }} remote
 * @returns {string[]} e.g. `['./routes', './widgets']`
 */
function requiredExposes(remote) {
  return remote.widgets ? ['./routes', './widgets'] : ['./routes'];
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * @param {string} text
 * @returns {{ major: number, minor: number, patch: number, pre: string[] } | null}
 */
function parseVersion(text) {
  const match = VERSION.exec(String(text).trim());
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    pre: match[4] ? match[4].split('.') : [],
  };
}

/** semver's precedence: numbers, then a pre-release sorts before its release. */
function compare(a, b) {
  for (const key of ['major', 'minor', 'patch']) if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1;
  if (a.pre.length === 0 || b.pre.length === 0) return b.pre.length - a.pre.length;
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i += 1) {
    const x = a.pre[i];
    const y = b.pre[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    if (numeric) return Number(x) < Number(y) ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

const version = (major, minor, patch, pre = []) => ({ major, minor, patch, pre });

/**
 * One comparator of a range (`^1.2.3`, `~1.2.3`, `>=1.2.3`, `1.2.3`, `1.x`) as lower/upper bounds, with npm's
 * meaning: a caret allows changes that do not modify the left-most non-zero part (so `^0.1.0` is `<0.2.0`).
 * Returns null for what it cannot read, so a malformed range is refused rather than guessed at.
 */
function comparator(text) {
  const match =
    /^(\^|~|>=|<=|>|<|=)?\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?$/.exec(
      text,
    );
  if (!match) return null;
  const [, op = '', ma, mi, pa, preText] = match;
  const wild = (part) => part === undefined || /^[xX*]$/.test(part);
  const pre = preText ? preText.split('.') : [];
  if (wild(ma)) return op === '' || op === '>=' ? [] : null;
  const major = Number(ma);
  if (wild(mi)) {
    const low = { op: '>=', v: version(major, 0, 0) };
    const high = { op: '<', v: version(major + 1, 0, 0, ['0']) };
    if (op === '' || op === '^' || op === '~' || op === '=') return [low, high];
    if (op === '>=') return [low];
    if (op === '<') return [{ op: '<', v: version(major, 0, 0, ['0']) }];
    return null;
  }
  const minor = Number(mi);
  if (wild(pa)) {
    const low = { op: '>=', v: version(major, minor, 0) };
    const caretHigh = major > 0 ? version(major + 1, 0, 0, ['0']) : version(0, minor + 1, 0, ['0']);
    if (op === '^') return [low, { op: '<', v: caretHigh }];
    if (op === '' || op === '~' || op === '=')
      return [low, { op: '<', v: version(major, minor + 1, 0, ['0']) }];
    if (op === '>=') return [low];
    return null;
  }
  const exact = version(major, minor, Number(pa), pre);
  if (op === '^') {
    let high;
    if (major > 0) high = version(major + 1, 0, 0, ['0']);
    else if (minor > 0) high = version(0, minor + 1, 0, ['0']);
    else high = version(0, 0, exact.patch + 1, ['0']);
    return [
      { op: '>=', v: exact },
      { op: '<', v: high },
    ];
  }
  if (op === '~')
    return [
      { op: '>=', v: exact },
      { op: '<', v: version(major, minor + 1, 0, ['0']) },
    ];
  return [{ op: op === '' ? '=' : op, v: exact }];
}

function holds(v, { op, v: bound }) {
  const order = compare(v, bound);
  switch (op) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    default:
      return order === 0;
  }
}

/**
 * Whether `versionText` satisfies `range` (`^1.2.0`, `>=1.2.0 <3.0.0`, `1.x || 2.x`). A malformed version or
 * range satisfies nothing.
 * @param {string} versionText @param {string} range @returns {boolean}
 */
function satisfies(versionText, range) {
  const v = parseVersion(versionText);
  if (!v || typeof range !== 'string' || range.trim() === '') return false;
  return range.split('||').some((alternative) => {
    const parts = alternative
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    if (parts.length === 0) return false;
    const bounds = [];
    for (const part of parts) {
      const read = comparator(part);
      if (!read) return false;
      bounds.push(...read);
    }
    return bounds.every((bound) => holds(v, bound));
  });
}

/** "2.0" from `^2.0.0`, `>=2.1.0 <3`, …: the platform a remote was built for, as staff can be told it. */
function describeRange(range) {
  const first = /(\d+)(?:\.(\d+|[xX*]))?/.exec(String(range));
  if (!first) return String(range);
  return /^\d+$/.test(first[2] ?? '') ? `${first[1]}.${first[2]}` : first[1];
}

/**
 * The platform range a manifest declares: Loupe's own metadata, or — for a remote built before it existed —
 * the version of `@loupe/platform` its federation `shared` list names, as a caret range.
 * @param {unknown} manifest @returns {string | null}
 */
function declaredPlatformRange(manifest) {
  if (!manifest || typeof manifest !== 'object') return null;
  const contract = /** @type {Record<string, unknown>} */ (manifest)[CONTRACT_KEY];
  if (contract && typeof contract === 'object') {
    const platform = /** @type {{ platform?: unknown }} */ (contract).platform;
    return typeof platform === 'string' && platform.trim() !== '' ? platform.trim() : null;
  }
  const shared = /** @type {{ shared?: unknown }} */ (manifest).shared;
  if (!Array.isArray(shared)) return null;
  const platform = shared.find((entry) => entry && entry.name === '@loupe/platform');
  return platform && typeof platform.version === 'string' && parseVersion(platform.version)
    ? `^${platform.version}`
    : null;
}

/** The exposes a manifest lists, as `./routes`, `./widgets`. @param {unknown} manifest @returns {string[]} */
function manifestExposes(manifest) {
  const exposes = manifest && typeof manifest === 'object' ? /** @type {any} */ (manifest).exposes : null;
  if (!Array.isArray(exposes)) return [];
  return exposes
    .map((expose) => (expose && typeof expose.path === 'string' ? expose.path : null))
    .filter((path) => typeof path === 'string');
}

/**
 * Whether a remote's manifest may be mounted by a shell on `platformVersion` that needs `exposes` of it.
 * `problem` says which promise is broken, `message` says it for the remote's team (console, deploy output);
 * `platform` is the platform the remote was built for, as staff can be told it.
 * @param {{ manifest: unknown, name: string, platformVersion: string, exposes: string[] }} options
 * @returns {{ ok: true, range: string } | { ok: false, problem: 'manifest' | 'platform' | 'exposes', message: string, platform?: string, missing?: string[] }}
 */
function checkRemoteContract({ manifest, name, platformVersion, exposes }) {
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) {
    return { ok: false, problem: 'manifest', message: `${name}: the manifest is not a JSON object` };
  }
  const built = /** @type {{ name?: unknown }} */ (manifest).name;
  if (typeof built === 'string' && built !== name) {
    return {
      ok: false,
      problem: 'manifest',
      message: `${name}: the manifest is the build of ${JSON.stringify(built)}, not of ${name}`,
    };
  }
  const range = declaredPlatformRange(manifest);
  if (!range) {
    return {
      ok: false,
      problem: 'platform',
      message: `${name}: the manifest does not say which @loupe/platform it was built for`,
      platform: 'unknown',
    };
  }
  if (!satisfies(platformVersion, range)) {
    return {
      ok: false,
      problem: 'platform',
      message: `${name} was built for @loupe/platform ${range}; this shell provides ${platformVersion}`,
      platform: describeRange(range),
    };
  }
  const offered = manifestExposes(manifest);
  const missing = exposes.filter((expose) => !offered.includes(expose));
  if (missing.length > 0) {
    return {
      ok: false,
      problem: 'exposes',
      message: `${name} does not expose ${missing.join(', ')} (it exposes ${offered.join(', ') || 'nothing'}), which this shell mounts`,
      missing,
    };
  }
  return { ok: true, range };
}

module.exports = {
  CONTRACT_KEY,
  requiredExposes,
  parseVersion,
  satisfies,
  describeRange,
  declaredPlatformRange,
  manifestExposes,
  checkRemoteContract,
};
