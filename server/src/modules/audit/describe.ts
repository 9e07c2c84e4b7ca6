import {
  ADDRESS_LABELS,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditChange,
  type AuditEvent,
} from '@loupe/contracts';
import type { AuditRecord } from './audit-repository';

// The trail in words staff understand, worded once here so History, Activity and the CSV say the same thing.
// Entries are stored as the code of their day wrote them: every reader here is defensive, and an action it does
// not know still gets a sensible line, never an error.

type Doc = Record<string, unknown>;

const isDoc = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const docOf = (value: unknown): Doc => (isDoc(value) ? value : {});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "£1,250.00" (or "$1,250.00" in the entry's currency); null when it is no number. */
export function money(value: unknown, currency = 'GBP'): string | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(n);
  } catch {
    return `${new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(n)} ${currency}`;
  }
}

/** "23 Nov 2026" from "2026-11-23" (or the date part of an ISO time). */
export function date(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** 'checked_out' → 'Checked out'. */
const words = (value: string) => {
  const spaced = value
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

interface FieldRule {
  label: string;
  show?: (value: unknown, doc: Doc) => string | null;
}

const asMoney: FieldRule['show'] = (value, doc) =>
  money(value, typeof doc.currency === 'string' && doc.currency !== '' ? doc.currency : 'GBP');
const asGbp: FieldRule['show'] = (value) => money(value);
const asDate: FieldRule['show'] = (value) => date(value);
const asWords: FieldRule['show'] = (value) => (typeof value === 'string' ? words(value) : plain(value));

/** Field labels as the screens show them, with how staff read the value. */
const FIELDS: Record<string, FieldRule> = {
  name: { label: 'Name' },
  email: { label: 'Email' },
  phone: { label: 'Phone' },
  notes: { label: 'Notes' },
  note: { label: 'Note' },
  status: { label: 'Status', show: asWords },
  serial: { label: 'Serial number' },
  stockType: { label: 'Type' },
  brand: { label: 'Brand' },
  model: { label: 'Model' },
  description: { label: 'Description' },
  location: { label: 'Location' },
  purchasePrice: { label: 'Purchase price', show: asGbp },
  tradePrice: { label: 'Trade price', show: asGbp },
  retailPrice: { label: 'Retail price', show: asGbp },
  purchasedOn: { label: 'Purchase date', show: asDate },
  checkout: {
    label: 'Checked out',
    show: (value) => {
      if (!isDoc(value)) return null;
      const due = date(value.dueDate);
      return due ? `Yes, due ${due}` : 'Yes';
    },
  },
  promotion: {
    label: 'Promotion',
    show: (value) => {
      if (!isDoc(value)) return null;
      return money(value.price) ?? 'Promoted';
    },
  },
  amount: { label: 'Amount', show: asMoney },
  amountGbp: { label: 'Amount (£)', show: asGbp },
  currency: { label: 'Currency' },
  exchangeRate: { label: 'Exchange rate' },
  method: { label: 'Method' },
  payment_method: { label: 'Payment method' },
  paymentMethod: { label: 'Payment method' },
  direction: { label: 'Direction', show: asWords },
  date: { label: 'Date', show: asDate },
  expense_date: { label: 'Date', show: asDate },
  sale_date: { label: 'Date', show: asDate },
  balance: { label: 'Balance', show: asGbp },
  role: { label: 'Role', show: asWords },
  active: {
    label: 'Access',
    show: (value) => (value === true ? 'Active' : value === false ? 'Revoked' : null),
  },
  reason: { label: 'Reason' },
  // A client's postal address (issue 22), labelled as its form labels it.
  addressLine1: { label: ADDRESS_LABELS.addressLine1 },
  addressLine2: { label: ADDRESS_LABELS.addressLine2 },
  town: { label: ADDRESS_LABELS.town },
  postcode: { label: ADDRESS_LABELS.postcode },
  country: { label: ADDRESS_LABELS.country },
};

/** Bookkeeping that is no change staff made (the edit version, timestamps, ids, derived values). */
const HIDDEN = new Set([
  'id',
  'version',
  'createdAt',
  'updatedAt',
  'created_at',
  'updated_at',
  'images',
  'imageId',
  'listingPrice',
  'transactions',
  'sale',
  'voided',
  'reversalOf',
  'reversalId',
  'source',
  'sourceId',
  'sha256',
  'storageKey',
  'user',
  'clientId',
  'itemId',
  'saleId',
  'saleAmountGbp',
  'checkoutId',
]);

function plain(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function show(field: string, value: unknown, doc: Doc): string | null {
  if (value === null || value === undefined || value === '') return null;
  const rule = FIELDS[field];
  return rule?.show ? rule.show(value, doc) : plain(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Before → after of every field staff would call a change, in the order the record lists them. */
export function changesOf(before: unknown, after: unknown): AuditChange[] {
  const b = docOf(before);
  const a = docOf(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const out: AuditChange[] = [];
  for (const key of keys) {
    if (HIDDEN.has(key) || same(b[key], a[key])) continue;
    const change = {
      field: FIELDS[key]?.label ?? words(key),
      before: show(key, b[key], b),
      after: show(key, a[key], a),
    };
    if (change.before !== change.after) out.push(change);
  }
  return out;
}

/** "phone", "phone and email", "name, email and phone". */
function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const lower = (label: string) => (label === 'KYC' ? label : label.charAt(0).toLowerCase() + label.slice(1));

const ARTICLE: Record<string, string> = {
  sale: 'a sale',
  expense: 'an expense',
  ledger_entry: 'a payment or charge',
};

/** An amount as a sum of money, whichever way it went (the sign is the direction, worded apart). */
const size = (value: unknown) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? money(Math.abs(n)) : null;
};

function voidSummary(entity: string, after: Doc): string {
  const amount = size(after.amountGbp);
  const what = ARTICLE[entity] ?? `a ${lower(AUDIT_ENTITY_LABELS[entity] ?? words(entity))}`;
  const reason = typeof after.reason === 'string' && after.reason.trim() ? `: ${after.reason.trim()}` : '';
  return `Voided ${what}${amount ? ` of ${amount}` : ''}${reason}`;
}

function ledgerSummary(after: Doc): string {
  const entry = docOf(after.entry);
  const amount = size(entry.amountGbp ?? entry.amount);
  const of = amount ? ` of ${amount}` : '';
  if (entry.direction === 'paid') return `Recorded a payment${of} to the client`;
  return `Recorded a payment${of}`;
}

/** The AML cash guard's entries (issue 13): "Refused cash of €10,000.00: missing a verification record". */
function amlSummary(action: string, after: Doc): string {
  const eur = money(after.amountEur, 'EUR');
  const cash = eur ? `cash of ${eur}` : 'a cash payment';
  if (action === 'aml_flagged')
    return `Accepted ${cash} with due diligence complete (flagged for the AML report)`;
  const missing = Array.isArray(after.missing) ? after.missing.filter((m) => typeof m === 'string') : [];
  const words: Record<string, string> = {
    client: 'a client record',
    identity_document: 'an identity document',
    verification: 'a verification record',
  };
  const what = missing.map((m) => words[m as string] ?? m).join(', ');
  return `Refused ${cash} (AML rule)${what ? `: missing ${what}` : ''}`;
}

function quoted(value: unknown): string {
  return typeof value === 'string' && value !== '' ? ` "${value}"` : '';
}

function summaryOf(entry: AuditRecord, changes: AuditChange[]): string {
  const before = docOf(entry.before);
  const after = docOf(entry.after);
  const { entity, action } = entry;
  const fieldsChanged = list(changes.map((c) => lower(c.field)));
  const the = entity === 'item' ? 'the item' : entity === 'client' ? 'the client' : null;

  if (action === 'void') return voidSummary(entity, after);
  switch (`${entity}:${action}`) {
    case 'client:create':
      return 'Added the client';
    case 'item:create':
      return 'Added the item';
    case 'client:update':
    case 'item:update':
      return fieldsChanged ? `Changed ${the}\u2019s ${fieldsChanged}` : `Changed ${the}`;
    case 'client:ledger_entry':
      return ledgerSummary(after);
    case 'client:kyc_upload':
      return `Uploaded a KYC document${quoted(after.name)}`;
    case 'client:kyc_download':
      return `Downloaded a KYC document${quoted(after.name)}`;
    case 'item:sell': {
      const price = money(after.saleAmountGbp);
      return price ? `Sold the item for ${price}` : 'Sold the item';
    }
    case 'item:void_sale': {
      const status = typeof after.status === 'string' ? lower(words(after.status)) : null;
      return status ? `Voided the item\u2019s sale: it is ${status} again` : 'Voided the item\u2019s sale';
    }
    case 'item:check_out': {
      const due = date(docOf(after.checkout).dueDate);
      return due ? `Checked the item out, due back ${due}` : 'Checked the item out';
    }
    case 'item:return':
      return 'Took the item back';
    case 'item:return_to_supplier':
      return `Returned the item to its supplier${typeof after.note === 'string' && after.note ? `: ${after.note}` : ''}`;
    case 'item:promote': {
      const price = money(docOf(after.promotion).price);
      return price ? `Promoted the item at ${price}` : 'Promoted the item';
    }
    case 'item:mark_unavailable': {
      const take = typeof after.stockTakeId === 'number' ? ` after stock-take #${after.stockTakeId}` : '';
      return `Marked the item unavailable${take}${typeof after.reason === 'string' ? `: ${after.reason}` : ''}`;
    }
    case 'stock_take:start':
      return `Started ${entry.recordName ?? 'a stock-take'}`;
    case 'stock_take:close': {
      const figures =
        typeof after.found === 'number' &&
        typeof after.missing === 'number' &&
        typeof after.unexpected === 'number'
          ? `: ${after.found} found, ${after.missing} missing, ${after.unexpected} unexpected`
          : '';
      return `Closed ${entry.recordName ?? 'a stock-take'}${figures}`;
    }
    case 'client:verify': {
      const on = date(after.verifiedOn);
      return on
        ? `Recorded the identity verification, verified on ${on}`
        : 'Recorded the identity verification';
    }
    case 'client:unverify':
      return 'Withdrew the identity verification';
    // Retention and erasure (issue 25 item 3).
    case 'client:legal_hold':
      return `Placed a legal hold${typeof after.reason === 'string' ? `: ${after.reason}` : ''}`;
    case 'client:legal_hold_release':
      return 'Lifted the legal hold';
    case 'client:erasure_request': {
      const erased = Array.isArray(after.erased) ? after.erased.filter((e) => typeof e === 'string') : [];
      return erased.length
        ? `Answered an erasure request: erased ${list(erased.map((e) => lower(e as string)))}`
        : 'Answered an erasure request: nothing could be erased yet';
    }
    case 'client:retention_delete':
      return 'Deleted the client at the end of retention: personal data erased';
    case 'client:subject_access':
      return 'Downloaded a subject access export';
    case 'client:aml_refused':
    case 'aml:aml_refused':
    case 'client:aml_flagged':
    case 'aml:aml_flagged':
      return amlSummary(action, after);
    case 'item:unpromote':
      return 'Ended the item\u2019s promotion';
    case 'item:upload':
      return `Added an image${quoted(after.name)}`;
    case 'item:delete_image':
      return `Removed an image${quoted(before.name)}`;
    case 'sale:create': {
      const amount = money(after.amountGbp);
      return amount ? `Recorded a quick sale of ${amount}` : 'Recorded a quick sale';
    }
    case 'expense:create': {
      const amount = money(after.amountGbp);
      return amount ? `Recorded an expense of ${amount}` : 'Recorded an expense';
    }
    case 'membership:grant':
      return `Gave ${entry.recordName ?? 'a user'} ${typeof after.role === 'string' ? `${after.role} ` : ''}access`;
    case 'membership:change':
      return `Changed ${entry.recordName ?? 'a member'}\u2019s role${
        typeof before.role === 'string' && typeof after.role === 'string'
          ? ` from ${before.role} to ${after.role}`
          : ''
      }`;
    case 'membership:revoke':
      return `Revoked ${entry.recordName ?? 'a member'}\u2019s access`;
    case 'membership:restore':
      return `Restored ${entry.recordName ?? 'a member'}\u2019s access`;
    case 'shop:create':
      return 'Created the shop';
    case 'shop_settings:update':
      return fieldsChanged ? `Changed the shop settings: ${fieldsChanged}` : 'Saved the shop settings';
    case 'shop_settings:upload_logo':
      return 'Uploaded the shop\u2019s logo';
    case 'shop_settings:delete_logo':
      return 'Removed the shop\u2019s logo';
    case 'session:sign_in':
      return 'Signed in';
    case 'session:sign_out':
      return 'Signed out';
    case 'session:sign_in_failed':
      return `Failed sign-in as "${typeof after.username === 'string' ? after.username : ''}"`;
    case 'user:password_change':
      return 'Changed their password';
    // Deals (issue 20): completed, reserved on a deposit, an instalment, a cancelled reservation.
    case 'deal:complete': {
      const goods = money(after.goodsGbp);
      return goods ? `Completed a deal of ${goods}` : 'Completed a deal';
    }
    case 'deal:reserve': {
      const paid = money(after.paidGbp);
      const until = date(after.collectBy);
      return `Reserved items on a deposit${paid ? ` of ${paid}` : ''}${until ? ` until ${until}` : ''}`;
    }
    case 'deal:instalment': {
      const paid = money(after.paidGbp);
      return paid ? `Took an instalment: ${paid} paid so far` : 'Took an instalment';
    }
    case 'deal:cancel':
      return after.outcome === 'forfeit'
        ? 'Cancelled the reservation: the deposit is forfeited'
        : 'Cancelled the reservation: the payments are refunded';
    // Buy-ins (issue 22, the purchases module).
    case 'purchase:create': {
      const total = money(after.totalGbp);
      const reference = typeof after.reference === 'string' ? ` ${after.reference}` : '';
      return `Bought in${reference}${total ? ` for ${total}` : ''}`;
    }
    case 'purchase:certificate':
      return 'Attached a register check certificate';
    default: {
      // An action this wording does not know yet: its label, and the kind of record.
      const label = AUDIT_ACTION_LABELS[action] ?? words(action);
      const kind = AUDIT_ENTITY_LABELS[entity] ?? words(entity);
      return `${label} (${lower(kind)})${fieldsChanged ? `: ${fieldsChanged}` : ''}`;
    }
  }
}

/** What changed, per kind of entry: an edit's fields, a creation's values, a void's reason. */
function changesFor(entry: AuditRecord): AuditChange[] {
  const { entity, action } = entry;
  if (action === 'update' || action === 'change' || action === 'revoke' || action === 'restore') {
    return changesOf(entry.before, entry.after);
  }
  if (
    action === 'create' &&
    (entity === 'client' || entity === 'item' || entity === 'sale' || entity === 'expense')
  ) {
    return changesOf(null, entry.after);
  }
  if (action === 'void') {
    const reason = docOf(entry.after).reason;
    return typeof reason === 'string' ? [{ field: 'Reason', before: null, after: reason }] : [];
  }
  if (action === 'mark_unavailable') {
    const reason = docOf(entry.after).reason;
    return [
      ...changesOf({ status: docOf(entry.before).status }, { status: docOf(entry.after).status }),
      ...(typeof reason === 'string' ? [{ field: 'Reason', before: null, after: reason }] : []),
    ];
  }
  if (
    action === 'void_sale' ||
    action === 'sell' ||
    action === 'check_out' ||
    action === 'return' ||
    action === 'return_to_supplier'
  ) {
    const status = changesOf({ status: docOf(entry.before).status }, { status: docOf(entry.after).status });
    return status;
  }
  if (action === 'promote' || action === 'unpromote') {
    return changesOf(
      { promotion: docOf(entry.before).promotion },
      { promotion: docOf(entry.after).promotion },
    );
  }
  if (action === 'ledger_entry') {
    const before = docOf(entry.before);
    const after = docOf(entry.after);
    return changesOf({ balance: before.balance }, { balance: after.balance });
  }
  return [];
}

/** What an entry records of costs: left out of the history a member without 'viewCosts' reads (issue 21). */
const COST_KEYS = new Set([
  'purchasePrice',
  'transactions',
  'agreedCost',
  'costGbp',
  'marginGbp',
  'marginVatGbp',
]);

function withoutCosts(entry: AuditRecord): AuditRecord {
  const strip = (value: unknown): unknown => {
    if (!isDoc(value)) return value;
    const kept = Object.entries(value).filter(([key]) => !COST_KEYS.has(key));
    // A purchase's total is what the shop paid; a consignment's terms carry the agreed cost.
    const shown = kept
      .filter(([key]) => !(entry.entity === 'purchase' && key === 'totalGbp'))
      .map(([key, inner]) => [key, key === 'consignment' ? strip(inner) : inner]);
    return Object.fromEntries(shown);
  };
  return { ...entry, before: strip(entry.before), after: strip(entry.after) } as AuditRecord;
}

/**
 * One stored entry as staff read it; with `costs: false` (a member without 'viewCosts', contracts'
 * permissions.ts) without what the item cost or made.
 */
export function describe(stored: AuditRecord, { costs = true }: { costs?: boolean } = {}): AuditEvent {
  const entry = costs ? stored : withoutCosts(stored);
  let changes: AuditChange[];
  let summary: string;
  try {
    changes = changesFor(entry);
    summary = summaryOf(entry, changes);
  } catch {
    // Whatever an old or odd entry holds, the trail still reads.
    changes = [];
    summary = `${AUDIT_ACTION_LABELS[entry.action] ?? words(entry.action)}`;
  }
  return {
    id: entry.id,
    at: entry.createdAt.toISOString(),
    actor: entry.actor,
    actorId: entry.userId,
    entity: entry.entity,
    entityId: entry.entityId,
    recordName: entry.recordName,
    action: entry.action,
    summary,
    changes,
  };
}
