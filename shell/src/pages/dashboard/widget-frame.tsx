import { Suspense } from 'react';
import styled from 'styled-components';
import { Button, Card, Spinner } from '@loupe/platform';
import { ErrorBoundary } from '../../components/error-boundary';
import type { PlacedWidget } from './use-dashboard-widgets';

const Fallback = styled.div`
  color: ${({ theme }) => theme.colors.muted};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** One widget, whose failure (while loading its code or rendering) shows a small note in its own card. */
export function WidgetFrame({ widget }: { widget: PlacedWidget }) {
  const { Component } = widget;
  return (
    <ErrorBoundary
      fallback={(_error, reset) => (
        <Card aria-label={widget.title}>
          <Fallback role="alert">
            <span>{widget.title} could not be shown.</span>
            <Button variant="secondary" onClick={reset}>
              Retry
            </Button>
          </Fallback>
        </Card>
      )}
    >
      <Suspense fallback={<Spinner label={`Loading ${widget.title}...`} />}>
        <Component />
      </Suspense>
    </ErrorBoundary>
  );
}
