import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { HttpError } from '../src/http';
import { RecordPending, useRecordId } from '../src/ui';
import { authCheckAs, createFetchMock, renderWithProviders } from '../src/testing';

beforeEach(() => {
  window.fetch = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('silver') } }).fetch;
});

function IdProbe() {
  return <output aria-label="id">{useRecordId()}</output>;
}

function Pending({ error = null, refetch = () => undefined }: { error?: unknown; refetch?(): unknown }) {
  const id = useRecordId();
  return (
    <RecordPending
      id={id}
      query={{ error, refetch }}
      notFound={<>No such job in this shop.</>}
      failed="Failed to load the job."
      loading="Loading the job..."
    />
  );
}

const at = (route: string, ui: ReactElement) => renderWithProviders(ui, { route, path: '/jobs/:id' });

describe('useRecordId (platform 1.2)', () => {
  it.each([
    ['/jobs/42', '42'],
    ['/jobs/007', '7'],
    ['/jobs/abc', '0'],
    ['/jobs/4x', '0'],
    ['/jobs/-3', '0'],
    ['/jobs/1.5', '0'],
  ])('reads %s as %s', async (route, shown) => {
    at(route, <IdProbe />);
    expect(await screen.findByLabelText('id')).toHaveTextContent(shown);
  });
});

describe('RecordPending (platform 1.2)', () => {
  it('loads with its label while nothing has failed', async () => {
    at('/jobs/3', <Pending />);
    expect(await screen.findByText('Loading the job...')).toBeInTheDocument();
  });

  it('says not found for a 404 and for an id that is not a number, with no Retry', async () => {
    at('/jobs/3', <Pending error={new HttpError(404, { detail: 'Not found.' })} />);
    expect(await screen.findByText('No such job in this shop.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    at('/jobs/abc', <Pending />);
    expect(await screen.findAllByText('No such job in this shop.')).toHaveLength(2);
    expect(screen.queryByText('Loading the job...')).not.toBeInTheDocument();
  });

  it("offers Retry for any other failure, with the service's reason", async () => {
    const refetch = jest.fn();
    at('/jobs/3', <Pending error={new HttpError(503, { detail: 'Try later.' })} refetch={refetch} />);
    expect(await screen.findByText(/Failed to load the job\. Try later\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
