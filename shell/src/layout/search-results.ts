import { WORKSHOP_STAGE_LABELS, type ResponseOf, type endpoints } from '@loupe/contracts';

/** What GET /api/search/ answers: up to 8 items, clients and invoices, and a job (contracts/src/search.ts). */
export type SearchResults = ResponseOf<typeof endpoints.search.query>;

/** One option of the type-ahead: what it shows and the page it opens. */
export interface SearchOption {
  /** Unique in the list, also the option element's id suffix. */
  key: string;
  group: SearchGroup;
  label: string;
  detail: string;
  href: string;
}

export type SearchGroup = 'Jobs' | 'Items' | 'Clients' | 'Invoices';
/** A job is found only by its whole number (a scanned receipt or bag label): it leads. */
export const SEARCH_GROUPS: readonly SearchGroup[] = ['Jobs', 'Items', 'Clients', 'Invoices'];

/** The item's page (remote-inventory's routes: /inventory/item/:id, with Sell, Check Out, Promote…). */
export const itemPage = (item: { id: number }) => `/inventory/item/${item.id}`;

/** A workshop job's page (remote-workshop's routes: /workshop/jobs/:id). */
export const jobPage = (job: { id: number }) => `/workshop/jobs/${job.id}`;

const STATUS_WORDS: Record<string, string> = {
  available: 'In stock',
  checked_out: 'Checked out',
  reserved: 'Reserved',
  unavailable: 'Unavailable',
  sold: 'Sold',
};

const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(' · ');

/** The answer as options, in the order they are shown: the job, then items, clients and invoices. */
export function searchOptions(results: SearchResults): SearchOption[] {
  return [
    ...results.jobs.map<SearchOption>((job) => ({
      key: `job-${job.id}`,
      group: 'Jobs',
      label: joined(job.reference, `${job.brand} ${job.model}`.trim()),
      detail: joined(job.clientName, WORKSHOP_STAGE_LABELS[job.stage]),
      href: jobPage(job),
    })),
    ...results.items.map<SearchOption>((item) => ({
      key: `item-${item.id}`,
      group: 'Items',
      label: joined(item.serial, `${item.brand} ${item.model}`.trim()),
      detail: joined(
        `Stock no. ${item.stockNumber}`,
        item.referenceNumber ? `Ref. ${item.referenceNumber}` : '',
        STATUS_WORDS[item.status] ?? item.status,
      ),
      href: itemPage(item),
    })),
    ...results.clients.map<SearchOption>((client) => ({
      key: `client-${client.id}`,
      group: 'Clients',
      label: client.name,
      detail: joined(client.email, client.phone),
      href: `/clients/edit/${client.id}`,
    })),
    ...results.invoices.map<SearchOption>((invoice) => ({
      key: `invoice-${invoice.id}`,
      group: 'Invoices',
      label: invoice.reference,
      detail: joined(
        invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice',
        invoice.buyerName,
        invoice.issueDate,
      ),
      // The invoices list takes its search in the URL: the list filtered to this reference.
      href: `/invoices?${new URLSearchParams({ search: invoice.reference }).toString()}`,
    })),
  ];
}

/** True when the key press is in a field being typed in (where `/` and Ctrl+K are the user's text). */
export function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color', 'image'].includes(
    type,
  );
}
