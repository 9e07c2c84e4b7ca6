import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { NewJobPage } from '../src/features/jobs/components/new-job-page';
import { installFakeXhr } from '@loupe/platform/testing';
import { makeJobDetail } from './support/jobs';

const CLIENT = { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', status: 'active' };
let mock: FetchMock;

beforeEach(() => {
  mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/clients/': { body: { results: [CLIENT], count: 1 } },
    'POST /api/workshop/jobs/': { status: 201, body: makeJobDetail({ id: 5 }) },
  });
  globalThis.fetch = mock.fetch;
});

const show = () => renderWithProviders(<NewJobPage />, { route: '/workshop/new' });

/** The message a control is described by (its field error). */
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert')?.textContent;

async function pickClient(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Client' }), 'ada');
  await user.click(await screen.findByRole('option', { name: /Ada Lovelace/ }));
}

it('asks for the client and the reported fault before anything is sent, the focus on the first', async () => {
  const user = userEvent.setup();
  show();
  await user.click(await screen.findByRole('button', { name: 'Take in' }));
  await waitFor(() =>
    expect(errorOf(screen.getByRole('combobox', { name: 'Client' }))).toBe(
      'Choose the client whose piece it is.',
    ),
  );
  expect(errorOf(screen.getByRole('textbox', { name: 'Reported fault' }))).toBe(
    'Say what the client reports.',
  );
  expect(screen.getByRole('combobox', { name: 'Client' })).toHaveFocus();
  expect(mock.callsTo('POST', '/api/workshop/jobs/')).toHaveLength(0);
});

it('takes in a client’s piece with its details and a photo, then opens the job', async () => {
  const user = userEvent.setup();
  const xhr = installFakeXhr(() => ({ status: 201, body: makeJobDetail({ id: 5 }) }));
  try {
    show();
    await screen.findByRole('button', { name: 'Take in' });
    await pickClient(user);
    await user.type(screen.getByRole('textbox', { name: 'Brand' }), 'Rolex');
    await user.type(screen.getByRole('textbox', { name: 'Model' }), 'Submariner');
    await user.type(screen.getByRole('textbox', { name: /^Reference/ }), '126610LN');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Very good');
    await user.type(screen.getByRole('textbox', { name: /Declared value/ }), '9,500');
    await user.type(screen.getByRole('textbox', { name: /Reported fault/ }), 'Loses five minutes a day');
    await user.type(screen.getByRole('textbox', { name: /Accessories handed over/ }), 'Box and papers');
    await user.click(screen.getByRole('checkbox', { name: 'Rush' }));
    await user.click(screen.getByRole('checkbox', { name: 'Estimate required before any work' }));
    await user.upload(
      screen.getByLabelText('Condition photos'),
      new File(['jpeg'], 'dial.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByRole('list', { name: 'Photos chosen' })).toHaveTextContent('dial.jpg');

    await user.click(screen.getByRole('button', { name: 'Take in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workshop/jobs/5'));
    expect(mock.callsTo('POST', '/api/workshop/jobs/')[0]?.body).toEqual({
      clientId: 7,
      brand: 'Rolex',
      model: 'Submariner',
      makerReference: '126610LN',
      conditionGrade: 'very_good',
      declaredValue: '9,500',
      reportedFault: 'Loses five minutes a day',
      accessories: 'Box and papers',
      promisedDate: null,
      rush: true,
      estimateRequired: false,
      depositRequested: null,
    });
    expect(xhr.sent.map((call) => call.url)).toEqual(['/api/api/workshop/jobs/5/photos/']);
  } finally {
    xhr.restore();
  }
  // A long form typed key by key: more than jest's default 5 s on a busy machine.
}, 20_000);

it('refuses a photo that is not an image before sending anything', async () => {
  const user = userEvent.setup({ applyAccept: false });
  show();
  await screen.findByRole('button', { name: 'Take in' });
  await pickClient(user);
  await user.type(screen.getByRole('textbox', { name: /Reported fault/ }), 'Crown loose');
  await user.upload(
    screen.getByLabelText('Condition photos'),
    new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }),
  );
  await user.click(screen.getByRole('button', { name: 'Take in' }));
  expect(
    await screen.findByText('receipt.pdf: A photo must be a JPEG, PNG or WebP image.'),
  ).toBeInTheDocument();
  expect(mock.callsTo('POST', '/api/workshop/jobs/')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));
  expect(screen.queryByRole('list', { name: 'Photos chosen' })).not.toBeInTheDocument();
});

it('shows the service’s refusal beside the field it names, everything typed kept', async () => {
  const user = userEvent.setup();
  mock.on('POST /api/workshop/jobs/', { status: 400, body: { clientId: ['No client with this id.'] } });
  show();
  await screen.findByRole('button', { name: 'Take in' });
  await pickClient(user);
  await user.type(screen.getByRole('textbox', { name: /Reported fault/ }), 'Crown loose');
  await user.click(screen.getByRole('button', { name: 'Take in' }));
  await waitFor(() =>
    expect(errorOf(screen.getByRole('combobox', { name: 'Client' }))).toBe('No client with this id.'),
  );
  expect(screen.getByRole('textbox', { name: /Reported fault/ })).toHaveValue('Crown loose');
});

it('takes in a stock item for a pre-sale service, found by its serial', async () => {
  const user = userEvent.setup();
  mock.on('GET /api/items/by-serial/', (call) =>
    call.url.includes('serial=Z999')
      ? { body: { id: 31, stockNumber: 1042, serial: 'Z999', brand: 'Omega', model: 'Speedmaster' } }
      : { status: 404, body: { detail: 'Not found.' } },
  );
  show();
  await screen.findByRole('button', { name: 'Take in' });
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'The piece is' }),
    'A stock item (pre-sale service)',
  );
  await user.type(screen.getByRole('textbox', { name: /Stock item’s serial/ }), 'NOPE');
  await user.click(screen.getByRole('button', { name: 'Find' }));
  expect(await screen.findByText('No stock item has the serial NOPE.')).toBeInTheDocument();

  await user.clear(screen.getByRole('textbox', { name: /Stock item’s serial/ }));
  await user.type(screen.getByRole('textbox', { name: /Stock item’s serial/ }), 'Z999{Enter}');
  expect(await screen.findByText('Found: stock #1042 Omega Speedmaster')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Brand' })).toHaveValue('Omega');
  await user.type(screen.getByRole('textbox', { name: /Reported fault/ }), 'Service before sale');
  await user.click(screen.getByRole('button', { name: 'Take in' }));
  await waitFor(() => expect(mock.callsTo('POST', '/api/workshop/jobs/')).toHaveLength(1));
  expect(mock.callsTo('POST', '/api/workshop/jobs/')[0]?.body).toMatchObject({
    itemId: 31,
    brand: 'Omega',
    model: 'Speedmaster',
    serial: 'Z999',
  });
  expect(mock.callsTo('POST', '/api/workshop/jobs/')[0]?.body).not.toHaveProperty('clientId');
});
