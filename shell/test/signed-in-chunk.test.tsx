import { screen } from '@testing-library/react';
import { SIGNED_IN_UNAVAILABLE } from '../src/layout/app-layout';
import { renderApp } from './render-app';

// The chunk as the page fetches it, failing as many times as a test says first (webpack's ChunkLoadError: a
// dropped connection, a deploy caught half-way). A module factory that throws leaves nothing in jest's
// registry, so the next import tries again, as the browser's next request for the chunk would.
const chunk = { failuresLeft: 0, imports: 0 };
jest.mock('../src/layout/signed-in-layout', () => {
  chunk.imports++;
  if (chunk.failuresLeft-- > 0) {
    throw Object.assign(new Error('Loading chunk signed-in failed.'), { name: 'ChunkLoadError' });
  }
  return jest.requireActual('../src/layout/signed-in-layout');
});

describe('the signed-in screens, a chunk of their own', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('is fetched again after a failure, then says so; Retry fetches it anew and draws the frame', async () => {
    // Testing Library's waits move jest's fake clock on, through the loader's pauses between tries.
    jest.useFakeTimers();
    chunk.failuresLeft = 4;
    renderApp();
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      SIGNED_IN_UNAVAILABLE,
    );
    // The first try and the loader's three more, each after its pause.
    expect(chunk.imports).toBe(4);
    expect(screen.queryByTestId('top-bar')).not.toBeInTheDocument();

    jest.useRealTimers();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(chunk.imports).toBe(5);
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText(SIGNED_IN_UNAVAILABLE)).not.toBeInTheDocument();
  });
});
