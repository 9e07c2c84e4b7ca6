import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { isNotFound } from '../lib/server-errors';
import { Alert } from './alert';
import { RetryAlert } from './query-card';
import { Spinner } from './spinner';

/**
 * The record a page's URL names (`/deals/:id`), as a number (platform 1.2); 0 when the part is not one (`/deals/abc`),
 * which no record has: the page's query is not sent for it (`enabled: id > 0`) and RecordPending says not found.
 */
export function useRecordId(param = 'id'): number {
  const raw = useParams()[param] ?? '';
  return /^\d+$/.test(raw) ? Number(raw) : 0;
}

export interface RecordPendingProps {
  /** The URL's id (useRecordId): 0 is not found at once, with nothing asked of the service. */
  id: number;
  /** The record's query as TanStack Query gives it: its error, and refetch for Retry. */
  query: { error: unknown; refetch(): unknown };
  /** Not in this shop (a 404, or an id that is not a number), with the way back: Retry cannot bring it. */
  notFound: ReactNode;
  /** What failed, for any other error, e.g. "Failed to load the job.". */
  failed: string;
  /** The spinner's label while it loads, e.g. "Loading the job...". */
  loading: string;
}

/**
 * A record page before its record is here (platform 1.2): loading, not in this shop, or failed with Retry. The
 * page keeps its own heading above it.
 */
export function RecordPending({ id, query, notFound, failed, loading }: RecordPendingProps) {
  if (id === 0 || isNotFound(query.error)) return <Alert>{notFound}</Alert>;
  if (query.error)
    return <RetryAlert error={query.error} what={failed} onRetry={() => void query.refetch()} />;
  return <Spinner label={loading} />;
}
