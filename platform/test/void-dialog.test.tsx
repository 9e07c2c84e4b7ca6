import { ALREADY_VOIDED, VOID_NOT_ALLOWED, VOID_REASON_REQUIRED, type Role } from '@loupe/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { HttpError } from '../src/http';
import { authCheckAs, createFetchMock, renderWithProviders } from '../src/testing';
import { ThemeModeProvider } from '../src/theme';
import {
  useVoidPermission,
  VoidButton,
  VoidDialog,
  VoidedNote,
  VoidNotAllowed,
  VOID_REASON_MAX,
} from '../src/ui';

function refusal(status: number, data: unknown): HttpError {
  return new HttpError(status, data);
}

function Screen({
  send,
  onVoided,
}: {
  send(reason: string): Promise<string>;
  onVoided?(value: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <ThemeModeProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Void payment of £100.00
      </button>
      {done ? <p>Done: {done}</p> : null}
      <VoidDialog
        open={open}
        title="Void payment"
        facts={[
          { label: 'Amount', value: '£100.00' },
          { label: 'Date', value: '3 Jan 2026' },
          { label: 'Client', value: 'Ada Lovelace' },
        ]}
        send={send}
        onVoided={(value) => {
          onVoided?.(value);
          setDone(value);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </ThemeModeProvider>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Void payment of £100.00' }));
  return screen.getByRole('dialog', { name: 'Void payment' });
}

describe('VoidDialog', () => {
  it('says what is voided and that it cannot be undone, with Reason, Void and Cancel', async () => {
    render(<Screen send={async () => 'ok'} />);
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('Voiding cannot be undone.');
    expect(dialog).toHaveTextContent('Amount£100.00');
    expect(dialog).toHaveTextContent('Date3 Jan 2026');
    expect(dialog).toHaveTextContent('ClientAda Lovelace');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toBeRequired();
    expect(within(dialog).getByRole('button', { name: 'Void' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('requires a reason: a blank one is refused beside the field and nothing is sent', async () => {
    const send = jest.fn(async () => 'ok');
    render(<Screen send={send} />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(VOID_REASON_REQUIRED));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Void payment' })).toBeInTheDocument();
  });

  it('puts the focus on Reason when it is refused, and clears the message once something is typed', async () => {
    const send = jest.fn(async () => 'ok');
    render(<Screen send={send} />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    await userEvent.type(reason, 'Keyed twice');
    expect(reason).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText(VOID_REASON_REQUIRED)).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason and hands the answer to its owner', async () => {
    const send = jest.fn(async (reason: string) => `voided because ${reason}`);
    render(<Screen send={send} />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Typed twice  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(send).toHaveBeenCalledWith('Typed twice');
    expect(await screen.findByText('Done: voided because Typed twice')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a field error from the service under Reason, keeping what was typed', async () => {
    const send = jest.fn(async () => {
      throw refusal(400, { reason: ['Reason can have at most 500 characters.'] });
    });
    render(<Screen send={send} />);
    const dialog = await openDialog();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.type(reason, 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription(
        expect.stringContaining('Reason can have at most 500 characters.'),
      ),
    );
    expect(reason).toHaveValue('Duplicate');
    expect(within(dialog).getByRole('button', { name: 'Void' })).toBeEnabled();
  });

  it("shows the service's detail as an alert in the dialog (already voided, not allowed), reason kept", async () => {
    const send = jest
      .fn<Promise<string>, [string]>()
      .mockRejectedValueOnce(refusal(409, { detail: ALREADY_VOIDED }))
      .mockRejectedValueOnce(refusal(403, { detail: VOID_NOT_ALLOWED }));
    render(<Screen send={send} />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wrong client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALREADY_VOIDED);
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Wrong client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(VOID_NOT_ALLOWED));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('is disabled and busy while the void is sent, so a double press sends once', async () => {
    let answer: (value: string) => void = () => undefined;
    const send = jest.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    render(<Screen send={send} />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    const busy = within(dialog).getByRole('button', { name: 'Voiding...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    answer('ok');
    expect(await screen.findByText('Done: ok')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard: focus on Reason, Enter on Void sends; Escape cancels without sending', async () => {
    const send = jest.fn(async () => 'ok');
    render(<Screen send={send} />);
    let dialog = await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Void payment of £100.00' })).toHaveFocus();
    expect(send).not.toHaveBeenCalled();

    dialog = await openDialog();
    // The dialog opens on its first field (the platform Modal).
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    await userEvent.keyboard('Entered twice');
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Void' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Done: ok')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('Entered twice');
  });

  it('opens again with an empty reason and no errors after Cancel', async () => {
    render(<Screen send={async () => 'ok'} />);
    let dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(within(dialog).getByText(VOID_REASON_REQUIRED)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('');
    expect(within(dialog).queryByText(VOID_REASON_REQUIRED)).toBeNull();
  });

  it('caps the reason at the service limit', async () => {
    render(<Screen send={async () => 'ok'} />);
    const dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAttribute(
      'maxLength',
      String(VOID_REASON_MAX),
    );
  });
});

function Permission({ onVoid }: { onVoid(): void }) {
  const { allowed, noteId } = useVoidPermission();
  return (
    <>
      {allowed ? null : <VoidNotAllowed id={noteId} />}
      <VoidButton allowed={allowed} noteId={noteId} label="Void payment of £5.00" onClick={onVoid} />
    </>
  );
}

describe('VoidButton and permission', () => {
  it.each<Role>(['platinum', 'gold'])('is enabled for %s', async (role) => {
    window.fetch = createFetchMock({ 'GET /auth-check/': { body: authCheckAs(role) } }).fetch;
    const onVoid = jest.fn();
    renderWithProviders(<Permission onVoid={onVoid} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Void payment of £5.00' })).toBeEnabled());
    expect(screen.queryByText(VOID_NOT_ALLOWED)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Void payment of £5.00' }));
    expect(onVoid).toHaveBeenCalledTimes(1);
  });

  it('is disabled for silver, the reason shown as text and read as its description', async () => {
    window.fetch = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('silver') } }).fetch;
    renderWithProviders(<Permission onVoid={() => undefined} />);
    const button = await screen.findByRole('button', { name: 'Void payment of £5.00' });
    expect(await screen.findByText(VOID_NOT_ALLOWED)).toBeVisible();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(VOID_NOT_ALLOWED);
  });
});

describe('VoidedNote', () => {
  it('marks the entry Voided with the reason, who and when', () => {
    render(
      <ThemeModeProvider>
        <VoidedNote
          voided={{ at: '2026-01-05T10:30:00Z', by: 'gold', reason: 'Typed twice', reversalId: 9 }}
        />
      </ThemeModeProvider>,
    );
    expect(screen.getByText('Voided')).toBeInTheDocument();
    expect(screen.getByText(/Typed twice — gold, /)).toHaveTextContent(/2026/);
  });
});
