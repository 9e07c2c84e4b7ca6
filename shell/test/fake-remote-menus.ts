import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMenus, readRemoteList, REPO } from '../../launcher/src/remote-list.cjs';

/**
 * A test file that imports this module first sees the shell built with one more remote, "ledger", on the remote
 * list: its folder (a temporary one) declares a sidebar link between Clients (30) and Expenses (40) for whoever
 * may see costs, a user-menu link between Gold (10) and Silver Management (20) for whoever may manage silver,
 * and one link with an action no permission map has. The menus come from the same reader the build uses.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'loupe-remote-ledger-'));
writeFileSync(
  path.join(dir, 'menus.json'),
  JSON.stringify({
    sidebar: [
      { order: 35, label: 'Ledger', to: '/ledger', action: 'viewCosts' },
      { order: 36, label: 'Ledger Archive', to: '/ledger/archive', action: 'readTheFuture' },
    ],
    userMenu: [{ order: 15, label: 'Ledger Settings', to: '/ledger/settings', action: 'manageSilver' }],
  }),
);
const list = readRemoteList();
(globalThis as { LOUPE_MENUS?: unknown }).LOUPE_MENUS = readMenus(REPO, {
  ...list,
  remotes: [
    ...list.remotes,
    { key: 'ledger', name: 'remote_ledger', title: 'Ledger', dir, prefixes: ['/ledger'] },
  ],
});
rmSync(dir, { recursive: true, force: true });
