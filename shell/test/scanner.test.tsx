import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from './render-app';

// The fallback reader: records the stream it was given and lets the test "show" it a code.
const zxing = {
  streams: [] as MediaStream[],
  decode: null as null | ((result: { getText(): string } | undefined) => void),
  stopped: 0,
};
jest.mock('@zxing/browser', () => ({
  BrowserMultiFormatReader: class {
    decodeFromStream(stream: MediaStream, _video: unknown, callback: (r?: { getText(): string }) => void) {
      zxing.streams.push(stream);
      zxing.decode = callback;
      return Promise.resolve({ stop: () => (zxing.stopped += 1) });
    }
  },
}));

const location = () => screen.getByTestId('location').textContent;

/** A camera stream whose one track records stop(). */
function fakeStream() {
  const track = { stop: jest.fn(), kind: 'video' };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

const ROW = { id: 7, serial: 'RLX-1' };
const bySerial = (known: Record<string, object>) => ({
  'GET /api/items/by-serial/': (call: { url: string }) => {
    const serial = new URL(call.url, 'http://x').searchParams.get('serial') ?? '';
    const item = known[serial];
    return item
      ? { body: item }
      : { status: 404, body: { detail: `No item with serial “${serial}” in this shop.` } };
  },
});

/** The search's answer for a job number (issue 23): the job when `known` has it, exactly as the server. */
const JOB = {
  id: 42,
  reference: 'JOB-000042',
  clientName: 'Ada Owner',
  brand: 'Omega',
  model: 'Speedmaster',
};
const byJobNumber = (known: Record<string, object>) => ({
  'GET /api/search/': (call: { url: string }) => {
    const q = (new URL(call.url, 'http://x').searchParams.get('q') ?? '').trim().toUpperCase();
    const job = known[q];
    return {
      body: {
        items: [],
        clients: [],
        invoices: [],
        jobs: job ? [{ ...job, stage: 'in_workshop', match: 'exact' }] : [],
      },
    };
  },
});

let getUserMedia: jest.Mock;
beforeEach(() => {
  zxing.streams = [];
  zxing.decode = null;
  zxing.stopped = 0;
  getUserMedia = jest.fn();
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
});

describe('the top bar scanner', () => {
  it('asks for the camera only on the button, reads with the zxing fallback, opens the item and stops the camera', async () => {
    const { track, stream } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const { user } = renderApp({ handlers: bySerial({ 'RLX-1': ROW }) });
    const button = await screen.findByRole('button', { name: 'Scan QR code' });
    expect(getUserMedia).not.toHaveBeenCalled();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Scan QR code' });
    await waitFor(() => expect(zxing.decode).not.toBeNull());
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(zxing.streams).toEqual([stream]);
    expect(await within(dialog).findByText('Point the camera at a label’s QR code.')).toBeInTheDocument();

    zxing.decode?.({ getText: () => ' RLX-1 ' });
    await waitFor(() => expect(location()).toBe('/inventory/item/7'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
    expect(zxing.stopped).toBe(1);
  });

  it("uses the browser's BarcodeDetector where there is one, not zxing", async () => {
    const { stream } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const formats: string[][] = [];
    (window as { BarcodeDetector?: unknown }).BarcodeDetector = class {
      constructor(options: { formats: string[] }) {
        formats.push(options.formats);
      }
      detect() {
        return Promise.resolve([{ rawValue: 'RLX-1' }]);
      }
    };
    const { user } = renderApp({ handlers: bySerial({ 'RLX-1': ROW }) });
    await user.click(await screen.findByRole('button', { name: 'Scan QR code' }));
    await waitFor(() => expect(location()).toBe('/inventory/item/7'));
    expect(formats[0]).toContain('qr_code');
    expect(zxing.streams).toHaveLength(0);
  });

  it('says so for an unknown serial, keeps scanning, and stops the camera when closed', async () => {
    const { track, stream } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const { user } = renderApp({ handlers: bySerial({}) });
    await user.click(await screen.findByRole('button', { name: 'Scan QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan QR code' });
    await waitFor(() => expect(zxing.decode).not.toBeNull());

    zxing.decode?.({ getText: () => 'NOPE-9' });
    expect(await within(dialog).findByText('No item with serial “NOPE-9” in this shop.')).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    expect(track.stop).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(track.stop).toHaveBeenCalled();
  });

  it('explains a refused camera and that typing still works', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Scan QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan QR code' });
    expect(
      await within(dialog).findByText(
        /access was refused or there is no camera\. You can still type the serial/,
      ),
    ).toBeInTheDocument();
  });

  it("opens a workshop job from its receipt's or bag label's QR code (the job number), and says so for another", async () => {
    const { track, stream } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const { user } = renderApp({ handlers: { ...bySerial({}), ...byJobNumber({ 'JOB-000042': JOB }) } });
    await user.click(await screen.findByRole('button', { name: 'Scan QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan QR code' });
    await waitFor(() => expect(zxing.decode).not.toBeNull());

    zxing.decode?.({ getText: () => 'JOB-000043' });
    expect(await within(dialog).findByText('No job “JOB-000043” in this shop.')).toBeInTheDocument();
    expect(location()).toBe('/dashboard');

    zxing.decode?.({ getText: () => 'JOB-000042' });
    await waitFor(() => expect(location()).toBe('/workshop/jobs/42'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
  });

  it('opens the job on Enter when the text is its job number (a keyboard-wedge scanner reading a bag label)', async () => {
    const { user } = renderApp({ handlers: { ...bySerial({}), ...byJobNumber({ 'JOB-000042': JOB }) } });
    await user.type(await screen.findByPlaceholderText('Serial Number / QR Code...'), 'job-000042{Enter}');
    await waitFor(() => expect(location()).toBe('/workshop/jobs/42'));
  });

  it('opens the item on Enter when the text is exactly its serial (a keyboard-wedge scanner)', async () => {
    const { user } = renderApp({ handlers: bySerial({ 'RLX-1': ROW }) });
    await user.type(await screen.findByPlaceholderText('Serial Number / QR Code...'), 'RLX-1{Enter}');
    await waitFor(() => expect(location()).toBe('/inventory/item/7'));
  });
});
