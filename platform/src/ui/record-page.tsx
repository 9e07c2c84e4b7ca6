import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
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

export interface RecordMessage {
  /** For the page's h1 (with `tabIndex={-1}`): it takes the focus when `say` has news. */
  heading: RefObject<HTMLHeadingElement | null>;
  /** The news to show in a success alert, or null. */
  message: string | null;
  /** Shows news and moves the focus to the heading, from where a screen reader reads on (after a dialog). */
  say(text: string): void;
  /** Shows news (or clears it with null) and leaves the focus where it is (e.g. on a file input). */
  show(text: string | null): void;
}

/**
 * What a record page says after an action (platform 1.2). The screen that made the record sends it there with
 * router state `{ created }`, which is read once, when the record is here: the heading takes the focus and the
 * message is read from there, and the state is dropped so that a reload or Back shows the record without it.
 * `createdText` words the state; without it the state is the text.
 */
export function useRecordMessage<T, C = string>(
  record: T | undefined,
  createdText?: (record: T, created: C) => string | null,
): RecordMessage {
  const location = useLocation();
  const navigate = useNavigate();
  const created = (location.state as { created?: C } | null)?.created;
  const [message, setMessage] = useState<string | null>(null);
  const [focusPending, setFocusPending] = useState(created !== undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const wording = useRef(createdText);
  wording.current = createdText;

  useEffect(() => {
    if (!focusPending || !record) return;
    heading.current?.focus();
    setFocusPending(false);
  }, [focusPending, record]);
  useEffect(() => {
    if (created === undefined || !record) return;
    setMessage(wording.current ? wording.current(record, created) : (created as string));
    navigate(location.pathname, { replace: true, state: null });
  }, [created, record, navigate, location.pathname]);

  const say = useCallback((text: string) => {
    setMessage(text);
    setFocusPending(true);
  }, []);
  return { heading, message, say, show: setMessage };
}
