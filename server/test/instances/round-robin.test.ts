// Several API instances on one PostgreSQL, behind a load balancer (issue 12, item 7): everything a request
// needs — sessions, sign-in throttling, ids, stored files — must come from the database, never from one
// process's memory or disk. Two real API processes (`node dist/server.js`, what `npm run start:api` runs) are
// started on the test schema, each with an uploads folder of its own (as on two machines), behind a small
// round-robin proxy.
//
// This file needs PostgreSQL: two processes cannot share one embedded database (PGlite is one process by
// design, and its data folder is locked). jest.config.js leaves it out of the PGlite run only; the PostgreSQL run
// (TEST_DATABASE_URL, which .ci/run always sets) runs it, and fails loudly if it is asked to run without one.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, seedFixtures, usingPostgres, type TestDatabase } from '../helper';
import {
  ensureServerBuilt,
  HttpStaff as Client,
  startApiProcess,
  stopApiProcess,
  type ApiProcess,
} from '../support/api-process';

if (!usingPostgres) {
  throw new Error('round-robin.test.ts runs on PostgreSQL only: set TEST_DATABASE_URL (see .ci/run).');
}

interface Instance extends ApiProcess {
  name: string;
  /** Its own uploads folder, as on a machine of its own: a file kept there would be missing on the other. */
  uploadsDir: string;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), `loupe-${name}-uploads-`));
  return { name, uploadsDir, ...(await startApiProcess({ ...env, UPLOADS_DIR: uploadsDir })) };
}

async function stopInstance(instance: Instance): Promise<void> {
  await stopApiProcess(instance);
  rmSync(instance.uploadsDir, { recursive: true, force: true });
}

/** The load balancer: each request goes to the next instance in turn; `served` counts who answered what. */
function roundRobinProxy(backends: Instance[]) {
  let next = 0;
  const served = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const backend = backends[next % backends.length] as Instance;
    next += 1;
    served.set(backend.name, (served.get(backend.name) ?? 0) + 1);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  return {
    served,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A one-page PDF: a KYC paper as the upload endpoint accepts it (recognised by content).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

function multipart(name: string, type: string, bytes: Buffer) {
  const boundary = '----loupe-round-robin-7c1e';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let tdb: TestDatabase;
let a: Instance;
let b: Instance;
const urlOf = (instance: Instance) => instance.base;

beforeAll(async () => {
  // dist/ up to date with the sources: the processes run what `npm run start:api` runs.
  ensureServerBuilt();
  tdb = await createTestDatabase();
  const db = await tdb.open();
  await seedFixtures(db);
  await db.close();
  [a, b] = await Promise.all([startInstance('a', tdb.env), startInstance('b', tdb.env)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(stopInstance));
  await tdb?.dispose();
});

describe('two API instances on one PostgreSQL', () => {
  it('a session made through one instance works through the other, and a record made there shows here', async () => {
    const staff = new Client();
    expect((await staff.signIn(urlOf(a), 'gold')).status).toBe(200);
    const check = await staff.send(urlOf(b), 'GET', '/auth-check/');
    expect(check.json<{ user: { username: string } | null }>().user?.username).toBe('gold');

    const created = await staff.send(urlOf(b), 'POST', '/api/clients/', {
      name: 'Round Robin',
      email: 'round.robin@example.com',
    });
    expect(created.status).toBe(201);
    const { id } = created.json<{ id: number }>();
    const read = await staff.send(urlOf(a), 'GET', `/api/clients/${id}/`);
    expect(read.status).toBe(200);
    expect(read.json<{ name: string }>().name).toBe('Round Robin');

    // Signing out through A ends the session for B too.
    expect((await staff.send(urlOf(a), 'POST', '/logout/')).status).toBe(200);
    expect((await staff.send(urlOf(b), 'GET', `/api/clients/${id}/`)).status).toBe(401);
  });

  it('through a round-robin proxy, every request succeeds whichever instance answers it', async () => {
    const proxy = roundRobinProxy([a, b]);
    const base = await proxy.listen();
    try {
      const staff = new Client();
      expect((await staff.signIn(base, 'silver')).status).toBe(200);
      const statuses: number[] = [];
      const ids: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const made = await staff.send(base, 'POST', '/api/clients/', {
          name: `Alternating ${i}`,
          email: `alternating.${i}@example.com`,
        });
        statuses.push(made.status);
        if (made.status === 201) ids.push(made.json<{ id: number }>().id);
        statuses.push((await staff.send(base, 'GET', '/auth-check/')).status);
      }
      expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
      expect(new Set(ids).size).toBe(10);
      expect(proxy.served.get('a')).toBeGreaterThanOrEqual(10);
      expect(proxy.served.get('b')).toBeGreaterThanOrEqual(10);
    } finally {
      await proxy.close();
    }
  });

  it('records made at the same moment on both instances get distinct ids from the shared sequences', async () => {
    const staff = new Client();
    await staff.signIn(urlOf(a), 'gold');
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        staff.send(urlOf(i % 2 === 0 ? a : b), 'POST', '/api/clients/', {
          name: `Parallel ${i}`,
          email: `parallel.${i}@example.com`,
        }),
      ),
    );
    expect(made.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(made.map((answer) => answer.json<{ id: number }>().id)).size).toBe(20);
  });

  it('a KYC paper uploaded through one instance downloads, byte for byte, through the other', async () => {
    const staff = new Client();
    await staff.signIn(urlOf(a), 'gold');
    const created = await staff.send(urlOf(a), 'POST', '/api/clients/', {
      name: 'Paper Trail',
      email: 'paper.trail@example.com',
    });
    const { id } = created.json<{ id: number }>();
    const { body, headers } = multipart('passport.pdf', 'application/pdf', PDF);
    const uploaded = await staff.send(urlOf(a), 'POST', `/api/clients/${id}/kyc/`, body, headers);
    expect(uploaded.status).toBe(201);
    const doc = uploaded.json<{ id: number }>();

    const downloaded = await staff.send(urlOf(b), 'GET', `/api/clients/${id}/kyc/${doc.id}/`);
    expect(downloaded.status).toBe(200);
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(downloaded.body)).toBe(sha(PDF));
  });

  it('sign-in throttling counts the failures made on both instances together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const attacker = new Client();
      const answer = await attacker.signIn(urlOf(i % 2 === 0 ? a : b), 'platinum', 'not-the-password-at-all');
      statuses.push(answer.status);
    }
    // Ten failures per username and address in 15 minutes, wherever they were made; then 429 on both.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
