import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '../src/http';
import { ThemeModeProvider } from '../src/theme';
import { LoadStateView, QueryCard, type LoadState } from '../src/ui/query-card';

const show = (state: LoadState<number>, onRetry = jest.fn(), errorText?: string) =>
  render(
    <ThemeModeProvider>
      <QueryCard title="Revenue" state={state} onRetry={onRetry} errorText={errorText}>
        {(value) => <p>£{value}</p>}
      </QueryCard>
    </ThemeModeProvider>,
  );

const card = () => screen.getByRole('region', { name: 'Revenue' });

it('is a region named by its title, with a spinner until the data is in', () => {
  show({ status: 'pending', data: undefined, error: null });
  expect(within(card()).getByRole('heading', { level: 2, name: 'Revenue' })).toBeInTheDocument();
  expect(within(card()).getByText('Loading Revenue...')).toBeInTheDocument();
});

it('shows its content once the data is in, and keeps it while it reloads', () => {
  const { rerender } = show({ status: 'success', data: 42, error: null });
  expect(within(card()).getByText('£42')).toBeInTheDocument();
  rerender(
    <ThemeModeProvider>
      <QueryCard title="Revenue" state={{ status: 'loading', data: 42, error: null }} onRetry={jest.fn()}>
        {(value) => <p>£{value}</p>}
      </QueryCard>
    </ThemeModeProvider>,
  );
  expect(within(card()).getByText('£42')).toBeInTheDocument();
  expect(screen.queryByText('Loading Revenue...')).not.toBeInTheDocument();
});

it('says what failed and why, with a Retry that asks again', async () => {
  const retry = jest.fn();
  show({ status: 'error', data: undefined, error: new HttpError(503, { detail: 'Try later.' }) }, retry);
  const alert = within(card()).getByRole('alert');
  expect(alert).toHaveTextContent('Failed to load Revenue. Try later. Retry');
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(retry).toHaveBeenCalledTimes(1);
});

it('says only what failed when the service gives no reason, in the words it was given', () => {
  show(
    { status: 'error', data: 7, error: new TypeError('Network request failed') },
    jest.fn(),
    'Failed to load stock figures.',
  );
  expect(within(card()).getByRole('alert')).toHaveTextContent(/^Failed to load stock figures\. Retry$/);
  expect(screen.queryByText('£7')).not.toBeInTheDocument();
});

it('lets one part of a card load on its own', () => {
  render(
    <ThemeModeProvider>
      <LoadStateView
        state={{ status: 'error', data: undefined, error: new HttpError(500, {}) }}
        onRetry={jest.fn()}
        loadingLabel="Loading recent..."
        errorText="Failed to load the latest clients."
      >
        {() => <p>rows</p>}
      </LoadStateView>
    </ThemeModeProvider>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the latest clients.');
});
