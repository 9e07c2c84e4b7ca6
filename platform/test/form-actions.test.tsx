import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { HttpError } from '../src/http';
import { ThemeModeProvider } from '../src/theme';
import { FormActions, useFormSubmit } from '../src/ui/form-actions';
import { TextField } from '../src/ui/fields';
import { Alert } from '../src/ui/alert';

type Field = 'amount';

function PayForm({ send, onDone }: { send(): Promise<string>; onDone(value: string): void }) {
  const submitter = useFormSubmit<Field>('The payment could not be recorded.', {
    fields: { amount: 'amount' },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await submitter.run(send);
    if (outcome?.ok) onDone(outcome.value);
  };
  return (
    <ThemeModeProvider>
      <form onSubmit={submit} aria-label="Payment">
        {submitter.formError ? <Alert>{submitter.formError}</Alert> : null}
        <TextField label="Amount" error={submitter.errors.amount} />
        <FormActions
          submitLabel="Record Payment"
          busy={submitter.busy}
          busyLabel="Saving..."
          onCancel={() => onDone('cancelled')}
        />
      </form>
    </ThemeModeProvider>
  );
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

it('sends once while busy, disables the actions and says so, then hands over the answer', async () => {
  const user = userEvent.setup();
  const answer = deferred<string>();
  const send = jest.fn(() => answer.promise);
  const onDone = jest.fn();
  render(<PayForm send={send} onDone={onDone} />);
  await user.click(screen.getByRole('button', { name: 'Record Payment' }));
  const busy = screen.getByRole('button', { name: 'Saving...' });
  expect(busy).toBeDisabled();
  expect(busy).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  screen
    .getByRole('form', { name: 'Payment' })
    .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  expect(send).toHaveBeenCalledTimes(1);
  answer.resolve('ok');
  expect(await screen.findByRole('button', { name: 'Record Payment' })).toBeEnabled();
  expect(onDone).toHaveBeenCalledWith('ok');
});

it('puts a refusal beside the fields and above the form, and clears it on the next send', async () => {
  const user = userEvent.setup();
  const send = jest
    .fn<Promise<string>, []>()
    .mockRejectedValueOnce(
      new HttpError(400, { amount: ['Ensure this value is greater than 0.'], shop: ['Closed.'] }),
    )
    .mockResolvedValueOnce('ok');
  const onDone = jest.fn();
  render(<PayForm send={send} onDone={onDone} />);
  await user.click(screen.getByRole('button', { name: 'Record Payment' }));
  expect(await screen.findByLabelText('Amount')).toHaveAccessibleDescription(
    'Ensure this value is greater than 0.',
  );
  expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Closed.');
  expect(onDone).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Record Payment' }));
  expect(onDone).toHaveBeenCalledWith('ok');
  expect(screen.queryByText('Closed.')).not.toBeInTheDocument();
});

it('says the given words when nothing explains the failure', async () => {
  const user = userEvent.setup();
  render(<PayForm send={() => Promise.reject(new TypeError('Network request failed'))} onDone={jest.fn()} />);
  await user.click(screen.getByRole('button', { name: 'Record Payment' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment could not be recorded.');
});

it('can hide its submit and carry other actions', () => {
  render(
    <ThemeModeProvider>
      <FormActions submitLabel="Promote" busy={false} hideSubmit>
        <button type="button">End Promotion</button>
      </FormActions>
    </ThemeModeProvider>,
  );
  expect(screen.queryByRole('button', { name: 'Promote' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'End Promotion' })).toBeInTheDocument();
});
