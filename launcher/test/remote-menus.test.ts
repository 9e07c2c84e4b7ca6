import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACTIONS } from '@loupe/contracts';
import {
  MenuDeclarationError,
  menuFiles,
  readMenus,
  readRemoteList,
  REPO,
  type RemoteList,
} from '../src/remote-list.cjs';

// Issue 23 item 6: the shell's sidebar and user menu are what the shell and each remote of the remote list
// declare in their own menus.json, put in their declared order and checked at build time (readMenus, which the
// shell's webpack and jest configs define as LOUPE_MENUS).

const links = (menus: ReturnType<typeof readMenus>['sidebar']) =>
  menus.flatMap((entry) => ('items' in entry ? entry.items : [entry]).map((link) => [link.label, link.to]));

describe('the menus of this repository', () => {
  const menus = readMenus();

  it("keep SPEC §2's sidebar and the later screens in their order", () => {
    expect(links(menus.sidebar).slice(0, 11)).toEqual([
      ['Dashboard', '/dashboard'],
      ['Watches', '/stock/watches'],
      ['Jewellery', '/stock/jewellery'],
      ['Accessories', '/stock/accessories'],
      ['Clients', '/clients'],
      ['Expenses', '/expenses'],
      ['Quick Sales', '/quicksales'],
      ['Expenses List', '/expenselist'],
      ['Reports', '/reports'],
      ['Invoices', '/invoices'],
      ['Deals', '/deals'],
    ]);
    expect(menus.sidebar.map((entry) => entry.from)[0]).toBe('shell');
    const inventory = menus.sidebar.find((entry) => entry.label === 'Inventory');
    expect(inventory && 'items' in inventory ? inventory.items.map((item) => item.label) : null).toEqual([
      'Add Item',
      'All Stock',
      'In Stock',
      'Checked Out',
      'Stock Take',
    ]);
  });

  it("keep the user menu's management screens first and Settings (remote-auth's) last", () => {
    const userMenu = menus.userMenu.map((link) => link.label);
    expect(userMenu.slice(0, 2)).toEqual(['Gold Management', 'Silver Management']);
    expect(userMenu.at(-1)).toBe('Settings');
    expect(menus.userMenu.at(-1)).toMatchObject({ from: 'auth', to: '/profile/settings' });
  });

  it("name only actions of contracts' permission map", () => {
    const actions = [
      ...menus.sidebar.flatMap((entry) => ('items' in entry ? entry.items : [entry])),
      ...menus.userMenu,
    ]
      .map((link) => link.action)
      .filter((action) => action !== undefined);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter((action) => !(ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('are read from the remote list and each remote folder (a watching build rebuilds on their change)', () => {
    const files = menuFiles();
    expect(files[0]).toBe(path.join(REPO, 'platform', 'remotes.json'));
    for (const remote of readRemoteList().remotes)
      expect(files).toContain(path.join(REPO, remote.dir, 'menus.json'));
  });
});

describe('a remote added to a test list', () => {
  let root: string;
  const list = (extra: object = {}): RemoteList => ({
    remotes: [
      { key: 'alpha', dir: 'remote-alpha', prefixes: ['/alpha', '/shared'] },
      { key: 'beta', dir: 'remote-beta', prefixes: ['/beta'], ...extra },
    ],
  });
  const declare = (dir: string, menus: unknown) => {
    mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(
      path.join(root, dir, 'menus.json'),
      typeof menus === 'string' ? menus : JSON.stringify(menus),
    );
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'loupe-menus-'));
    declare('shell', { sidebar: [{ order: 10, label: 'Dashboard', to: '/dashboard' }] });
    declare('remote-alpha', {
      sidebar: [
        { order: 20, label: 'Alpha', to: '/alpha' },
        { order: 40, label: 'Shared', items: [{ label: 'One', to: '/shared/one', action: 'void' }] },
      ],
      userMenu: [{ order: 20, label: 'Alpha Settings', to: '/alpha/settings', action: 'editSettings' }],
    });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('adds its entries at their declared order, with their action and where they came from', () => {
    declare('remote-beta', {
      sidebar: [{ order: 30, label: 'Beta', to: '/beta', action: 'viewCosts' }],
      userMenu: [{ order: 10, label: 'Beta Tools', to: '/beta/tools' }],
    });
    const menus = readMenus(root, list());
    expect(menus.sidebar.map((entry) => [entry.from, entry.label])).toEqual([
      ['shell', 'Dashboard'],
      ['alpha', 'Alpha'],
      ['beta', 'Beta'],
      ['alpha', 'Shared'],
    ]);
    expect(menus.sidebar[2]).toEqual({
      from: 'beta',
      order: 30,
      label: 'Beta',
      to: '/beta',
      action: 'viewCosts',
    });
    expect(menus.userMenu.map((link) => link.label)).toEqual(['Beta Tools', 'Alpha Settings']);
  });

  it('adds nothing for a remote without a menus.json', () => {
    expect(readMenus(root, list()).sidebar.map((entry) => entry.label)).toEqual([
      'Dashboard',
      'Alpha',
      'Shared',
    ]);
  });

  it.each([
    [
      'a link to another remote’s screen',
      { sidebar: [{ order: 30, label: 'B', to: '/alpha/x' }] },
      /is not a path of beta/,
    ],
    [
      'a prefix matched only by its start',
      { sidebar: [{ order: 30, label: 'B', to: '/betamax' }] },
      /is not a path of beta/,
    ],
    ['a link without a label', { sidebar: [{ order: 30, to: '/beta' }] }, /sidebar\[0\]\.label must be/],
    [
      'an order that is not a positive whole number',
      { userMenu: [{ order: 1.5, label: 'B', to: '/beta' }] },
      /userMenu\[0\]\.order/,
    ],
    ['a missing order', { userMenu: [{ label: 'B', to: '/beta' }] }, /userMenu\[0\]\.order/],
    [
      'an unknown key',
      { sidebar: [{ order: 30, label: 'B', to: '/beta', roles: ['gold'] }] },
      /unknown key "roles"/,
    ],
    ['an unknown menu', { topBar: [] }, /unknown key "topBar"/],
    [
      'an empty group',
      { sidebar: [{ order: 30, label: 'B', items: [] }] },
      /items must be a non-empty array/,
    ],
    [
      'an order inside a group',
      { sidebar: [{ order: 30, label: 'B', items: [{ order: 1, label: 'C', to: '/beta' }] }] },
      /takes no order/,
    ],
    [
      'a relative path',
      { sidebar: [{ order: 30, label: 'B', to: 'beta' }] },
      /must be a path starting with \//,
    ],
    ['not JSON', '{ sidebar: [] }', /not JSON/],
  ])('refuses %s, naming its file', (_what, menus, message) => {
    declare('remote-beta', menus);
    const read = () => readMenus(root, list());
    expect(read).toThrow(MenuDeclarationError);
    expect(read).toThrow(path.join(root, 'remote-beta', 'menus.json'));
    expect(read).toThrow(message);
  });

  it.each([
    [
      'order',
      { sidebar: [{ order: 20, label: 'Beta', to: '/beta' }] },
      /two entries with the order 20: from alpha and beta/,
    ],
    [
      'label',
      { sidebar: [{ order: 30, label: 'Alpha', to: '/beta' }] },
      /two entries with the label "Alpha"/,
    ],
    ['label', { sidebar: [{ order: 30, label: 'One', to: '/beta' }] }, /two entries with the label "One"/],
    [
      'path',
      {
        userMenu: [
          { order: 30, label: 'B', to: '/beta' },
          { order: 31, label: 'C', to: '/beta' },
        ],
      },
      /two entries with the to "\/beta"/,
    ],
  ])('refuses a menu with two entries of one %s', (_what, menus, message) => {
    declare('remote-beta', menus);
    expect(() => readMenus(root, list())).toThrow(message);
  });

  it('lets the shell link only to paths no remote owns', () => {
    declare('shell', { sidebar: [{ order: 10, label: 'Beta', to: '/beta/x' }] });
    expect(() => readMenus(root, list())).toThrow(/\/beta\/x" is not a path of shell/);
  });

  it('reads a remote folder given as an absolute path', () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'loupe-menus-remote-'));
    try {
      writeFileSync(
        path.join(elsewhere, 'menus.json'),
        JSON.stringify({ userMenu: [{ order: 5, label: 'X', to: '/beta' }] }),
      );
      expect(readMenus(root, list({ dir: elsewhere })).userMenu.map((link) => link.label)).toEqual([
        'X',
        'Alpha Settings',
      ]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
