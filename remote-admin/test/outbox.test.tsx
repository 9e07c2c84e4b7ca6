import { MAIL_PROBLEMS, type OutboxMessage } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OutboxMessagePage } from '../src/features/outbox/components/outbox-message-page';
import { OutboxPage } from '../src/features/outbox/components/outbox-page';

const OUTBOX = '/api/mail/outbox/';

const message = (id: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id,
  status: 'sent',
  toName: 'Ada Lovelace',
  to: 'ada@example.org',
  subject: `Your estimate for job JOB-00000${id}`,
  relatedKind: 'workshop_job',
  relatedId: id,
  attempts: 1,
  lastError: '',
  createdAt: '2026-11-23T14:05:00Z',
  lastAttemptAt: '2026-11-23T14:05:00Z',
  sentAt: '2026-11-23T14:05:01Z',
  from: 'Hart & Sons <workshop@hart.example>',
  replyTo: 'hello@hart.example',
  text: 'Dear Ada,\n\nOur estimate for your Rolex Submariner is ready.',
  html: null,
  messageId: `<${id}@hart.example>`,
  ...overrides,
});

const FAILED = message(2, {
  status: 'failed',
  sentAt: null,
  attempts: 1,
  lastError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587',
  subject: 'Your Rolex Submariner is ready for collection (job JOB-000002)',
});
const NO_ADDRESS = message(3, {
  status: 'not_sendable',
  to: '',
  toName: 'Bob Marsh',
  sentAt: null,
  attempts: 0,
  lastAttemptAt: null,
  lastError: MAIL_PROBLEMS.noRecipient,
});

/** The outbox as the service filters it; a retry of the failed message succeeds (the server is back). */
function server(messages: OutboxMessage[]): FetchMock {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const handlers: Parameters<typeof createFetchMock>[0] = {
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${OUTBOX}`]: (call) => {
      const status = new URL(call.url, 'http://localhost').searchParams.get('status');
      const rows = [...byId.values()]
        .filter((m) => !status || m.status === status)
        .map(({ from: _f, replyTo: _r, text: _t, html: _h, messageId: _m, ...summary }) => summary);
      return { body: { results: rows, count: rows.length } };
    },
  };
  for (const m of messages) {
    handlers[`GET ${OUTBOX}${m.id}/`] = () => ({ body: byId.get(m.id) });
    handlers[`POST ${OUTBOX}${m.id}/retry/`] = () => {
      const current = byId.get(m.id)!;
      const next: OutboxMessage =
        current.status === 'failed'
          ? {
              ...current,
              status: 'sent',
              attempts: current.attempts + 1,
              lastError: '',
              sentAt: '2026-11-23T15:00:00Z',
            }
          : { ...current, attempts: current.attempts };
      byId.set(m.id, next);
      return { body: next };
    };
  }
  const mock = createFetchMock(handlers);
  window.fetch = mock.fetch;
  return mock;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Outbox' }))
    .getAllByRole('row')
    .slice(1);

describe('/settings/outbox', () => {
  it('lists the e-mail newest first with its status and why it was not sent, and retries a failed one', async () => {
    const mock = server([NO_ADDRESS, FAILED, message(1)]);
    renderWithProviders(<OutboxPage />, { route: '/settings/outbox', path: '/settings/outbox' });
    expect(screen.getByRole('heading', { level: 1, name: 'Outbox' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Outbox' });
    const [noAddress, failed, sent] = rows();
    expect(noAddress).toHaveTextContent('Bob Marsh (no e-mail address)');
    expect(noAddress).toHaveTextContent(`Not sendable${MAIL_PROBLEMS.noRecipient}`);
    expect(failed).toHaveTextContent('FailedECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587');
    expect(sent).toHaveTextContent('Ada Lovelace <ada@example.org>');
    // A sent message is never offered again.
    expect(within(sent!).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(within(sent!).getByRole('link', { name: 'Your estimate for job JOB-000001' })).toHaveAttribute(
      'href',
      '/settings/outbox/1',
    );

    await userEvent.click(
      within(failed!).getByRole('button', {
        name: 'Retry “Your Rolex Submariner is ready for collection (job JOB-000002)” to Ada Lovelace <ada@example.org>',
      }),
    );
    expect(await screen.findByText('Sent to ada@example.org.')).toHaveAttribute('role', 'status');
    expect(mock.callsTo('POST', `${OUTBOX}2/retry/`)).toHaveLength(1);
    // The list is read again and shows it sent.
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Sent'));
    expect(within(rows()[1]!).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('says why a retry did not send it', async () => {
    server([NO_ADDRESS]);
    renderWithProviders(<OutboxPage />, { route: '/settings/outbox', path: '/settings/outbox' });
    await screen.findByRole('table', { name: 'Outbox' });
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: /^Retry/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Not sendable: ${MAIL_PROBLEMS.noRecipient}`);
  });

  it('filters by status in the URL and says when nothing matches', async () => {
    const mock = server([message(1), FAILED]);
    renderWithProviders(<OutboxPage />, { route: '/settings/outbox', path: '/settings/outbox' });
    await screen.findByRole('table', { name: 'Outbox' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const asked = new URL(mock.callsTo('GET', OUTBOX).at(-1)!.url, 'http://localhost').searchParams;
    expect(asked.get('status')).toBe('failed');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Outbox only');
    expect(await screen.findByText('No e-mail matches this status.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('says so when the shop has sent nothing yet', async () => {
    server([]);
    renderWithProviders(<OutboxPage />, { route: '/settings/outbox', path: '/settings/outbox' });
    expect(await screen.findByText('No e-mail yet.')).toBeInTheDocument();
  });
});

describe('/settings/outbox/:id', () => {
  const show = (id: number | string) =>
    renderWithProviders(<OutboxMessagePage />, {
      route: `/settings/outbox/${id}`,
      path: '/settings/outbox/:id',
    });

  it('shows the message as written, where it went and what became of it, with Retry when not sent', async () => {
    const mock = server([FAILED]);
    show(2);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your Rolex Submariner is ready for collection (job JOB-000002)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();
    expect(screen.getByText('Hart & Sons <workshop@hart.example>')).toBeInTheDocument();
    expect(screen.getByText('hello@hart.example')).toBeInTheDocument();
    expect(screen.getByText(/Our estimate for your Rolex Submariner is ready\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent to ada@example.org.')).toHaveAttribute('role', 'status');
    expect(mock.callsTo('POST', `${OUTBOX}2/retry/`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Back to the Outbox' })).toHaveAttribute(
      'href',
      '/settings/outbox',
    );
  });

  it('says when there is no such message', async () => {
    server([]);
    show(99);
    expect(await screen.findByRole('alert')).toHaveTextContent("No such e-mail in this shop's outbox.");
  });
});
