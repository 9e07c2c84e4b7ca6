import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isBlank, isValidEmail, INVALID_EMAIL } from '@loupe/contracts';
import { Link } from 'react-router-dom';
import {
  FormFailure,
  FormNotices,
  LEAVE_UNSAVED,
  rowFieldName,
  rowMessages,
  useEntityForm,
  type EntityFormOptions,
  type FormProblems,
} from '../src/form';
import { HttpError } from '../src/http';
import { authCheckAs, createFetchMock, renderWithProviders } from '../src/testing';
import { Button, FormActions, TextField, Toaster, clearToasts } from '../src/ui';

interface Values {
  name: string;
  email: string;
}
interface Client extends Values {
  id: number;
  version: number;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const check = (values: Values) => ({
  name: isBlank(values.name) ? 'Name is required.' : undefined,
  email: isBlank(values.email)
    ? 'Email is required.'
    : !isValidEmail(values.email.trim())
      ? INVALID_EMAIL
      : undefined,
});

type Options = Partial<EntityFormOptions<Values, Client>> & Pick<EntityFormOptions<Values, Client>, 'save'>;

function ClientForm(props: Options) {
  const controller = useEntityForm<Values, Client>({
    values: { name: '', email: '' },
    check,
    failedText: 'The client could not be saved.',
    toValues: ({ name, email }) => ({ name, email }),
    ...props,
  });
  return (
    <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Client">
      <FormNotices controller={controller} />
      <TextField label="Name" {...controller.text('name')} />
      <TextField label="Email" {...controller.text('email')} />
      <FormActions submitLabel="Save Client" busy={controller.busy} busyLabel="Saving..." />
      <Button
        variant="secondary"
        onClick={() => controller.confirmLeave() && props.onSaved?.({} as Client, {} as Values)}
      >
        Leave
      </Button>
      <Link to="/elsewhere">Elsewhere</Link>
    </form>
  );
}

function renderForm(props: Options) {
  const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } });
  window.fetch = mock.fetch;
  return renderWithProviders(<ClientForm {...props} />, { route: '/clients/add' });
}

/** The form's own status line (the test kit's LocationProbe is an <output>, also a status). */
const formStatus = () => within(screen.getByRole('form', { name: 'Client' })).getByRole('status');

const client: Client = { id: 7, version: 3, name: 'Ann Smith', email: 'ann@example.com' };

