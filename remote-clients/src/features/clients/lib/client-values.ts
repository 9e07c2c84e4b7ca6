import type { Client, ClientStatus, ClientWrite, PostalAddress } from '@loupe/contracts';
import { ADDRESS_MAX_LENGTHS, checkPostalAddress, DEFAULT_CLIENT_STATUS, NO_ADDRESS } from '@loupe/contracts';
import { isValidEmail } from '../../../lib/email';

/** What the client form holds, as typed (the postal address's five parts too). */
export interface ClientValues extends PostalAddress {
  name: string;
  email: string;
  phone: string;
  status: ClientStatus;
  notes: string;
}

export type ClientField = keyof ClientValues;

export const EMPTY_CLIENT: ClientValues = {
  name: '',
  email: '',
  phone: '',
  status: DEFAULT_CLIENT_STATUS,
  notes: '',
  ...NO_ADDRESS,
};

export const valuesOf = (client: Client): ClientValues => ({
  name: client.name,
  email: client.email,
  phone: client.phone,
  status: client.status,
  notes: client.notes,
  addressLine1: client.addressLine1,
  addressLine2: client.addressLine2,
  town: client.town,
  postcode: client.postcode,
  country: client.country,
});

// The service's limits (contracts/src/clients.ts ClientWrite).
export const LIMITS = { name: 200, email: 254, phone: 40, notes: 5000, ...ADDRESS_MAX_LENGTHS } as const;
const PHONE = /^\+?[\d\s().\-/]*\d[\d\s().\-/]*$/;

/**
 * SPEC §5: name and email required, the email well-formed; the phone as the service reads one; the postal
 * address by the contracts' own rule (checkPostalAddress: whole once any part is given, a UK postcode's format).
 */
export function checkClient(values: ClientValues): Partial<Record<ClientField, string>> {
  const problems: Partial<Record<ClientField, string>> = {};
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (!values.name.trim()) problems.name = 'Name is required.';
  if (!email) problems.email = 'Email is required.';
  else if (!isValidEmail(email)) problems.email = 'Enter a valid email address.';
  if (phone && !PHONE.test(phone)) problems.phone = 'Enter a valid phone number.';
  Object.assign(problems, checkPostalAddress(values).problems ?? {});
  return problems;
}

/**
 * The request body: every field, trimmed (notes keep their inner lines); the address's parts as typed, which the
 * server trims and puts in standard form (a UK postcode in capitals with its one space).
 */
export const toWrite = (values: ClientValues): ClientWrite => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  status: values.status,
  notes: values.notes.trim(),
  addressLine1: values.addressLine1.trim(),
  addressLine2: values.addressLine2.trim(),
  town: values.town.trim(),
  postcode: values.postcode.trim(),
  country: values.country.trim(),
});
