import { useId } from 'react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import styled from 'styled-components';
import { endpoints, type AuditChange, type AuditEvent, type AuditEventList } from '@loupe/contracts';
import { useAuth } from '../auth';
import { api } from '../http';
import { formatMoment } from '../lib/dates';
import { Button } from '../ui/button';
import { Card } from '../ui/layout';
import { RetryAlert } from '../ui/query-card';
import { Spinner } from '../ui/spinner';

/** The records that have a History panel, by the resource root of their query keys. */
export type HistoryResource = 'clients' | 'items';

const HISTORY_ENDPOINTS = {
  clients: endpoints.clients.history,
  items: endpoints.items.history,
} as const;

/** Entries asked for at a time: a page fits beside the form without scrolling for ever; "Show more" asks again. */
export const HISTORY_PAGE_SIZE = 10;

/**
 * The key of a record's history, below its resource root (`['clients', 'history', 5]`): every mutation of
 * the record already invalidates the root, so an edit, a payment or an image refreshes the panel for free.
 */
export const historyKey = (resource: HistoryResource, id: number) => [resource, 'history', id] as const;

export function getHistory(
  resource: HistoryResource,
  id: number,
  page: number,
  signal?: AbortSignal,
): Promise<AuditEventList> {
  return api(HISTORY_ENDPOINTS[resource], {
    params: { id },
    query: { page, page_size: HISTORY_PAGE_SIZE },
    signal,
  });
}

/** A record's trail, newest first, a page at a time; the pages loaded stay when another is added. */
export function useHistory(resource: HistoryResource, id: number) {
  return useInfiniteQuery<
    AuditEventList,
    Error,
    InfiniteData<AuditEventList, number>,
    readonly unknown[],
    number
  >({
    queryKey: historyKey(resource, id),
    queryFn: ({ pageParam, signal }) => getHistory(resource, id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) =>
      pages.reduce((sum, page) => sum + page.results.length, 0) < last.count && last.results.length > 0
        ? lastPage + 1
        : undefined,
  });
}

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Entries = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Entry = styled.li`
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  overflow-wrap: anywhere;
  &:last-child {
    border-bottom: 0;
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Summary = styled.p`
  margin: 0;
`;

const Changes = styled.ul`
  margin: ${({ theme }) => `${theme.space(1)} 0 0`};
  padding-left: ${({ theme }) => theme.space(5)};
  font-size: 0.95rem;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const More = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** A value as the trail words it; nothing at all reads as an em dash, as on the rest of the screens. */
const shown = (value: string | null) => (value === null || value === '' ? '—' : value);

/** "Phone: 020 7946 0000 → 020 7946 0999". */
export function changeText(change: AuditChange): string {
  return `${change.field}: ${shown(change.before)} → ${shown(change.after)}`;
}

function HistoryEntry({ event, timeZone }: { event: AuditEvent; timeZone: string | undefined }) {
  return (
    <Entry>
      <Meta>
        <span>{event.actor ?? 'System'}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={event.at}>{formatMoment(event.at, timeZone)}</time>
      </Meta>
      <Summary>{event.summary}</Summary>
      {event.changes.length > 0 ? (
        <Changes aria-label="Changes">
          {event.changes.map((change, index) => (
            <li key={`${change.field}-${index}`}>{changeText(change)}</li>
          ))}
        </Changes>
      ) : null}
    </Entry>
  );
}

export interface HistoryPanelProps {
  resource: HistoryResource;
  id: number;
}

/**
 * A record's History (issue 12): who did what and when, newest first, each change as "Field: before →
 * after", worded by the server so the screens and the Activity CSV say the same. Its own loading, empty and
 * error states, so a trail that fails to load never takes the record's form with it.
 */
export function HistoryPanel({ resource, id }: HistoryPanelProps) {
  const titleId = useId();
  // The shop's zone from the session itself, so the times are the shop's even on a laptop set elsewhere.
  const timeZone = useAuth().shop?.time_zone;
  const history = useHistory(resource, id);
  const events = history.data?.pages.flatMap((page) => page.results) ?? [];
  const total = history.data?.pages.at(-1)?.count ?? 0;

  let body;
  if (history.isPending) body = <Spinner label="Loading history..." />;
  else if (history.isError && events.length === 0)
    body = (
      <RetryAlert
        error={history.error}
        what="Failed to load the history."
        onRetry={() => void history.refetch()}
      />
    );
  else if (events.length === 0) body = <Muted>No history yet.</Muted>;
  else
    body = (
      <>
        <Entries aria-labelledby={titleId}>
          {events.map((event) => (
            <HistoryEntry key={event.id} event={event} timeZone={timeZone} />
          ))}
        </Entries>
        {history.isFetchNextPageError ? (
          <RetryAlert
            error={history.error}
            what="Failed to load more history."
            onRetry={() => void history.fetchNextPage()}
          />
        ) : null}
        <More>
          <Muted aria-live="polite">
            Showing {events.length} of {total}
          </Muted>
          {history.hasNextPage && !history.isFetchNextPageError ? (
            <Button
              variant="secondary"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          ) : null}
        </More>
      </>
    );

  return (
    <Card aria-labelledby={titleId} aria-busy={history.isFetching}>
      <Title id={titleId}>History</Title>
      {body}
    </Card>
  );
}
