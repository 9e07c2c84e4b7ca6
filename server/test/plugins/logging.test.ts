import { Writable } from 'node:stream';
import { CSRF_COOKIE, SESSION_COOKIE } from '@loupe/contracts';
import { buildApp, loggerOptions } from '../../src/app';
import { Browser, PASSWORD, apiTestbed } from '../helper';

let lines: string[];

const { state } = apiTestbed({
  app: (db, config) => {
    lines = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    // The options the standalone server and the launcher use, at the most talkative level.
    return buildApp({ db, config, logger: { ...loggerOptions('trace'), stream } });
  },
});

const logged = () => lines.join('');

it("a sign-in's password, cookies and CSRF token never reach the log", async () => {
  const browser = new Browser(state.app);
  const wrong = await browser.post('/token/', { username: 'platinum', password: 'not-the-password-1' });
  expect(wrong.statusCode).toBe(403); // no CSRF cookie yet: refused, and still logged
  await browser.signIn('platinum');
  await browser.post('/token/', { username: 'gold', password: 'wrong-password-2026' });
  await browser.post('/api/account/change-password/', {
    current_password: PASSWORD,
    new_password: 'not-logged-either-2026',
  });
  await browser.get('/api/profile/me/');

  const session = browser.cookies.get(SESSION_COOKIE);
  const csrf = browser.cookies.get(CSRF_COOKIE);
  expect(session && csrf).toBeTruthy();
  expect(lines.length).toBeGreaterThan(8); // the requests were logged, just not their secrets
  for (const secret of [PASSWORD, 'not-the-password-1', 'wrong-password-2026', 'not-logged-either-2026']) {
    expect(logged()).not.toContain(secret);
  }
  expect(logged()).not.toContain(session);
  expect(logged()).not.toContain(csrf);
});

it('logged URLs keep their path but not their query string', async () => {
  const browser = new Browser(state.app);
  await browser.signIn('platinum');
  await browser.get('/api/clients/?search=Margaret%20Thatcher');
  expect(logged()).toContain('"url":"/api/clients/?[Redacted]"');
  expect(logged()).not.toMatch(/Margaret/);
});

it("the client's approval link is a credential: its token never reaches the log", async () => {
  const token = '1.2.1.1799999999.0123456789abcdef.AAAAAAAAAAAAAAAAAAAAAA';
  await state.app.inject({ method: 'GET', url: `/public/workshop/approve/${token}` });
  await state.app.inject({ method: 'GET', url: `/public/workshop/approve/${token}?x=1` });
  expect(logged()).toContain('"url":"/public/workshop/approve/[Redacted]"');
  expect(logged()).toContain('"url":"/public/workshop/approve/[Redacted]?[Redacted]"');
  expect(logged()).not.toContain('AAAAAAAAAAAAAAAAAAAAAA');
});

it('anything that logs a body, headers or a database error has its secrets and parameters censored', async () => {
  // PGlite's errors carry the failing query's parameters (pg's do not); the redaction must hold for the richer one
  // whichever database this run uses, so the error is shaped as PGlite throws it.
  const failure = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    query: 'SELECT $1::text',
    params: ['Jane\u0000Doe'],
    detail: 'Jane\u0000Doe',
  });
  state.app.log.error({ err: failure }, 'query failed');
  state.app.log.info({
    body: { username: 'anna', password: 'hunter2-hunter2', new_password: 'n3w-s3cret-pass' },
  });
  state.app.log.info({ headers: { cookie: 'sessionid=abc123secret', authorization: 'Bearer tok3n-value' } });

  expect(logged()).toContain('query failed');
  expect(logged()).toContain('"username":"anna"');
  for (const secret of ['Jane', 'hunter2-hunter2', 'n3w-s3cret-pass', 'abc123secret', 'tok3n-value']) {
    expect(logged()).not.toContain(secret);
  }
});
