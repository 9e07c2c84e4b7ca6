import { ACTIONS, type Action } from '@loupe/contracts';

/**
 * The shell's menus are not written here: the shell (shell/menus.json) and each remote of the remote list
 * (<remote>/menus.json) declare their own sidebar and user-menu entries, each with its order and the action
 * (contracts' permission map) a member must be allowed to see it (issue 23 item 6). The build reads them through
 * platform/remotes.json, checks them and defines them here in order (launcher/src/remote-list.cjs's readMenus,
 * also what the shell's tests are given). SPEC §2's sidebar order is kept by the declared orders.
 */
export interface DeclaredLink {
  label: string;
  to: string;
  /** Shown only to members who may do this; every member when absent. */
  action?: string;
}

export interface DeclaredMenus {
  sidebar: readonly (DeclaredLink | { label: string; items: readonly DeclaredLink[] })[];
  userMenu: readonly DeclaredLink[];
}

/** The declarations, in their declared order: defined by the shell's build (shell/webpack.config.js). */
declare const LOUPE_MENUS: DeclaredMenus;

export const MENUS: DeclaredMenus = LOUPE_MENUS;

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: readonly NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

const isAction = (name: string): name is Action => (ACTIONS as readonly string[]).includes(name);

/**
 * Whether a member may see a declared link. An action this shell does not know (a remote built against a newer
 * permission map) shows the link to nobody rather than to everybody.
 */
function visible(link: DeclaredLink, may: (action: Action) => boolean): boolean {
  if (link.action === undefined) return true;
  return isAction(link.action) && may(link.action);
}

const asLink = ({ label, to }: DeclaredLink): NavLinkItem => ({ label, to });

/** The sidebar entries a member may open: links whose action they may do, groups with at least one such link. */
export function navEntriesFor(may: (action: Action) => boolean, menus: DeclaredMenus = MENUS): NavEntry[] {
  return menus.sidebar.flatMap((entry): NavEntry[] => {
    if (!('items' in entry)) return visible(entry, may) ? [asLink(entry)] : [];
    const items = entry.items.filter((item) => visible(item, may)).map(asLink);
    return items.length > 0 ? [{ label: entry.label, items }] : [];
  });
}

/** The user menu's screens a member may open, above the theme toggle and Sign out (SPEC §2, §6). */
export function userMenuLinksFor(
  may: (action: Action) => boolean,
  menus: DeclaredMenus = MENUS,
): NavLinkItem[] {
  return menus.userMenu.filter((link) => visible(link, may)).map(asLink);
}

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}
