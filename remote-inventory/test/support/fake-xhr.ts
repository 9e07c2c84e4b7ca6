/** What an upload sent through XMLHttpRequest (jsdom's would try the network). */
export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

export type UploadReply = { status: number; body?: unknown };

/**
 * Replaces XMLHttpRequest with a fake that reports progress and answers from `reply`. With `until`, the
 * upload is held (half sent) until that promise settles, so a test can look at the form mid-upload.
 */
export function installFakeXhr(
  reply: (sent: SentUpload) => UploadReply,
  options: { until?: Promise<void> } = {},
) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const call = { url: this.url, headers: this.headers, body };
      sent.push(call);
      const answer = reply(call);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        void (options.until ?? Promise.resolve()).then(() => {
          this.status = answer.status;
          this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
          this.onload?.();
        });
      }, 10);
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return { sent, restore: () => (globalThis.XMLHttpRequest = original) };
}
