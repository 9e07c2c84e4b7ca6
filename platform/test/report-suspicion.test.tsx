import { SUSPICION_GROUNDS_REQUIRED, SUSPICION_RECEIVED_HINT } from '@loupe/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportSuspicion } from '../src/clients';
import { authCheckAs, createFetchMock, renderWithProviders, type MockHandler } from '../src/testing';

// The platform's one "Report a suspicion" dialog (issue 25 item 1) on its own: what every screen that offers it
// gets. remote-clients' suite shows it on the client page.

const SUSPICIONS = '/api/compliance/suspicions/';
const GROUNDS = 'Paid in cash, then asked for the receipt in another name.';
const RECEIVED = { status: 201, body: { reference: 'SAR-0003', received_at: '2026-03-01T09:00:00.000Z' } };

function mount(answer: MockHandler = RECEIVED) {
  const api = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    [`POST ${SUSPICIONS}`]: answer,
  });
  window.fetch = api.fetch;
  renderWithProviders(<ReportSuspicion subject="deal" subjectId={12} />);
  return api;
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Report a suspicion' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report a suspicion' });
  const grounds = within(dialog).getByRole('textbox', { name: 'What made you suspicious?' });
  const send = within(dialog).getByRole('button', { name: 'Send the report' });
  return { user, dialog, grounds, send };
}

describe('ReportSuspicion', () => {
  it('refuses empty grounds beside the field, with the focus on it, and sends nothing', async () => {
    const api = mount();
    const { user, grounds, send } = await openForm();
    await user.type(grounds, '   ');
    await user.click(send);
    expect(grounds).toHaveAccessibleDescription(SUSPICION_GROUNDS_REQUIRED);
    expect(grounds).toHaveAttribute('aria-invalid', 'true');
    expect(grounds).toHaveFocus();
    expect(api.callsTo('POST', SUSPICIONS)).toHaveLength(0);
    // Typing answers the message.
    await user.type(grounds, 'x');
    expect(grounds).not.toHaveAttribute('aria-invalid');
  });

  it('sends once however often it is pressed, then shows only that it was received', async () => {
    let answer: () => void = () => undefined;
    const api = mount(() => new Promise((resolve) => (answer = () => resolve(RECEIVED))));
    const { user, grounds, send } = await openForm();
    await user.type(grounds, GROUNDS);
    await user.dblClick(send);
    expect(send).toBeDisabled();
    expect(send).toHaveAttribute('aria-busy', 'true');
    await user.click(send);
    answer();
    const received = await screen.findByRole('dialog', { name: 'Report received' });
    expect(within(received).getByText('Report received. Reference SAR-0003.')).toBeInTheDocument();
    expect(within(received).getByText(SUSPICION_RECEIVED_HINT)).toBeInTheDocument();
    expect(api.callsTo('POST', SUSPICIONS).map((call) => call.body)).toEqual([
      { subject: 'deal', subject_id: 12, grounds: GROUNDS },
    ]);
  });

  it('puts the service’s field refusal at the field and keeps what was typed', async () => {
    mount({ status: 400, body: { grounds: ['Control characters are not allowed.'] } });
    const { user, dialog, grounds, send } = await openForm();
    await user.type(grounds, GROUNDS);
    await user.click(send);
    expect(await within(dialog).findByText('Control characters are not allowed.')).toBeInTheDocument();
    expect(grounds).toHaveAccessibleDescription('Control characters are not allowed.');
    expect(grounds).toHaveValue(GROUNDS);
    // The field's message is the only one: nothing above the form.
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
  });

  it('says the service’s detail above the form, or the generic failure when there is none', async () => {
    let refusal: { status: number; body: object } = {
      status: 403,
      body: { detail: 'Not a member of this shop.' },
    };
    mount(() => refusal);
    const { user, dialog, grounds, send } = await openForm();
    await user.type(grounds, GROUNDS);
    await user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not a member of this shop.');
    refusal = { status: 500, body: {} };
    await user.click(send);
    expect(
      await within(dialog).findByText('The report could not be sent. Please try again.'),
    ).toBeInTheDocument();
    expect(grounds).toHaveValue(GROUNDS);
    expect(send).toBeEnabled();
  });
});
