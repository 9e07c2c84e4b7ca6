import type { Client, ClientStatus, ClientWrite } from '@loupe/contracts';
import { DEFAULT_CLIENT_STATUS } from '@loupe/contracts';
import { isValidEmail } from '../../../lib/email';

/** What the client form holds, as typed. */
export interface ClientValues {
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
};

export const valuesOf = (client: Client): ClientValues => ({
  name: client.name,
  email: client.email,
  phone: client.phone,
  status: client.status,
  notes: client.notes,
});

// The service's limits (contracts/src/clients.ts ClientWrite).
export const LIMITS = { name: 200, email: 254, phone: 40, notes: 5000 } as const;
const PHONE = /^\+?[\d\s().\-/]*\d[\d\s().\-/]*$/;

/** SPEC §5: name and email required, the email well-formed; the phone as the service reads one. */
export function checkClient(values: ClientValues): Partial<Record<ClientField, string>> {
  const problems: Partial<Record<ClientField, string>> = {};
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (!values.name.trim()) problems.name = 'Name is required.';
  if (!email) problems.email = 'Email is required.';
  else if (!isValidEmail(email)) problems.email = 'Enter a valid email address.';
  if (phone && !PHONE.test(phone)) problems.phone = 'Enter a valid phone number.';
  return problems;
}

/** The request body: every field, trimmed (notes keep their inner lines). */
export const toWrite = (values: ClientValues): ClientWrite => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  status: values.status,
  notes: values.notes.trim(),
});
