// Who may do what (issue 21, item 6): one map from role to actions, read by the server's guards and the
// browser's can(…), so a rule is written once instead of as `role === 'gold'` in every screen and service.
// Plain values only (no TypeBox): the browser bundle takes this file as it is.
import type { AuthCheck, PermissionSettings, Role } from './auth';
import type { MemberRole } from './memberships';

/** Everything a member may or may not do, named by what they do rather than by who they are. */
export const ACTIONS = [
  /** Void a posted sale, quick sale, expense, payment or charge (issue 12). */
  'void',
  /** Record a client's due diligence (CDD) and its documents. */
  'verifyClients',
  /** See the AML/compliance screens and answer their checks. */
  'viewCompliance',
  /** Act on a stock-take's counts: close it, reopen, mark the missing unavailable. */
  'closeStockTake',
  /** Add, change or revoke gold members. */
  'manageGold',
  /** Add, change or revoke silver members. */
  'manageSilver',
  /** Change the shop's settings and logo. */
  'editSettings',
  /** Read the shop's activity (audit) log. */
  'viewActivity',
  /** Read the API's documentation when it is not public. */
  'viewApiDocs',
  /**
   * See what stock cost and what it made: purchase prices, stock value at cost, profit, margins and the reports
   * built on them. Silver only when the shop allows it (PermissionSettings.silverSeesCosts).
   */
  'viewCosts',
  /** Add, rename, retire and merge the shop's brands and models (issue 22: the catalogue). */
  'manageCatalogue',
  /** Put items on the public storefront and change its address and switch (issue 24 item 1). */
  'manageListings',
  /** Read the shop's outgoing e-mail (the outbox) and retry a message that was not sent (issue 23 item 4). */
  'viewOutbox',
  /** The marketplace feeds (issue 24 item 3): see their secret URLs and what is in them, rotate their tokens. */
  'manageChannels',
] as const;
export type Action = (typeof ACTIONS)[number];

/** The shop's choices that widen what a role may do (auth.ts's PermissionSettings): each off until the owner turns it on. */
export const DEFAULT_PERMISSION_SETTINGS: PermissionSettings = { silverSeesCosts: false };

/** `GET /api/auth-check/` for nobody signed in: no user, no shop, nothing widened. */
export const SIGNED_OUT_AUTH_CHECK: AuthCheck = {
  user: null,
  role: null,
  shop: null,
  shops: [],
  must_change_password: false,
  permission_settings: DEFAULT_PERMISSION_SETTINGS,
  nominated_officer: false,
};

const EVERYTHING: readonly Action[] = ACTIONS;

/** What each role may do whatever the shop's settings (SPEC §6: platinum owns the shop, gold runs it). */
export const PERMISSIONS: Readonly<Record<Role, readonly Action[]>> = {
  platinum: EVERYTHING,
  gold: [
    'void',
    'verifyClients',
    'viewCompliance',
    'closeStockTake',
    'manageSilver',
    'viewCosts',
    'manageListings',
    'viewOutbox',
    'manageChannels',
  ],
  silver: [],
};

/** The actions a setting adds to a role when the shop turns it on. */
const GRANTED_BY_SETTING: Readonly<Record<keyof PermissionSettings, { role: Role; action: Action }>> = {
  silverSeesCosts: { role: 'silver', action: 'viewCosts' },
};

/**
 * Whether a member of this role may do `action` in a shop with these settings (the defaults when omitted);
 * nobody (no role: signed out, or no shop to work in) may do anything.
 */
export function can(
  role: Role | null | undefined,
  action: Action,
  settings: Partial<PermissionSettings> | null | undefined = DEFAULT_PERMISSION_SETTINGS,
): boolean {
  if (!role) return false;
  if (PERMISSIONS[role].includes(action)) return true;
  return (Object.keys(GRANTED_BY_SETTING) as (keyof PermissionSettings)[]).some((setting) => {
    const grant = GRANTED_BY_SETTING[setting];
    return settings?.[setting] === true && grant.role === role && grant.action === action;
  });
}

/** Every action a member of this role may do in a shop with these settings. */
export const allowedActions = (
  role: Role | null | undefined,
  settings?: Partial<PermissionSettings> | null,
): Action[] => ACTIONS.filter((action) => can(role, action, settings));

/**
 * The roles that may do `action` whatever the shop's settings, e.g. for a route's role guard. Highest first.
 */
export const rolesThatCan = (action: Action): Role[] =>
  (Object.keys(PERMISSIONS) as Role[]).filter((role) => can(role, action));

/** The action that manages members of a role: gold by the owner, silver by the owner and gold. */
export const MANAGE_ACTION: Readonly<Record<MemberRole, Action>> = {
  gold: 'manageGold',
  silver: 'manageSilver',
};

/** The member roles this role may add, change and revoke, highest first. */
export const manageableRoles = (role: Role | null | undefined): MemberRole[] =>
  (Object.keys(MANAGE_ACTION) as MemberRole[]).filter((member) => can(role, MANAGE_ACTION[member]));

/** The 403 of a cost or profit answer to a member who may not see them ('viewCosts'). */
export const COSTS_NOT_ALLOWED =
  'Costs and profit are for the owner and gold members, unless the shop lets silver members see them.';

/**
 * What a caller without 'viewCosts' gets (issue 21, item 6): every answer that would reveal what stock cost or
 * made leaves those figures OUT (never 0, which would read as a real figure); what is cost through and through
 * is refused with COSTS_NOT_ALLOWED. The table of endpoints is in server/README.md ("Costs and profit").
 */
/** Report types that are costs through and through (purchases at cost, stock at cost, profit and loss). */
export const COST_REPORT_TYPES: readonly string[] = ['purchases', 'stock_summary', 'profit_loss'];
/** Whether a report of this type needs 'viewCosts'. */
export const reportNeedsCosts = (type: string): boolean => COST_REPORT_TYPES.includes(type);
/** The stock list's filters and orderings that read the purchase price (a silver member could bisect it). */
export const COST_ITEM_FILTERS: readonly string[] = ['min_price', 'max_price'];
export const COST_ITEM_ORDERINGS: readonly string[] = ['purchase_price', '-purchase_price'];

/** Whether a member of this role is the shop's owner (whose membership no one else changes). */
export const isOwner = (role: Role | null | undefined): boolean => role === OWNER_ROLE;

/** The shop's owner: one per shop, whose membership no one else changes. */
export const OWNER_ROLE: Role = 'platinum';
