// Types of remote-list.cjs for the TypeScript tests (launcher's and the shell's).

/** One remote of platform/remotes.json, as far as what is derived from the list needs it. */
export interface ListedRemote {
  key: string;
  dir: string;
  prefixes: readonly string[];
  [field: string]: unknown;
}
export interface RemoteList {
  remotes: readonly ListedRemote[];
  [field: string]: unknown;
}

/** A declared link: where it came from ("shell" or a remote's key) and its order in the menu. */
export interface MenuLink {
  label: string;
  to: string;
  action?: string;
}
export type SidebarEntry =
  | ({ from: string; order: number } & MenuLink)
  | { from: string; order: number; label: string; items: MenuLink[] };
export interface Menus {
  sidebar: SidebarEntry[];
  userMenu: ({ from: string; order: number } & MenuLink)[];
}

export declare const REPO: string;
export declare const MENUS_FILE: string;
export declare class MenuDeclarationError extends Error {}
export declare function readRemoteList(root?: string): RemoteList;
export declare function typecheckProjects(root?: string, list?: RemoteList): string[];
export declare function readMenus(root?: string, list?: RemoteList): Menus;
export declare function menuFiles(root?: string, list?: RemoteList): string[];