describe('useEntityForm, the edit/create controller', () => {
  it('checks the contracts rules before sending: errors beside their fields, focus on the first, cleared on typing', async () => {
    const user = userEvent.setup();
    const save = jest.fn();
    renderForm({ save });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(INVALID_EMAIL);
    await waitFor(() => expect(name).toHaveFocus());
    expect(save).not.toHaveBeenCalled();
    await user.type(name, 'A');
    expect(name).not.toHaveAttribute('aria-invalid');
    // The other field's message stays until it is typed in, or the form is sent again.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(INVALID_EMAIL);
  });

  it('sends once with the actions disabled, then says "Saved." in a polite status line', async () => {
    const user = userEvent.setup();
    const answer = deferred<Client>();
    const save = jest.fn(() => answer.promise);
    const onSaved = jest.fn();
    renderForm({ save, onSaved });
    await user.type(screen.getByLabelText('Name'), 'Ann Smith');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    screen
      .getByRole('form', { name: 'Client' })
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(
      { name: 'Ann Smith', email: 'ann@example.com' },
      { version: undefined, record: null },
    );
    const status = formStatus();
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');
    await act(async () => answer.resolve({ ...client }));
    expect(formStatus()).toHaveTextContent('Saved.');
    expect(onSaved).toHaveBeenCalledWith(client, { name: 'Ann Smith', email: 'ann@example.com' });
    expect(screen.getByRole('button', { name: 'Save Client' })).toBeEnabled();
  });

  it('sends the loaded version, then the saved one; the spec’s own message replaces "Saved."', async () => {
    const user = userEvent.setup();
    const save = jest
      .fn()
      .mockResolvedValueOnce({ ...client, name: 'Ann Jones', version: 4 })
      .mockResolvedValueOnce({ ...client, name: 'Ann Brown', version: 5 });
    renderForm({
      save,
      record: client,
      values: { name: client.name, email: client.email },
      savedMessage: 'Client updated',
    });
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Ann Smith');
    await user.clear(name);
    await user.type(name, 'Ann Jones');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(formStatus()).toHaveTextContent('Client updated'));
    expect(save.mock.calls[0][1]).toMatchObject({ version: 3 });
    await user.clear(name);
    await user.type(name, 'Ann Brown');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][1]).toMatchObject({ version: 4 });
  });

  it('puts the service’s field errors beside their fields and the rest above the form', async () => {
    const user = userEvent.setup();
    const save = jest.fn().mockRejectedValue(
      new HttpError(400, {
        email: ['A client with this email already exists.'],
        phone: ['Enter a valid phone number.'],
      }),
    );
    renderForm({ save, values: { name: 'Ann', email: 'ann@example.com' } });
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('A client with this email already exists.'),
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Enter a valid phone number.');
    await waitFor(() => expect(email).toHaveFocus());
    // What was typed stays.
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
  });

  it('says what a later step refused and keeps the record it saved, so a second save updates it', async () => {
    const user = userEvent.setup();
    const save = jest
      .fn()
      .mockRejectedValueOnce(new FormFailure({ form: 'The KYC document was not uploaded.', record: client }))
      .mockResolvedValueOnce({ ...client, version: 4 });
    renderForm({ save, values: { name: 'Ann', email: 'ann@example.com' } });
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(await screen.findByText('The KYC document was not uploaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][1]).toEqual({ version: 3, record: client });
  });

  it('answers a 409 with who changed the record and Reload, which puts their values back and their version', async () => {
    const user = userEvent.setup();
    const fresh = { ...client, name: 'Ann Taylor', version: 9 };
    const save = jest
      .fn()
      .mockRejectedValueOnce(new HttpError(409, { changedBy: 'bob', changedAt: '2026-11-26T10:15:00Z' }))
      .mockResolvedValueOnce(fresh);
    const reload = jest.fn().mockResolvedValue(fresh);
    renderForm({ save, reload, record: client, values: { name: client.name, email: client.email } });
    await user.type(screen.getByLabelText('Name'), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    const alert = await screen.findByText(/^Changed by bob at/);
    expect(alert).toHaveTextContent('reload to see their changes');
    // Nothing typed is lost until Reload is chosen.
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Smith Jr');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Ann Taylor'));
    expect(screen.queryByText(/^Changed by bob/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][1]).toMatchObject({ version: 9 });
  });

  it('asks before a dirty form is left by a link, and stays when the answer is no', async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm');
    try {
      renderForm({ save: jest.fn() });
      // A clean form is left without a question.
      await user.type(screen.getByLabelText('Name'), 'A');
      confirm.mockReturnValueOnce(false);
      await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
      expect(confirm).toHaveBeenCalledWith(LEAVE_UNSAVED);
      expect(screen.getByTestId('location')).toHaveTextContent('/clients/add');
      confirm.mockReturnValueOnce(true);
      await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
    } finally {
      confirm.mockRestore();
    }
  });

  it('leaves a clean form (never typed in, or just saved) without asking', async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm');
    try {
      renderForm({
        save: jest.fn().mockResolvedValue(client),
        values: { name: 'Ann', email: 'ann@example.com' },
      });
      await user.type(screen.getByLabelText('Name'), 'e');
      await user.click(screen.getByRole('button', { name: 'Save Client' }));
      await waitFor(() => expect(formStatus()).toHaveTextContent('Saved.'));
      await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
      expect(confirm).not.toHaveBeenCalled();
      expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
    } finally {
      confirm.mockRestore();
    }
  });

  it('asks through confirmLeave (a Cancel button) only when something is unsaved', async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const left = jest.fn();
    try {
      renderForm({ save: jest.fn(), onSaved: left });
      await user.click(screen.getByRole('button', { name: 'Leave' }));
      expect(confirm).not.toHaveBeenCalled();
      expect(left).toHaveBeenCalledTimes(1);
      await user.type(screen.getByLabelText('Name'), 'A');
      await user.click(screen.getByRole('button', { name: 'Leave' }));
      expect(confirm).toHaveBeenCalledWith(LEAVE_UNSAVED);
      expect(left).toHaveBeenCalledTimes(1);
    } finally {
      confirm.mockRestore();
    }
  });

  it('announces by toast for a form that is left after saving', async () => {
    const user = userEvent.setup();
    const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } });
    window.fetch = mock.fetch;
    renderWithProviders(
      <>
        <Toaster />
        <ClientForm
          save={jest.fn().mockResolvedValue(client)}
          values={{ name: 'Ann', email: 'ann@example.com' }}
          savedMessage="Client added successfully"
          announce="toast"
        />
      </>,
      { route: '/clients/add' },
    );
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    const region = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(region).findByText('Client added successfully')).toBeInTheDocument();
    expect(formStatus()).toHaveTextContent('');
    act(() => clearToasts());
  });
});

