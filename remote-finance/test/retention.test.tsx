import {
  RETENTION_MESSAGES,
  type AuthCheck,
  type RetentionClient,
  type RetentionList,
  type Role,
} from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RetentionPage } from '../src/features/retention/components/retention-page';

// /compliance/retention (issue 25 item 3): clients past their five years, reviewed by the owner and the nominated
// officer; the officer deletes a batch after typing the confirmation; a held client cannot be chosen.

const LIST = '/api/compliance/retention/';
const DELETE = '/api/compliance/retention/delete/';

const due = (clientId: number, name: string, over: Partial<RetentionClient> = {}): RetentionClient => ({
  clientId,
  name,
  lastTransactionOn: '2020-06-01',
  retainUntil: '2025-06-01',
  due: true,
  hold: null,
  erasedAt: null,
  ...over,
});

function serve(role: Role, officer: boolean): FetchMock {
  let results = [
    due(4, 'Cornelius Oldfield'),
    due(5, 'Hugo Held', {
      hold: { reason: 'HMRC enquiry', setBy: 'platinum', setAt: '2026-02-01T10:00:00.000Z' },
    }),
    due(6, 'Olive Old', { lastTransactionOn: '2019-11-30', retainUntil: '2024-11-30' }),
  ];
  const auth: AuthCheck = { ...authCheckAs(role), nominated_officer: officer };
  const mock = createFetchMock({
    'GET /auth-check/': { body: auth },
    [`GET ${LIST}`]: () =>
      role === 'platinum' || officer
        ? { body: { today: '2026-03-01', results } satisfies RetentionList }
        : { status: 403, body: { detail: RETENTION_MESSAGES.notAllowed } },
    [`POST ${DELETE}`]: (call) => {
      const { clientIds, confirmation } = call.body as { clientIds: number[]; confirmation: string };
      const phrase = `DELETE ${clientIds.length} CLIENT${clientIds.length === 1 ? '' : 'S'}`;
      if (confirmation !== phrase)
        return { status: 400, body: { confirmation: [RETENTION_MESSAGES.wrongConfirmation(phrase)] } };
      results = results.filter((c) => !clientIds.includes(c.clientId));
      return { body: { deleted: clientIds } };
    },
  });
  globalThis.fetch = mock.fetch;
  return mock;
}

const renderPage = () => renderWithProviders(<RetentionPage />, { route: '/compliance/retention' });

describe('the retention review', () => {
  it('lets the nominated officer delete the chosen clients after typing the confirmation', async () => {
    const mock = serve('gold', true);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Cornelius Oldfield' })).toHaveAttribute(
      'href',
      '/clients/edit/4',
    );
    const heldRow = screen.getByRole('row', { name: /Hugo Held/ });
    expect(within(heldRow).getByText(/^HMRC enquiry \(platinum, /)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Hugo Held' })).toBeDisabled();
    const deleteSelected = screen.getByRole('button', { name: 'Delete selected' });
    expect(deleteSelected).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Cornelius Oldfield' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Olive Old' }));
    await userEvent.click(deleteSelected);
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete 2 clients?' }));
    const field = dialog.getByLabelText('Type DELETE 2 CLIENTS to confirm');
    await userEvent.click(field);
    await userEvent.paste('delete');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete clients' }));
    expect(await dialog.findByText('Type DELETE 2 CLIENTS to confirm.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Type DELETE 2 CLIENTS to confirm.'));
    expect(field).toHaveFocus();
    expect(mock.callsTo('POST', DELETE)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.paste('DELETE 2 CLIENTS');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete clients' }));
    expect(await screen.findByText('2 clients deleted: personal data erased.')).toBeInTheDocument();
    expect(mock.callsTo('POST', DELETE).map((c) => c.body)).toEqual([
      { clientIds: [4, 6], confirmation: 'DELETE 2 CLIENTS' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Cornelius Oldfield' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Hugo Held' })).toBeInTheDocument();
  });

  it('shows the owner the review without deleting', async () => {
    serve('platinum', false);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Olive Old' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText(RETENTION_MESSAGES.deleteNotAllowed)).toBeInTheDocument();
  });

  it('tells anyone else why not, without asking for the list', async () => {
    const mock = serve('gold', false);
    renderPage();
    expect(await screen.findByText(RETENTION_MESSAGES.notAllowed)).toBeInTheDocument();
    expect(mock.callsTo('GET', LIST)).toHaveLength(0);
  });
});
