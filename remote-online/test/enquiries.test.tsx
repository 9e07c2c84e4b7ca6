import { ENQUIRY_MESSAGES, type EnquiryDetail } from '@loupe/contracts';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EnquiryListPage } from '../src/features/enquiries/components/enquiry-list-page';
import { EnquiryPage } from '../src/features/enquiries/components/enquiry-page';
import { enquiry, onlineServer, param } from './support/online';

// Typing into forms on a busy machine: jsdom and user-event take their time.
jest.setTimeout(20_000);

const location = () => screen.getByTestId('location').textContent;

describe('/online/enquiries', () => {
  const three = () => [
    enquiry(1, { name: 'Ada Lovelace', createdAt: '2026-11-26T10:15:00Z' }),
    enquiry(2, {
      name: 'Bob Marsh',
      email: '',
      phone: '07700 900123',
      status: 'answered',
      createdAt: '2026-11-25T09:00:00Z',
      item: { ...enquiry(2).item, title: 'Cartier Tank Must', stockNumber: '88' },
    }),
    enquiry(3, { name: 'Clara Schumann', status: 'closed', createdAt: '2026-11-20T09:00:00Z' }),
  ];

  it('lists the new enquiries by default, with who, how to reach them, the item and when; a name opens it', async () => {
    const server = onlineServer({ enquiries: three() });
    renderWithProviders(<EnquiryListPage />, { route: '/online/enquiries' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiries' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Enquiries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Ada Lovelace');
    expect(rows[0]).toHaveTextContent('ada@example.org');
    expect(rows[0]).toHaveTextContent('Rolex Submariner 126610LN');
    expect(rows[0]).toHaveTextContent('Stock no. 101');
    expect(rows[0]).toHaveTextContent('New');
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/online/enquiries/1',
    );
    // The service is asked for its default (new), not told a status.
    expect(param(server.mock.callsTo('GET', '/api/enquiries/')[0]!.url, 'status')).toBeNull();
    // The filter says how many stand in each choice.
    const show = screen.getByRole('combobox', { name: 'Show' });
    expect(
      within(show)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['New (1)', 'Open (new or answered) (2)', 'All (3)']);
  });

  it('filters open and all through the address, and asks the service for them', async () => {
    const server = onlineServer({ enquiries: three() });
    renderWithProviders(<EnquiryListPage />, { route: '/online/enquiries' });
    await screen.findByRole('table', { name: 'Enquiries' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'open');
    await waitFor(() => expect(location()).toBe('/online/enquiries?status=open'));
    const table = screen.getByRole('table', { name: 'Enquiries' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(table).toHaveTextContent('07700 900123');
    expect(table).toHaveTextContent('Answered');
    expect(server.mock.calls.some((c) => param(c.url, 'status') === 'open')).toBe(true);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'all');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(table).toHaveTextContent('Closed');
  });

  it('pages a long list, the page in the address', async () => {
    onlineServer({
      enquiries: Array.from({ length: 30 }, (_, i) =>
        enquiry(i + 1, {
          name: `Person ${i + 1}`,
          createdAt: `2026-11-${String(i + 1).padStart(2, '0')}T09:00:00Z`,
        }),
      ),
    });
    renderWithProviders(<EnquiryListPage />, { route: '/online/enquiries' });
    const table = await screen.findByRole('table', { name: 'Enquiries' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(table).toHaveTextContent('Person 30');
    const pages = screen.getByRole('navigation', { name: 'Enquiry pages' });
    await userEvent.click(within(pages).getByRole('button', { name: /next/i }));
    await waitFor(() => expect(location()).toContain('page=2'));
    await waitFor(() => expect(table).toHaveTextContent('Person 20'));
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(table).not.toHaveTextContent('Person 30');
  });

  it('says when there is nothing new, and offers Retry when the list fails', async () => {
    const server = onlineServer({ enquiries: [] });
    renderWithProviders(<EnquiryListPage />, { route: '/online/enquiries' });
    expect(await screen.findByText('No new enquiries.')).toBeInTheDocument();

    server.mock.on('GET /api/enquiries/', {
      status: 503,
      body: { detail: 'The database is not answering.' },
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'all');
    expect(await screen.findByText(/Failed to load enquiries\./)).toHaveTextContent(
      'The database is not answering.',
    );
    server.mock.on('GET /api/enquiries/', {
      body: { results: [], count: 0, counts: { new: 0, open: 0, all: 0 } },
    });
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(
      await screen.findByText('No enquiries yet: they arrive from the storefront’s item pages.'),
    ).toBeInTheDocument();
  });
});

function renderEnquiry(id: number | string) {
  return renderWithProviders(<EnquiryPage />, {
    route: `/online/enquiries/${id}`,
    path: '/online/enquiries/:id',
  });
}

describe('/online/enquiries/:id', () => {
  it('shows the message, the item (a link to its page), the contact and whether a client has that e-mail', async () => {
    onlineServer({
      enquiries: [
        enquiry(1, {
          phone: '020 7946 0000',
          matchedClient: { id: 9, name: 'Ada King', email: 'ada@example.org' },
        }),
      ],
    });
    renderEnquiry(1);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enquiry from Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Enquiry from Ada Lovelace · Loupe');
    expect(screen.getByText('Is the bracelet full length? Could I see it on Saturday?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rolex Submariner 126610LN' })).toHaveAttribute(
      'href',
      '/inventory/item/41',
    );
    expect(screen.getByRole('link', { name: 'ada@example.org' })).toHaveAttribute(
      'href',
      'mailto:ada@example.org',
    );
    expect(screen.getByRole('link', { name: '020 7946 0000' })).toHaveAttribute('href', 'tel:02079460000');
    expect(screen.getByRole('link', { name: 'Ada King' })).toHaveAttribute('href', '/clients/edit/9');
    expect(screen.getByText('No reply yet.')).toBeInTheDocument();
  });

  it('Reply: the subject is ready, the reply kept in the outbox says so and joins the replies sent', async () => {
    const server = onlineServer({ enquiries: [enquiry(1)] });
    server.mock.on('POST /api/enquiries/1/reply/', (call) => {
      const body = call.body as { subject: string; body: string };
      const next: EnquiryDetail = {
        ...server.enquiries.get(1)!,
        status: 'answered',
        replies: [
          {
            id: 1,
            ...body,
            sentBy: 'Gil Gold',
            createdAt: '2026-11-27T09:00:00Z',
            mailId: 12,
            mailStatus: 'outbox_only',
          },
        ],
      };
      server.enquiries.set(1, next);
      return { body: next };
    });
    renderEnquiry(1);
    const form = await screen.findByRole('form', { name: 'Reply' });
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Re: Rolex Submariner 126610LN',
    );

    // Nothing typed: said at the field, nothing sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Enter your reply')).toBeInTheDocument();
    expect(server.mock.callsTo('POST', '/api/enquiries/1/reply/')).toHaveLength(0);

    await userEvent.type(
      within(form).getByRole('textbox', { name: /Message/ }),
      'Yes, full length. Saturday at 11?',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(
      await within(form).findByText(/Kept in the outbox: no mail server is configured/),
    ).toBeInTheDocument();
    expect(server.mock.callsTo('POST', '/api/enquiries/1/reply/')[0]!.body).toEqual({
      subject: 'Re: Rolex Submariner 126610LN',
      body: 'Yes, full length. Saturday at 11?',
    });
    const replies = screen.getByRole('region', { name: 'Replies sent' });
    await waitFor(() => expect(replies).toHaveTextContent('Yes, full length. Saturday at 11?'));
    expect(replies).toHaveTextContent('by Gil Gold · Outbox only');
    expect(within(replies).getByRole('link', { name: 'In the outbox' })).toHaveAttribute(
      'href',
      '/settings/outbox/12',
    );
    expect(screen.getByText('Answered')).toBeInTheDocument();
  });

  it('Reply sent by e-mail says so; the service refusing it says why', async () => {
    const server = onlineServer({ enquiries: [enquiry(1)] });
    server.mock.on('POST /api/enquiries/1/reply/', {
      status: 409,
      body: { detail: ENQUIRY_MESSAGES.closed },
    });
    renderEnquiry(1);
    const form = await screen.findByRole('form', { name: 'Reply' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText(ENQUIRY_MESSAGES.closed)).toBeInTheDocument();

    server.mock.on('POST /api/enquiries/1/reply/', (call) => ({
      body: {
        ...server.enquiries.get(1)!,
        status: 'answered',
        replies: [
          {
            id: 2,
            ...(call.body as { subject: string; body: string }),
            sentBy: 'Gil Gold',
            createdAt: '2026-11-27T09:00:00Z',
            mailId: 13,
            mailStatus: 'sent',
          },
        ],
      },
    }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Reply to ada@example.org: Sent by e-mail.')).toBeInTheDocument();
  });

  it('a silver member sees how a reply went without the outbox link (the outbox is not theirs)', async () => {
    const server = onlineServer({
      role: 'silver',
      enquiries: [
        enquiry(1, {
          status: 'answered',
          replies: [
            {
              id: 1,
              subject: 'Re: x',
              body: 'Hi',
              sentBy: 'Sil Ver',
              createdAt: '2026-11-27T09:00:00Z',
              mailId: 3,
              mailStatus: 'sent',
            },
          ],
        }),
      ],
    });
    const { mock } = server;
    renderEnquiry(1);
    const replies = await screen.findByRole('region', { name: 'Replies sent' });
    expect(replies).toHaveTextContent('Sent by e-mail.');
    // Once the auth-check has said who this is (until then nobody may do anything), still no link.
    await waitFor(() => expect(mock.callsTo('GET', '/auth-check/')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(replies).queryByRole('link', { name: 'In the outbox' })).toBeNull();
  });

  it('Convert to client links the client with that e-mail after saying so, then links to the client', async () => {
    const server = onlineServer({
      enquiries: [enquiry(1, { matchedClient: { id: 9, name: 'Ada King', email: 'ada@example.org' } })],
    });
    server.mock.on('POST /api/enquiries/1/convert/', () => {
      const next: EnquiryDetail = {
        ...server.enquiries.get(1)!,
        status: 'converted',
        clientId: 9,
        client: { id: 9, name: 'Ada King', email: 'ada@example.org' },
        matchedClient: null,
      };
      server.enquiries.set(1, next);
      return { body: next };
    });
    renderEnquiry(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Convert to client' }));
    const dialog = screen.getByRole('dialog', { name: 'Convert to client?' });
    expect(dialog).toHaveTextContent('ada@example.org is the e-mail of Ada King, a client already');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link to Ada King' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Converted to client')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada King' })).toHaveAttribute('href', '/clients/edit/9');
    expect(screen.queryByRole('button', { name: 'Convert to client' })).toBeNull();
    expect(server.mock.callsTo('POST', '/api/enquiries/1/convert/')).toHaveLength(1);
  });

  it('Convert to client without a match says a new client is made; Cancel changes nothing', async () => {
    const server = onlineServer({ enquiries: [enquiry(1)] });
    renderEnquiry(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Convert to client' }));
    const dialog = screen.getByRole('dialog', { name: 'Convert to client?' });
    expect(dialog).toHaveTextContent(
      'No client has the e-mail ada@example.org: a new client, Ada Lovelace, is made',
    );
    expect(within(dialog).getByRole('button', { name: 'Create the client' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.mock.callsTo('POST', '/api/enquiries/1/convert/')).toHaveLength(0);
  });

  it('an enquiry with a phone number only cannot be replied to or converted here, and says why', async () => {
    onlineServer({ enquiries: [enquiry(1, { email: '', phone: '07700 900123' })] });
    renderEnquiry(1);
    expect(await screen.findByText(ENQUIRY_MESSAGES.noEmailToReply)).toBeInTheDocument();
    expect(screen.getByText(ENQUIRY_MESSAGES.noEmailToConvert)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Convert to client' })).toBeNull();
  });

  it('Close asks first, then the enquiry is closed and offers nothing more', async () => {
    const server = onlineServer({ enquiries: [enquiry(1)] });
    server.mock.on('POST /api/enquiries/1/close/', () => {
      const next: EnquiryDetail = {
        ...server.enquiries.get(1)!,
        status: 'closed',
        closedAt: '2026-11-27T09:30:00Z',
      };
      server.enquiries.set(1, next);
      return { body: next };
    });
    renderEnquiry(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = screen.getByRole('dialog', { name: 'Close this enquiry?' });
    expect(server.mock.callsTo('POST', '/api/enquiries/1/close/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Closed', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('an unknown or another shop’s enquiry is not found, with the way back', async () => {
    onlineServer({ enquiries: [] });
    renderEnquiry(99);
    expect(await screen.findByText(/No such enquiry in this shop\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Enquiries' })).toHaveAttribute(
      'href',
      '/online/enquiries',
    );
  });
});
