import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { HttpError } from '../src/http';
import { RecordPending, useRecordId, useRecordMessage } from '../src/ui';
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

type Job = { reference: string };

function StateProbe() {
  // Not an <output>: its implicit role is status, the role the news is found by.
  return <pre data-testid="router-state">{JSON.stringify(useLocation().state)}</pre>;
}

function JobLike({ job, wording }: { job?: Job; wording?: (job: Job, created: 'taken') => string }) {
  const { heading, message, say, show } = useRecordMessage(job, wording);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Job
      </h1>
      {message ? <p role="status">{message}</p> : null}
      <button onClick={() => say('Moved to Repair.')}>Move</button>
      <button onClick={() => show('Photo added.')}>Add photo</button>
      <StateProbe />
    </>
  );
}

const withState = (ui: ReactElement, created?: unknown) =>
  render(
    <MemoryRouter
      initialEntries={[{ pathname: '/jobs/3', state: created === undefined ? null : { created } }]}
    >
      {ui}
    </MemoryRouter>,
  );

describe('useRecordMessage (platform 1.2)', () => {
  it('says what the creating screen sent once the record is here, focuses the heading, and drops the state', () => {
    const view = withState(<JobLike />, 'Job JOB-3 taken in.');
    // The record is still loading: nothing said yet, and the state is kept for when it comes.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('router-state')).toHaveTextContent('{"created":"Job JOB-3 taken in."}');

    view.rerender(
      <MemoryRouter initialEntries={[{ pathname: '/jobs/3', state: { created: 'Job JOB-3 taken in.' } }]}>
        <JobLike job={{ reference: 'JOB-3' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Job JOB-3 taken in.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    // A reload or Back shows the record without the news.
    expect(screen.getByTestId('router-state')).toHaveTextContent('null');
  });

  it('words the state with createdText', () => {
    withState(
      <JobLike job={{ reference: 'JOB-4' }} wording={(job) => `Job ${job.reference} taken in.`} />,
      'taken',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Job JOB-4 taken in.');
  });

  it('says nothing and leaves the focus alone when the page was opened directly', () => {
    withState(<JobLike job={{ reference: 'JOB-5' }} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
  });

  it('say moves the focus to the heading; show leaves it where the user is', async () => {
    withState(<JobLike job={{ reference: 'JOB-6' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add photo' }));
    expect(screen.getByRole('status')).toHaveTextContent('Photo added.');
    expect(screen.getByRole('button', { name: 'Add photo' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(screen.getByRole('status')).toHaveTextContent('Moved to Repair.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });
});
