import { domainToASCII } from 'node:url';
import { Type } from '@sinclair/typebox';
import {
  CLIENT_ORDERINGS,
  CLIENT_STATUSES,
  DEFAULT_CLIENT_ORDERING,
  DEFAULT_CLIENT_STATUS,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type ClientOrdering,
  type ClientQuery,
  type ClientStatus,
  type ClientWrite,
  type FieldErrors,
} from '@loupe/contracts';
import { ApiError, BLANK, fieldErrors, notFound } from '../../kernel/http-errors';
import type { ClientFields, ClientFilter } from './clients-repository';

const MAX_INT4 = 2_147_483_647;

/** Like Django's <int:pk> converter: a non-numeric id is not this URL at all (404). */
export const idPattern = (path: string) =>
  path.replace(':id/', ':id(^\\d+)/').replace(':docId/', ':docId(^\\d+)/');
export const ClientParams = Type.Object({ id: Type.String() });
export const DocumentParams = Type.Object({ id: Type.String(), docId: Type.String() });

/** A path id no row can have (zero, beyond integer) is simply not found. */
export function pathId(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) throw notFound();
  return id;
}

/** Collects DRF field errors, so that one answer reports every problem of a form. */
export class ErrorBag {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  has(field?: string): boolean {
    return field === undefined ? Object.keys(this.errors).length > 0 : field in this.errors;
  }
  throwIfAny(): void {
    if (this.has()) throw fieldErrors(this.errors);
  }
}

export const NULL_CHARACTERS = 'Null characters are not allowed.';
export const INVALID_EMAIL = 'Enter a valid email address.';
export const INVALID_PHONE = 'Enter a valid phone number.';
export const invalidPage = () => new ApiError(404, { detail: 'Invalid page.' });
const choiceError = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;

/** PostgreSQL text cannot hold U+0000; DRF's CharField refuses it with this message. */
export function text(bag: ErrorBag, field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.includes('\u0000')) {
    bag.add(field, NULL_CHARACTERS);
    return undefined;
  }
  return value.trim();
}

// Django's EmailValidator, less its quoted-local-part and address-literal forms that no client has.
const EMAIL_USER = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
const EMAIL_DOMAIN = /^((?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+)(?:[A-Z0-9-]{2,63}(?<!-))$/i;

export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1 || at === value.length - 1) return false;
  const user = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!EMAIL_USER.test(user)) return false;
  if (EMAIL_DOMAIN.test(domain)) return true;
  // An internationalised domain is valid when its ASCII (punycode) form is.
  const ascii = domainToASCII(domain);
  return ascii !== '' && EMAIL_DOMAIN.test(ascii);
}

/** Digits with the usual separators and an optional leading +; at least one digit. */
const PHONE = /^\+?[\d\s().\-/]*\d[\d\s().\-/]*$/;

/**
 * The fields of a create or a PUT. Name and email are always required; an optional field left out keeps its
 * current value on a PUT (as DRF's update does) and takes its default on a create.
 */
export function parseClientWrite(body: ClientWrite, current?: ClientFields): ClientFields {
  const bag = new ErrorBag();
  const name = text(bag, 'name', body.name);
  if (name === '') bag.add('name', BLANK);
  const email = text(bag, 'email', body.email);
  if (email === '') bag.add('email', BLANK);
  else if (email !== undefined && !isValidEmail(email)) bag.add('email', INVALID_EMAIL);
  const phone = text(bag, 'phone', body.phone);
  if (phone !== undefined && phone !== '' && !PHONE.test(phone)) bag.add('phone', INVALID_PHONE);
  const notes = text(bag, 'notes', body.notes);
  bag.throwIfAny();
  return {
    name: name as string,
    email: email as string,
    phone: phone ?? current?.phone ?? '',
    status: body.status ?? current?.status ?? DEFAULT_CLIENT_STATUS,
    // Notes keep their inner layout; only the ends are trimmed.
    notes: notes ?? current?.notes ?? '',
  };
}

export interface Paging {
  page: number;
  pageSize: number;
}

const given = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** page (1-based) and page_size (10, 25, 50, 100); a page that is not a positive number is not a page. */
export function parsePaging(bag: ErrorBag, query: { page?: string; page_size?: string }): Paging {
  const pageText = given(query.page) ?? '1';
  if (!/^\d{1,9}$/.test(pageText) || Number(pageText) < 1) throw invalidPage();
  let pageSize = DEFAULT_PAGE_SIZE;
  const size = given(query.page_size);
  if (size !== undefined) {
    if (/^\d+$/.test(size) && (PAGE_SIZES as readonly number[]).includes(Number(size)))
      pageSize = Number(size);
    else bag.add('page_size', choiceError(size));
  }
  return { page: Number(pageText), pageSize };
}

/** Paging alone (the ledger and audit lists). */
export function parsePagingOnly(query: { page?: string; page_size?: string }): Paging {
  const bag = new ErrorBag();
  const paging = parsePaging(bag, query);
  bag.throwIfAny();
  return paging;
}

/** One page of a list as DRF's PageNumberPagination answers: page 1 of nothing is empty, past the end is 404. */
export function checkPage(paging: Paging, count: number): number {
  const offset = (paging.page - 1) * paging.pageSize;
  if (paging.page > 1 && offset >= count) throw invalidPage();
  return offset;
}

const BOOLEANS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

export interface ParsedClientQuery extends Paging {
  filter: ClientFilter;
  ordering: ClientOrdering;
}

/** The clients list's query string; an empty parameter is no filter (as django-filter reads a blank field). */
export function parseClientQuery(query: ClientQuery): ParsedClientQuery {
  const bag = new ErrorBag();
  const paging = parsePaging(bag, query);
  const filter: ClientFilter = {};

  // A NUL cannot be searched for (PostgreSQL text has none): it matches nothing a client could contain.
  const search = given(query.search?.split('\u0000').join(''));
  if (search !== undefined) filter.search = search.toLowerCase();

  const status = given(query.status);
  if (status !== undefined) {
    if ((CLIENT_STATUSES as readonly string[]).includes(status)) filter.status = status as ClientStatus;
    else bag.add('status', choiceError(status));
  }
  for (const [key, field] of [
    ['has_item_checked_out', 'hasItemCheckedOut'],
    ['kyc', 'kyc'],
  ] as const) {
    const raw = given(query[key]);
    if (raw === undefined) continue;
    const value = BOOLEANS[raw.toLowerCase()];
    if (value === undefined) bag.add(key, choiceError(raw));
    else filter[field] = value;
  }
  const balance = given(query.balance);
  if (balance !== undefined) {
    if (balance === 'negative' || balance === 'positive' || balance === 'zero') filter.balance = balance;
    else bag.add('balance', choiceError(balance));
  }
  let ordering: ClientOrdering = DEFAULT_CLIENT_ORDERING;
  const order = given(query.ordering);
  if (order !== undefined) {
    if ((CLIENT_ORDERINGS as readonly string[]).includes(order)) ordering = order as ClientOrdering;
    else bag.add('ordering', choiceError(order));
  }
  bag.throwIfAny();
  return { ...paging, filter, ordering };
}

const DATE_FORMAT = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

/** A real calendar day written YYYY-MM-DD, or DRF's message. */
export function parseDate(value: string): { value: string } | { error: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return { error: DATE_FORMAT };
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return { error: DATE_FORMAT };
  }
  return { value: value.trim() };
}
