import { endpoints } from '@loupe/contracts';
import { apiUpload, createHttpClient, HttpError, upload, type UploadProgress } from '../src/http';
import { createFetchMock } from '../src/testing';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  withCredentials: boolean;
}

type Reply = { status: number; body?: unknown; progress?: [number, number][] } | 'network-error' | 'hang';

/** A stand-in for XMLHttpRequest: records what is sent and answers from a queue. */
function installFakeXhr(replies: Reply[]) {
  const sent: Sent[] = [];
  const instances: FakeXhr[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    constructor() {
      instances.push(this);
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        withCredentials: this.withCredentials,
      });
      const reply = replies.shift() ?? { status: 500 };
      setTimeout(() => {
        if (reply === 'hang') return;
        if (reply === 'network-error') {
          this.onerror?.();
          return;
        }
        for (const [loaded, total] of reply.progress ?? []) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        }
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return { sent, instances, restore: () => (globalThis.XMLHttpRequest = original) };
}

function setup(replies: Reply[], handlers = {}) {
  const mock = createFetchMock({ 'GET /csrf/': { cookies: { csrftoken: 'tok-1' } }, ...handlers });
  const client = createHttpClient({ fetch: mock.fetch });
  const xhr = installFakeXhr(replies);
  return { mock, client, xhr };
}

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('upload (multipart with progress)', () => {
  it('posts the file under /api in the named field, with cookies and the CSRF token, and reports progress', async () => {
    const { client, xhr, mock } = setup([
      {
        status: 201,
        body: { id: 9, name: 'a.png' },
        progress: [
          [50, 200],
          [200, 200],
        ],
      },
    ]);
    restore = xhr.restore;
    const file = new File(['png-bytes'], 'a.png', { type: 'image/png' });
    const progress: UploadProgress[] = [];
    const answer = await upload<{ id: number }>('/api/items/4/images/', file, {
      client,
      fieldName: 'file',
      fields: { caption: 'front' },
      onProgress: (p) => progress.push(p),
    });
    expect(answer).toEqual({ id: 9, name: 'a.png' });
    expect(mock.callsTo('GET', '/csrf/')).toHaveLength(1);
    const [call] = xhr.sent;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/api/api/items/4/images/');
    expect(call?.withCredentials).toBe(true);
    expect(call?.headers['x-csrftoken']).toBe('tok-1');
    expect(call?.headers['content-type']).toBeUndefined();
    expect(call?.body.get('caption')).toBe('front');
    const sentFile = call?.body.get('file');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('a.png');
    expect(progress.map((p) => p.percent)).toEqual([25, 100]);
  });

  it('uses another field name when told', async () => {
    const { client, xhr } = setup([{ status: 201, body: {} }]);
    restore = xhr.restore;
    await upload('/x/', new Blob(['b']), { client, fieldName: 'kycFile' });
    expect(xhr.sent[0]?.body.get('kycFile')).toBeInstanceOf(Blob);
    expect(xhr.sent[0]?.body.get('file')).toBeNull();
  });

  it('apiUpload posts to an upload endpoint of the map, its parameters filled in, in the part it names', async () => {
    const { client, xhr } = setup([{ status: 201, body: { id: 3, name: 'id.pdf' } }]);
    restore = xhr.restore;
    const answer = await apiUpload(endpoints.clients.addKycDocument, {
      params: { id: 12 },
      file: new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }),
      client,
    });
    // Typed by the map: the answer is a ClientDocument.
    const name: string = answer.name;
    expect(name).toBe('id.pdf');
    expect(xhr.sent[0]?.url).toBe('/api/api/clients/12/kyc/');
    expect(xhr.sent[0]?.method).toBe('POST');
    expect(xhr.sent[0]?.body.get(endpoints.clients.addKycDocument.upload)).toBeInstanceOf(File);
  });

  it('retries once after a 403 with a fresh token, and only once', async () => {
    let n = 0;
    const { client, xhr } = setup([{ status: 403 }, { status: 201, body: { ok: true } }], {
      'GET /csrf/': () => ({ cookies: { csrftoken: `tok-${++n}` } }),
    });
    restore = xhr.restore;
    await expect(upload('/x/', new Blob(['b']), { client })).resolves.toEqual({ ok: true });
    expect(xhr.sent.map((s) => s.headers['x-csrftoken'])).toEqual(['tok-1', 'tok-2']);

    xhr.sent.length = 0;
    xhr.restore();
    const again = installFakeXhr([
      { status: 403, body: { detail: 'CSRF Failed' } },
      { status: 403, body: { detail: 'CSRF Failed' } },
    ]);
    restore = again.restore;
    const error = await upload('/x/', new Blob(['b']), { client }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    expect(again.sent).toHaveLength(2);
  });

  it('rejects with the server’s DRF body (413, 400)', async () => {
    const { client, xhr } = setup([
      { status: 413, body: { detail: 'File too large.' } },
      { status: 400, body: { file: ['Upload a valid image.'] } },
    ]);
    restore = xhr.restore;
    const tooBig = await upload('/x/', new Blob(['b']), { client }).catch((e: unknown) => e);
    expect(tooBig).toBeInstanceOf(HttpError);
    expect((tooBig as HttpError).status).toBe(413);
    expect((tooBig as HttpError).data).toEqual({ detail: 'File too large.' });
    const invalid = await upload('/x/', new Blob(['b']), { client }).catch((e: unknown) => e);
    expect((invalid as HttpError).data).toEqual({ file: ['Upload a valid image.'] });
  });

  it('lets the client’s 401 handling run when the session is gone', async () => {
    const { client, xhr, mock } = setup([{ status: 401, body: { detail: 'Not signed in.' } }], {
      'GET /api/profile/me/': { status: 401, body: { detail: 'Not signed in.' } },
    });
    restore = xhr.restore;
    const onUnauthorized = jest.fn();
    client.setUnauthorizedHandler(onUnauthorized);
    const error = await upload('/x/', new Blob(['b']), { client }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(401);
    expect(mock.callsTo('GET', '/api/profile/me/')).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects on a network error, and aborts when the signal fires', async () => {
    const { client, xhr } = setup(['network-error', 'hang']);
    restore = xhr.restore;
    await expect(upload('/x/', new Blob(['b']), { client })).rejects.toThrow('Network request failed');
    const controller = new AbortController();
    const pending = upload('/x/', new Blob(['b']), { client, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
