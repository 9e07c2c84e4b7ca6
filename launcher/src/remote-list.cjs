// What the rest of the monorepo derives from the one remote list, platform/remotes.json (issue 23 item 6), so
// that adding a remote touches that list and the remote's own folder only:
//   - the TypeScript projects `npm run typecheck` builds: the root tsconfig.json (the packages that are not
//     remotes) plus every listed remote's folder (typecheck.cjs);
//   - the shell's menus: the sidebar and user-menu entries the shell (shell/menus.json) and each remote
//     (<remote>/menus.json) declare, checked and put in their declared order, which the shell's build and its
//     tests define as LOUPE_MENUS.
// npm's workspaces need nothing from here: the root package.json names the remotes by a glob ("remote-*").
// CommonJS so the shell's webpack and jest configs (CommonJS), the launcher's tests and scripts all load it.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..', '..');
const MENUS_FILE = 'menus.json';

/** The remote list as written: { shellPort, remotesPortBase, remotes: [{ key, dir, prefixes, … }] }. */
function readRemoteList(root = REPO) {
  return JSON.parse(fs.readFileSync(path.join(root, 'platform', 'remotes.json'), 'utf8'));
}

/** The projects `tsc -b` builds: the root tsconfig.json (every package but the remotes), then each remote. */
function typecheckProjects(root = REPO, list = readRemoteList(root)) {
  return [path.join(root, 'tsconfig.json'), ...list.remotes.map((remote) => path.resolve(root, remote.dir))];
}

/** Whether `to` is one of `prefixes` or below one of them, by whole path segments (as the shell routes). */
function underPrefix(to, prefixes) {
  const pathname = to.split(/[?#]/)[0];
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

class MenuDeclarationError extends Error {}

/**
 * Reads one declaration file and checks its shape. `owns(to)` says whether a link's path belongs to whoever
 * declares it: a remote links only to its own screens (its prefixes), the shell only to paths no remote owns.
 */
function readDeclaration(file, from, owns) {
  if (!fs.existsSync(file)) return { sidebar: [], userMenu: [] };
  const fail = (message) => {
    throw new MenuDeclarationError(`${file}: ${message}`);
  };
  let declared;
  try {
    declared = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`not JSON (${error.message})`);
  }
  if (declared === null || typeof declared !== 'object' || Array.isArray(declared)) fail('must be an object');
  for (const key of Object.keys(declared)) {
    if (!['sidebar', 'userMenu'].includes(key)) fail(`unknown key "${key}" (sidebar and userMenu only)`);
  }
  const text = (value, where) => {
    if (typeof value !== 'string' || value.trim() === '' || value !== value.trim()) {
      fail(`${where} must be a non-empty string without surrounding spaces`);
    }
    return value;
  };
  const link = (value, where) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      fail(`${where} must be an object`);
    for (const key of Object.keys(value)) {
      if (!['order', 'label', 'to', 'action'].includes(key)) fail(`${where} has an unknown key "${key}"`);
    }
    const label = text(value.label, `${where}.label`);
    const to = text(value.to, `${where}.to`);
    if (!to.startsWith('/')) fail(`${where}.to must be a path starting with / (got ${JSON.stringify(to)})`);
    if (!owns(to)) fail(`${where}.to ${JSON.stringify(to)} is not a path of ${from}`);
    const entry = { label, to };
    if (value.action !== undefined) entry.action = text(value.action, `${where}.action`);
    return entry;
  };
  const order = (value, where) => {
    if (!Number.isInteger(value) || value <= 0) fail(`${where}.order must be a positive whole number`);
    return value;
  };
  const list = (value, where) => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) fail(`${where} must be an array`);
    return value;
  };

  const sidebar = list(declared.sidebar, 'sidebar').map((value, index) => {
    const where = `sidebar[${index}]`;
    if (value !== null && typeof value === 'object' && 'items' in value) {
      for (const key of Object.keys(value)) {
        if (!['order', 'label', 'items'].includes(key))
          fail(`${where} (a group) has an unknown key "${key}"`);
      }
      if (!Array.isArray(value.items) || value.items.length === 0)
        fail(`${where}.items must be a non-empty array`);
      return {
        from,
        order: order(value.order, where),
        label: text(value.label, `${where}.label`),
        items: value.items.map((item, i) => {
          if (item !== null && typeof item === 'object' && 'order' in item) {
            fail(`${where}.items[${i}] takes no order: a group's links keep the order they are written in`);
          }
          return link(item, `${where}.items[${i}]`);
        }),
      };
    }
    return { from, order: order(value?.order, where), ...link(value, where) };
  });
  const userMenu = list(declared.userMenu, 'userMenu').map((value, index) => {
    const where = `userMenu[${index}]`;
    return { from, order: order(value?.order, where), ...link(value, where) };
  });
  return { sidebar, userMenu };
}

/** Two entries of one menu may not share an order (the menu would depend on reading order), a label or a path. */
function checkUnique(menu, entries) {
  const seen = { order: new Map(), label: new Map(), to: new Map() };
  const claim = (kind, value, from) => {
    const other = seen[kind].get(value);
    if (other !== undefined) {
      throw new MenuDeclarationError(
        `The ${menu} has two entries with the ${kind} ${JSON.stringify(value)}: from ${other} and ${from}`,
      );
    }
    seen[kind].set(value, from);
  };
  for (const entry of entries) {
    claim('order', entry.order, entry.from);
    claim('label', entry.label, entry.from);
    for (const link of entry.items ?? [entry]) {
      if (entry.items) claim('label', link.label, entry.from);
      claim('to', link.to, entry.from);
    }
  }
}

/**
 * The shell's menus as declared: the shell's own entries (shell/menus.json) and each listed remote's
 * (<remote dir>/menus.json; a remote without one adds nothing), each menu in its declared order. Every entry
 * says where it came from (`from`: "shell" or the remote's key). Throws, naming the file, on any mistake.
 * @returns {{ sidebar: object[], userMenu: object[] }}
 */
function readMenus(root = REPO, list = readRemoteList(root)) {
  const remotePrefixes = list.remotes.flatMap((remote) => remote.prefixes);
  const declarers = [
    { from: 'shell', dir: path.join(root, 'shell'), owns: (to) => !underPrefix(to, remotePrefixes) },
    ...list.remotes.map((remote) => ({
      from: remote.key,
      dir: path.resolve(root, remote.dir),
      owns: (to) => underPrefix(to, remote.prefixes),
    })),
  ];
  const declared = declarers.map((declarer) =>
    readDeclaration(path.join(declarer.dir, MENUS_FILE), declarer.from, declarer.owns),
  );
  const byOrder = (a, b) => a.order - b.order;
  const sidebar = declared.flatMap((one) => one.sidebar).sort(byOrder);
  const userMenu = declared.flatMap((one) => one.userMenu).sort(byOrder);
  checkUnique('sidebar', sidebar);
  checkUnique('user menu', userMenu);
  return { sidebar, userMenu };
}

/** The files readMenus reads (a watching build rebuilds when one changes), the remote list first. */
function menuFiles(root = REPO, list = readRemoteList(root)) {
  return [
    path.join(root, 'platform', 'remotes.json'),
    path.join(root, 'shell', MENUS_FILE),
    ...list.remotes.map((remote) => path.join(path.resolve(root, remote.dir), MENUS_FILE)),
  ];
}

module.exports = {
  REPO,
  MENUS_FILE,
  MenuDeclarationError,
  readRemoteList,
  typecheckProjects,
  readMenus,
  menuFiles,
};
