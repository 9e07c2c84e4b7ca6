import { WANT_PROBLEMS, type AuditEvent } from '@loupe/contracts';
import { absoluteRoutes } from '@loupe/platform';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../src/routes';
import { FakeClientsServer, makeClient } from './support/fake-clients';
import { FakeWants, makeMatch, makeWant } from './support/fake-wants';

// Issue 24 item 5 on the client's page: the "Wanted list" — the client's wants, added, edited and removed, each
// with its open matches, whose prepared e-mail is sent from a dialog, or which are dismissed.

const PATH = '/clients/edit/:id';
const page = absoluteRoutes(routes).find((route) => route.path === PATH);

function serve(clientOverrides = {}) {
  const server = new FakeClientsServer([makeClient(7, 'Grace Hopper', clientOverrides)]);
  const wants = new FakeWants(server.mock, 7);
  return { server, wants };
}

const renderPage = () => renderWithProviders(<>{page?.element}</>, { route: '/clients/edit/7', path: PATH });
const section = async () => within(await screen.findByRole('region', { name: 'Wanted list' }));
const dialogNamed = async (name: string | RegExp) => within(await screen.findByRole('dialog', { name }));

describe('the Wanted list section of the client’s page', () => {
  it('shows each want with its open matches: the item as a link, price, when and why', async () => {
    const { wants } = serve();
    const sub = wants.addWant(
      makeWant(1, 7, {
        reference: '126610LN',
        yearFrom: 2018,
        yearTo: 2022,
        conditionGrade: 'excellent',
        maxPrice: 9500,
        notes: 'Prefers full set',
      }),
    );
    wants.addWant(makeWant(2, 7, { brand: 'Cartier', model: '' }));
    // More open matches than the page asked for: the want says how many it shows.
    const omega = wants.addWant(makeWant(3, 7, { brand: 'Omega', model: 'Speedmaster', openMatches: 3 }));
    wants.addMatch(makeMatch(8, omega));
    wants.addMatch(makeMatch(5, sub, { price: 9250, reason: 'price_change' }));
    // A match already e-mailed is not an open one.
    wants.addMatch(makeMatch(6, sub, { status: 'emailed' }));
    renderPage();
    const s = await section();

    const first = within(await s.findByRole('listitem', { name: /^Rolex Submariner 126610LN/ }));
    expect(first.getByRole('heading', { level: 3 })).toHaveTextContent(
      'Rolex Submariner 126610LN, 2018–2022, Excellent or better, up to £9,500.00',
    );
    expect(first.getByText('Prefers full set')).toBeInTheDocument();
    const table = within(
      await first.findByRole('table', { name: /Open matches for Rolex Submariner: 1 item/ }),
    );
    const row = within(table.getAllByRole('row')[1] as HTMLElement);
    expect(row.getByRole('link', { name: 'Rolex Submariner 126610LN (Stock no. 105)' })).toHaveAttribute(
      'href',
      '/inventory/item/405',
    );
    expect(row.getByText('£9,250.00')).toBeInTheDocument();
    expect(row.getByText('5 Mar 2026')).toBeInTheDocument();
    expect(row.getByText('Price changed')).toBeInTheDocument();
    expect(
      row.getByRole('button', { name: 'Send e-mail about Rolex Submariner 126610LN (Stock no. 105)' }),
    ).toBeEnabled();

    // All the want's open matches are listed: no "newest N of M" note.
    expect(first.queryByText(/^Showing the newest/)).not.toBeInTheDocument();

    const second = within(s.getByRole('listitem', { name: 'Cartier' }));
    expect(second.getByText('No open matches.')).toBeInTheDocument();
    const third = within(s.getByRole('listitem', { name: 'Omega Speedmaster' }));
    expect(await third.findByText('Showing the newest 1 of 3 open matches.')).toBeInTheDocument();
    // The client's matches are asked for open ones only.
    const asked = wants.mock.calls.find((call) => call.path === '/api/clients/7/want-matches/');
    expect(asked?.url).toContain('status=open');
  });

  it('says when the list is empty, and adds a want: the model from the chosen brand’s list only', async () => {
    const { wants } = serve();
    renderPage();
    const s = await section();
    expect(await s.findByText(/Nothing on the wanted list/)).toBeInTheDocument();

    await userEvent.click(s.getByRole('button', { name: 'Add a want' }));
    const d = await dialogNamed('Add a want for Grace Hopper');
    const brand = d.getByRole('combobox', { name: 'Brand' });
    const model = d.getByRole('combobox', { name: 'Model' });
    expect(model).toBeDisabled();
    await waitFor(() =>
      expect(
        within(brand)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a brand', 'Cartier', 'Rolex']),
    );

    // No brand: the service's words beside the field, nothing sent.
    await userEvent.click(d.getByRole('button', { name: 'Add want' }));
    expect(await d.findByText(WANT_PROBLEMS.brandRequired)).toBeInTheDocument();
    expect(wants.mock.callsTo('POST', '/api/clients/7/wants/')).toHaveLength(0);

    await userEvent.selectOptions(brand, 'Rolex');
    expect(model).toBeEnabled();
    // The retired Air-King is not offered to a new want.
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any model', 'Submariner', 'Daytona']);
    await userEvent.selectOptions(model, 'Daytona');
    // Changing the brand clears the model (SPEC §4, as on the item form).
    await userEvent.selectOptions(brand, 'Cartier');
    expect(model).toHaveValue('');
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any model', 'Tank', 'Santos']);
    await userEvent.selectOptions(model, 'Santos');

    await userEvent.type(d.getByRole('textbox', { name: 'Reference' }), 'WSSA0018');
    await userEvent.type(d.getByRole('textbox', { name: 'Year from' }), '2020');
    await userEvent.type(d.getByRole('textbox', { name: 'Year to' }), '2019');
    await userEvent.selectOptions(d.getByRole('combobox', { name: 'Minimum condition' }), 'Very good');
    await userEvent.type(d.getByRole('textbox', { name: 'Maximum price (£)' }), '£6,500');
    await userEvent.type(d.getByRole('textbox', { name: 'Notes' }), 'Steel, for an anniversary');
    await userEvent.click(d.getByRole('button', { name: 'Add want' }));
    expect(await d.findByText(WANT_PROBLEMS.yearsReversed)).toBeInTheDocument();
    await userEvent.clear(d.getByRole('textbox', { name: 'Year to' }));
    await userEvent.type(d.getByRole('textbox', { name: 'Year to' }), '2024');
    await userEvent.click(d.getByRole('button', { name: 'Add want' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(wants.mock.callsTo('POST', '/api/clients/7/wants/')[0]?.body).toEqual({
      brand: 'Cartier',
      model: 'Santos',
      reference: 'WSSA0018',
      yearFrom: 2020,
      yearTo: 2024,
      conditionGrade: 'very_good',
      maxPrice: '6500',
      notes: 'Steel, for an anniversary',
    });
    expect(
      await s.findByRole('heading', {
        level: 3,
        name: 'Cartier Santos WSSA0018, 2020–2024, Very good or better, up to £6,500.00',
      }),
    ).toBeInTheDocument();
    // A whole form typed key by key: more than jest's 5 s on a busy machine.
  }, 30_000);

  it('edits a want, its retired model still offered, every field sent as it stands, inactive kept inactive', async () => {
    const { wants } = serve();
    wants.addWant(makeWant(1, 7, { model: 'Air-King', maxPrice: 5000, active: false }));
    renderPage();
    const s = await section();
    expect(await s.findByText('Inactive: kept, but new stock is not matched to it.')).toBeInTheDocument();
    await userEvent.click(await s.findByRole('button', { name: 'Edit want: Rolex Air-King' }));
    const d = await dialogNamed('Edit want of Grace Hopper');
    const model = d.getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(model).toHaveValue('Air-King'));
    const price = d.getByRole('textbox', { name: 'Maximum price (£)' });
    expect(price).toHaveValue('5000');
    await userEvent.clear(price);
    await userEvent.type(price, '5500.50');
    await userEvent.click(d.getByRole('button', { name: 'Save want' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(wants.mock.callsTo('PUT', '/api/wants/1/')[0]?.body).toEqual({
      brand: 'Rolex',
      model: 'Air-King',
      reference: '',
      yearFrom: null,
      yearTo: null,
      conditionGrade: null,
      maxPrice: '5500.5',
      notes: '',
      // Still inactive: the service clears what a PUT leaves out.
      active: false,
    });
    expect(
      await s.findByRole('heading', { level: 3, name: 'Rolex Air-King, up to £5,500.50' }),
    ).toBeInTheDocument();
  });

  it('removes a want only once confirmed; Cancel keeps it', async () => {
    const { wants } = serve();
    wants.addWant(makeWant(1, 7));
    renderPage();
    const s = await section();
    const remove = await s.findByRole('button', { name: 'Remove want: Rolex Submariner' });
    await userEvent.click(remove);
    let d = await dialogNamed('Remove this want?');
    await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveFocus();
    expect(wants.mock.callsTo('DELETE', '/api/wants/1/')).toHaveLength(0);

    await userEvent.click(remove);
    d = await dialogNamed('Remove this want?');
    expect(d.getByText(/Rolex Submariner leaves Grace Hopper’s wanted list/)).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Remove want' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(wants.mock.callsTo('DELETE', '/api/wants/1/')).toHaveLength(1);
    expect(await s.findByText(/Nothing on the wanted list/)).toBeInTheDocument();
  });

  it('sends the prepared e-mail as edited, says it went, and the History asks again', async () => {
    const { server, wants } = serve();
    const want = wants.addWant(makeWant(1, 7));
    wants.addMatch(makeMatch(5, want));
    const event: AuditEvent = {
      id: 1,
      at: '2026-03-06T10:00:00.000Z',
      actor: 'silver',
      action: 'wants.match_emailed',
      summary: 'E-mailed about Rolex Submariner 126610LN (Stock no. 105)',
      changes: [],
    } as unknown as AuditEvent;
    renderPage();
    const s = await section();
    await userEvent.click(await s.findByRole('button', { name: /^Send e-mail about/ }));
    const d = await dialogNamed('E-mail Grace Hopper about Rolex Submariner 126610LN (Stock no. 105)');
    const subject = await d.findByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Rolex Submariner for you');
    // The dialog opened on its spinner; once the draft is in, the keyboard is on its subject.
    await waitFor(() => expect(subject).toHaveFocus());
    expect(d.getByRole('textbox', { name: 'To' })).toHaveValue('Grace Hopper <grace@example.com>');
    expect(d.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Dear Grace,\n\nWe have a Rolex Submariner you may like.',
    );
    await userEvent.clear(subject);
    await userEvent.type(subject, 'The Submariner you asked about');
    const historyBefore = server.mock.callsTo('GET', '/api/clients/7/history/').length;
    server.history.set(7, [event]);
    await userEvent.click(d.getByRole('button', { name: 'Send' }));

    const outcome = await d.findByRole('status');
    expect(outcome).toHaveTextContent('E-mail sent to grace@example.com.');
    // The Send button is gone with the form: the keyboard is put on what happened.
    await waitFor(() => expect(outcome.parentElement).toHaveFocus());
    expect(wants.sent).toEqual([
      {
        subject: 'The Submariner you asked about',
        text: 'Dear Grace,\n\nWe have a Rolex Submariner you may like.',
      },
    ]);
    // The match is no longer open, and the client's History shows the e-mail.
    expect(await s.findByText('No open matches.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.mock.callsTo('GET', '/api/clients/7/history/').length).toBeGreaterThan(historyBefore),
    );
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(await history.findByText(event.summary)).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the e-mail is kept in the outbox rather than sent', async () => {
    const { wants } = serve();
    wants.delivery = 'outbox_only';
    wants.addMatch(makeMatch(5, wants.addWant(makeWant(1, 7))));
    renderPage();
    const s = await section();
    await userEvent.click(await s.findByRole('button', { name: /^Send e-mail about/ }));
    const d = await dialogNamed(/^E-mail Grace Hopper about/);
    await d.findByRole('textbox', { name: 'Subject' });
    await userEvent.click(d.getByRole('button', { name: 'Send' }));
    expect(
      await d.findByText(
        'Kept in the outbox (Outbox only), not sent yet. Not sent: no SMTP server is configured (SMTP_URL), so the message is kept here only.',
      ),
    ).toBeInTheDocument();
  });

  it('a client without an e-mail address: the service’s reason, no Send, and a link to edit the client', async () => {
    const { wants } = serve({ email: '' });
    wants.delivery = 'no-address';
    wants.addMatch(makeMatch(5, wants.addWant(makeWant(1, 7))));
    renderPage();
    const s = await section();
    await userEvent.click(await s.findByRole('button', { name: /^Send e-mail about/ }));
    const d = await dialogNamed(/^E-mail Grace Hopper about/);
    expect(await d.findByText(WANT_PROBLEMS.noEmail)).toBeInTheDocument();
    expect(d.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await userEvent.click(d.getByRole('link', { name: 'Edit the client' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The keyboard lands on the client form's Email field, where the address goes.
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Edit Client' })).getByRole('textbox', { name: 'Email' }),
      ).toHaveFocus(),
    );
    expect(wants.mock.callsTo('POST', '/api/wants/matches/5/email/')).toHaveLength(0);
  });

  it('the send refused meanwhile (409): the service’s reason in the dialog, what was typed kept', async () => {
    const { wants } = serve();
    wants.addMatch(makeMatch(5, wants.addWant(makeWant(1, 7))));
    renderPage();
    const s = await section();
    await userEvent.click(await s.findByRole('button', { name: /^Send e-mail about/ }));
    const d = await dialogNamed(/^E-mail Grace Hopper about/);
    await d.findByRole('textbox', { name: 'Subject' });
    wants.mock.on('POST /api/wants/matches/5/email/', {
      status: 409,
      body: { detail: WANT_PROBLEMS.itemGone },
    });
    await userEvent.click(d.getByRole('button', { name: 'Send' }));
    expect(await d.findByText(WANT_PROBLEMS.itemGone)).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Subject' })).toHaveValue('Rolex Submariner for you');
  });

  it('dismisses a match only once confirmed', async () => {
    const { wants } = serve();
    wants.addMatch(makeMatch(5, wants.addWant(makeWant(1, 7))));
    renderPage();
    const s = await section();
    await userEvent.click(await s.findByRole('button', { name: /^Dismiss Rolex Submariner/ }));
    const d = await dialogNamed('Dismiss this match?');
    await userEvent.click(d.getByRole('button', { name: 'Dismiss match' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(wants.mock.callsTo('POST', '/api/wants/matches/5/dismiss/')).toHaveLength(1);
    expect(await s.findByText('No open matches.')).toBeInTheDocument();
  });

  it('a wanted list that fails to load says so with Retry, and the rest of the page stays', async () => {
    const { wants } = serve();
    wants.mock.on('GET /api/clients/7/wants/', { status: 500, body: { detail: 'Server down.' } });
    renderPage();
    const s = await section();
    expect(await s.findByText(/Failed to load the wanted list/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit Client' })).toBeInTheDocument();
    wants.mock.on('GET /api/clients/7/wants/', { body: { results: [], count: 0 } });
    await userEvent.click(s.getByRole('button', { name: 'Retry' }));
    expect(await s.findByText(/Nothing on the wanted list/)).toBeInTheDocument();
  });
});
