/** What an upload sent through XMLHttpRequest (jsdom's would try the network). */
export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

export type UploadReply = { status: number; body?: unknown };

export interface FakeXhrOptions {
  /** Hold every upload (progress shown at 40%) until `release()` is called. */
  manual?: boolean;
  /** Hold every upload (progress shown at 40%) until this promise settles. */
  until?: Promise<void>;
}

/**
 * For a remote's tests: replaces XMLHttpRequest (what the platform's uploads use, for their progress) with a
 * fake that reports progress at 40% and then answers from `reply`, at once, once `release` is called
 * (`manual`), or once `until` settles, so a test can look at the form while the upload runs.
 */
export function installFakeXhr(reply: (sent: SentUpload) => UploadReply, options: FakeXhrOptions = {}) {
  const sent: SentUpload[] = [];
  const pending: (() => void)[] = [];
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
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 10 } as ProgressEvent);
        const finish = () => {
          const answer = reply(call);
          this.status = answer.status;
          this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
          this.onload?.();
        };
        if (options.manual) pending.push(finish);
        else if (options.until) void options.until.then(finish);
        else setTimeout(finish, 5);
      }, 5);
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    sent,
    release: () => pending.splice(0).forEach((finish) => finish()),
    restore: () => (globalThis.XMLHttpRequest = original),
  };
}
