import {
  API_BASE,
  CSRF_COOKIE,
  CSRF_HEADER,
  pathOf,
  profileEndpoints,
  type Endpoint,
  type ResponseOf,
} from '@loupe/contracts';
import type { ApiParams } from './api';
import { getCookie } from './cookies';
import { http as defaultClient, HttpError, type HttpClient } from './http-client';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers; 100 once the bytes are sent (the server may still be working). */
  percent: number;
}

export interface UploadOptions {
  /** The multipart field that carries the file (default `file`). */
  fieldName?: string;
  /** Other multipart fields sent before the file. */
  fields?: Record<string, string>;
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
  /** The client whose CSRF token and 401 handling apply (the shared singleton by default). */
  client?: HttpClient;
  baseUrl?: string;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(url: string, form: FormData, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getCookie(CSRF_COOKIE);
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !options.onProgress) return;
      const percent = event.total > 0 ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : 0;
      options.onProgress({ loaded: event.loaded, total: event.total, percent });
    };
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', abort);
      resolve({ status: xhr.status, body: parse(xhr.responseText) });
    };
    xhr.onerror = () => {
      options.signal?.removeEventListener('abort', abort);
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      options.signal?.removeEventListener('abort', abort);
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
}

/**
 * Uploads one file as multipart/form-data with progress, which fetch cannot report. It follows the HTTP
 * client's rules (SPEC §7, §8): cookies, the CSRF token in X-CSRFToken (fetched first when absent), one retry
 * after a 403 with a fresh token, and a 401 ends the session the way every other call does.
 */
export async function upload<T = unknown>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const client = options.client ?? defaultClient;
  const url = (options.baseUrl ?? API_BASE) + path;
  const form = () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) data.append(name, value);
    const name = file instanceof File ? file.name : 'upload';
    data.append(options.fieldName ?? 'file', file, name);
    return data;
  };

  await client.ensureCsrf();
  let answer = await send(url, form(), options);
  if (answer.status === 403) {
    try {
      await client.refreshCsrf();
    } catch (error) {
      console.error('CSRF token refresh failed', error);
    }
    answer = await send(url, form(), options);
  }
  if (answer.status === 401) {
    // The session is gone: a call through the client lets its 401 handler sign the user out as usual.
    await client.get(profileEndpoints.me.path).catch(() => undefined);
  }
  if (answer.status < 200 || answer.status >= 300) throw new HttpError(answer.status, answer.body);
  return answer.body as T;
}

/** An endpoint of the map that takes one file as multipart/form-data. */
export type UploadEndpoint = Endpoint & { readonly method: 'POST'; readonly upload: 'file' };

/** One upload to an endpoint: its path parameters, the file, and the progress and abort options. */
export type ApiUploadCall<E extends UploadEndpoint> = ApiParams<E> & {
  file: Blob;
} & Omit<UploadOptions, 'fieldName'>;

/**
 * `upload` for an endpoint of the map: the path from its pattern, the file in the part the endpoint names,
 * and the answer typed as the endpoint declares it —
 * `apiUpload(endpoints.items.addImage, { params: { id }, file, onProgress })` → `Promise<ItemImage>`.
 */
export function apiUpload<E extends UploadEndpoint>(
  endpoint: E,
  call: ApiUploadCall<E>,
): Promise<ResponseOf<E>> {
  const { params, file, ...options } = call as ApiUploadCall<UploadEndpoint> & {
    params?: Record<string, string | number>;
  };
  return upload<ResponseOf<E>>(pathOf<{ path: string }>(endpoint, params ?? {}), file, {
    ...options,
    fieldName: endpoint.upload,
  });
}