describe('useEntityForm beside other actions on the same record', () => {
  function Probe({ save }: { save: EntityFormOptions<Values, Client>['save'] }) {
    const controller = useEntityForm<Values, Client>({
      values: { name: client.name, email: client.email },
      record: client,
      check,
      save,
      failedText: 'The client could not be saved.',
    });
    return (
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Client">
        <FormNotices controller={controller} />
        <TextField label="Name" {...controller.text('name')} />
        <TextField label="Email" {...controller.text('email')} />
        <p>Errors: {Object.keys(controller.messages).join(', ') || 'none'}</p>
        <Button onClick={() => controller.setRecord((current) => current && { ...current, version: 8 })}>
          Void
        </Button>
        <FormActions submitLabel="Save Client" busy={controller.busy} />
      </form>
    );
  }

  it('bases the next save on a record another action moved on, and lists every message by field', async () => {
    const user = userEvent.setup();
    const save = jest.fn().mockResolvedValue({ ...client, version: 9 });
    const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } });
    window.fetch = mock.fetch;
    renderWithProviders(<Probe save={save} />, { route: '/clients/7' });
    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(screen.getByText('Errors: name, email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    expect(screen.getByText('Errors: none')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Void' }));
    await user.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(formStatus()).toHaveTextContent('Saved.'));
    expect(save.mock.calls[0][1]).toMatchObject({ version: 8 });
    // "Saved." was said of the values as saved: the next change takes it back.
    await user.type(screen.getByLabelText('Name'), 'e');
    expect(formStatus()).toHaveTextContent('');
  });

  describe('a form holding a list of rows (a purchase’s items)', () => {
    interface Row {
      key: string;
      serial: string;
    }
    interface Lines {
      reference: string;
      lines: Row[];
    }
    const checkLines = (values: Lines) => {
      const problems: FormProblems<Lines> = {};
      if (values.lines.length === 0) problems.lines = 'Add at least one item.';
      for (const row of values.lines)
        if (isBlank(row.serial)) problems[rowFieldName('lines', row.key, 'serial')] = 'Serial is required.';
      if (isBlank(values.reference)) problems.reference = 'Reference is required.';
      return problems;
    };

    function LinesForm({ save, initial }: { save: jest.Mock; initial: Row[] }) {
      const controller = useEntityForm<Lines, { id: number }>({
        values: { reference: '', lines: initial },
        check: checkLines,
        save,
        failedText: 'The purchase could not be saved.',
        savedMessage: null,
        guard: false,
      });
      const lines = controller.form.watch('lines');
      const rows = rowMessages(controller.messages, 'lines');
      const change = (key: string, serial: string) => {
        controller.form.setValue(
          'lines',
          lines.map((row) => (row.key === key ? { ...row, serial } : row)),
          { shouldDirty: true },
        );
        controller.clear([rowFieldName('lines', key, 'serial')]);
      };
      return (
        <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Purchase">
          <FormNotices controller={controller} />
          <h2 tabIndex={-1} data-field="lines">
            Items
          </h2>
          {controller.errorOf('lines') ? <p>{controller.errorOf('lines')}</p> : null}
          {lines.map((row, index) => (
            <fieldset key={row.key}>
              <legend>{`Item ${index + 1}`}</legend>
              <TextField
                label="Serial"
                name={rowFieldName('lines', row.key, 'serial')}
                value={row.serial}
                error={rows[row.key]?.serial}
                onChange={(event) => change(row.key, event.target.value)}
              />
              <Button
                variant="ghost"
                onClick={() =>
                  controller.form.setValue(
                    'lines',
                    lines.filter((other) => other.key !== row.key),
                    { shouldDirty: true },
                  )
                }
              >
                {`Remove item ${index + 1}`}
              </Button>
            </fieldset>
          ))}
          <TextField label="Reference" {...controller.text('reference')} />
          <Button variant="secondary" onClick={() => void controller.validate()}>
            Check
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              controller.showFailure({ [rowFieldName('lines', 'b', 'serial')]: 'Serial taken.' }, 'Refused.')
            }
          >
            Answer
          </Button>
          <FormActions submitLabel="Confirm" busy={controller.busy} />
        </form>
      );
    }

    const item = (n: number) => screen.getByRole('group', { name: `Item ${n}` });

    it('puts a row’s message beside its field, by the row’s key, and the focus on the first in page order', async () => {
      const user = userEvent.setup();
      const save = jest.fn().mockResolvedValue({ id: 1 });
      const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } });
      window.fetch = mock.fetch;
      renderWithProviders(
        <LinesForm
          save={save}
          initial={[
            { key: 'a', serial: 'A1' },
            { key: 'b', serial: '' },
            { key: 'c', serial: '' },
          ]}
        />,
      );
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(save).not.toHaveBeenCalled();
      // Item 2 comes before Reference on the page: the focus goes there, not to the first name checked.
      expect(within(item(2)).getByLabelText('Serial')).toHaveFocus();
      expect(within(item(2)).getByText('Serial is required.')).toBeInTheDocument();
      expect(within(item(3)).getByText('Serial is required.')).toBeInTheDocument();
      expect(screen.getByText('Reference is required.')).toBeInTheDocument();
      // Removing the row before it keeps Item 3's message with its row (now Item 2).
      await user.click(within(item(2)).getByRole('button', { name: 'Remove item 2' }));
      expect(within(item(2)).getByText('Serial is required.')).toBeInTheDocument();
      // Typing in a row clears that row's message only.
      await user.type(within(item(2)).getByLabelText('Serial'), 'C3');
      expect(within(item(2)).queryByText('Serial is required.')).not.toBeInTheDocument();
      expect(screen.getByText('Reference is required.')).toBeInTheDocument();
      // Check runs the same rules without saving.
      await user.click(screen.getByRole('button', { name: 'Check' }));
      expect(screen.getByLabelText('Reference')).toHaveFocus();
      expect(save).not.toHaveBeenCalled();
      await user.type(screen.getByLabelText('Reference'), 'P-1');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
      expect(save.mock.calls[0][0]).toEqual({
        reference: 'P-1',
        lines: [
          { key: 'a', serial: 'A1' },
          { key: 'c', serial: 'C3' },
        ],
      });
    });

    it('focuses what stands for a list’s own message, and shows a refusal the page read itself', async () => {
      const user = userEvent.setup();
      const save = jest.fn();
      const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } });
      window.fetch = mock.fetch;
      renderWithProviders(<LinesForm save={save} initial={[]} />);
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(screen.getByText('Add at least one item.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Items' })).toHaveFocus();
      cleanup();
      renderWithProviders(
        <LinesForm
          save={save}
          initial={[
            { key: 'a', serial: 'A1' },
            { key: 'b', serial: 'B2' },
          ]}
        />,
      );
      await user.click(screen.getByRole('button', { name: 'Answer' }));
      expect(within(item(2)).getByText('Serial taken.')).toBeInTheDocument();
      expect(within(item(2)).getByLabelText('Serial')).toHaveFocus();
      expect(screen.getByText('Refused.')).toBeInTheDocument();
    });
  });
});
