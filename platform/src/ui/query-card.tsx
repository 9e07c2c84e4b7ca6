import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../lib/server-errors';
import { Alert } from './alert';
import { Button } from './button';
import { Card, Table } from './layout';
import { Spinner } from './spinner';

/**
 * Where a card's data is: loading, failed or in. Shaped so that TanStack Query's `useQuery` result fits as it
 * is; the card never depends on a data library.
 */
export interface LoadState<T> {
  status: 'pending' | 'loading' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
}

/** A dashboard card's heading: small and muted, so the figure under it is what the eye finds. */
export const CardTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The one big number of a stat card. */
export const StatFigure = styled.p`
  margin: 0;
  font-size: 2rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

/** The line under a stat card's figure (what it counts, for which period), or a card's "nothing yet". */
export const StatNote = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Labelled figures, two columns: the label, then its amount aligned right (Sales: Today, This week…). */
export const StatList = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: space-between;
  row-gap: ${({ theme }) => theme.space(2)};
  column-gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

/** A table in a third of the dashboard: tighter than a page's table. */
export const CompactTable = styled(Table)`
  font-size: 0.9rem;
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(1)}`};
  }
`;

/**
 * A failure with its Retry button, for a card or for one part of a card that loads on its own. It says what
 * failed ("Failed to load Revenue."), then the service's reason when it gave one ("Try later.").
 */
export function RetryAlert({ error, what, onRetry }: { error: unknown; what: string; onRetry(): void }) {
  const reason = errorMessage(error, '');
  return (
    <Alert>
      {reason && reason !== what ? `${what} ${reason}` : what}{' '}
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/** What a part of a card shows for a load state: its content, its own spinner, or its own error with Retry. */
export function LoadStateView<T>({
  state,
  onRetry,
  loadingLabel,
  errorText,
  children,
}: {
  state: LoadState<T>;
  onRetry(): void;
  /** The spinner's accessible name, e.g. "Loading Revenue...". */
  loadingLabel: string;
  /** What failed, said before the service's reason, e.g. "Failed to load Revenue.". */
  errorText: string;
  children(data: T): ReactNode;
}) {
  if (state.status === 'error') return <RetryAlert error={state.error} what={errorText} onRetry={onRetry} />;
  // Data kept from an earlier load stays on screen while the card reloads, so figures do not flash away.
  if (state.data !== undefined) return <>{children(state.data)}</>;
  return <Spinner label={loadingLabel} />;
}

export interface QueryCardProps<T> {
  title: string;
  state: LoadState<T>;
  /** Asks again (the query's reload or refetch). */
  onRetry(): void;
  /** What failed, said before the service's reason (default: "Failed to load <title>."). */
  errorText?: string;
  children(data: T): ReactNode;
}

/**
 * A dashboard widget: a card named by its title that shows its content once its data is in, or its own
 * spinner or error with Retry — one widget failing never takes the others with it.
 */
export function QueryCard<T>({ title, state, onRetry, errorText, children }: QueryCardProps<T>) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>{title}</CardTitle>
      <LoadStateView
        state={state}
        onRetry={onRetry}
        loadingLabel={`Loading ${title}...`}
        errorText={errorText ?? `Failed to load ${title}.`}
      >
        {children}
      </LoadStateView>
    </Card>
  );
}
