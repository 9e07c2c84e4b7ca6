import zlib from 'node:zlib';

/**
 * ANSWERS SENT AGAIN BYTE FOR BYTE (issue 26, goal 2): a kept stock page (kernel/snapshot-cache.ts) goes out to
 * every member who asks for it while the database is unchanged, the same JSON each time. @fastify/compress
 * compressed it again for every request: brotli was about a tenth of the API's CPU on a kept page (perf,
 * docs/perf/stock-page-profile.md, round 9). A route hands such an answer over as a Buffer marked here
 * (`keptPayload`), and the zlib given to @fastify/compress (its documented `zlib` option) compresses a marked Buffer
 * once per method and options, then hands the same bytes back. Anything else is compressed as before. A marked
 * Buffer must never be written to afterwards: it is the key, and its compressed forms are kept while it lives.
 */
const compressed = new WeakMap<Buffer, Map<string, Buffer>>();

/** `json` as a Buffer whose compressed forms are kept with it. */
export function keptPayload(json: string): Buffer {
  const payload = Buffer.from(json);
  compressed.set(payload, new Map());
  return payload;
}

type SyncCompress = (payload: zlib.InputType, options?: object) => Buffer;

function onceFor(name: string, compress: SyncCompress): SyncCompress {
  return (payload, options) => {
    const kept = Buffer.isBuffer(payload) ? compressed.get(payload) : undefined;
    if (!kept) return compress(payload, options);
    // The options are @fastify/compress's, the same object on every call; keyed by name all the same.
    const key = `${name} ${JSON.stringify(options ?? null)}`;
    let bytes = kept.get(key);
    if (bytes === undefined) {
      bytes = compress(payload, options);
      kept.set(key, bytes);
    }
    return bytes;
  };
}

/** Node's zlib, but for the one-call compressors @fastify/compress uses on answers held in memory. */
export const keptPayloadZlib = {
  ...zlib,
  brotliCompressSync: onceFor('br', zlib.brotliCompressSync),
  gzipSync: onceFor('gzip', zlib.gzipSync),
  deflateSync: onceFor('deflate', zlib.deflateSync),
};
