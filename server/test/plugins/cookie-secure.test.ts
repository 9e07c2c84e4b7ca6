import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@loupe/contracts';
import { PASSWORD, apiTestbed } from '../helper';

// Each test starts the apps it compares; they only sign in, so the fixtures are seeded once.
const { appWith } = apiTestbed({ per: 'file', app: false });

interface Hop {
  /** The peer the API sees: the proxy, or a client talking to it directly. */
  from: string;
  /** What the proxy (or someone pretending to be one) says about the client's connection. */
  forwardedProto?: 'https' | 'http';
  /** The page's own scheme (its Origin); default: what the hop says. A client forging the header is on http. */
  pageScheme?: 'https' | 'http';
}

/**
 * Signs in as a browser on `https://localhost` would through the hop, and answers whether each cookie the
 * API set (the session and the CSRF token) carries Secure.
 */
async function signInThrough(app: FastifyInstance, { from, forwardedProto, pageScheme }: Hop) {
  const headers: Record<string, string> = { host: 'localhost' };
  if (forwardedProto) headers['x-forwarded-proto'] = forwardedProto;
  const origin = `${pageScheme ?? forwardedProto ?? 'http'}://localhost`;
  const csrf = await app.inject({ url: '/csrf/', headers, remoteAddress: from });
  const secret = csrf.cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const res = await app.inject({
    method: 'POST',
    url: '/token/',
    remoteAddress: from,
    headers: { ...headers, origin, cookie: `${CSRF_COOKIE}=${secret}`, [CSRF_HEADER]: secret },
    payload: { username: 'gold', password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const secure = (name: string) => Boolean(res.cookies.find((c) => c.name === name)?.secure);
  return {
    csrf: Boolean(csrf.cookies.find((c) => c.name === CSRF_COOKIE)?.secure),
    session: secure(SESSION_COOKIE),
    rotatedCsrf: secure(CSRF_COOKIE),
  };
}

const allSecure = { csrf: true, session: true, rotatedCsrf: true };
const noneSecure = { csrf: false, session: false, rotatedCsrf: false };

describe('COOKIE_SECURE=auto behind a TLS-terminating proxy', () => {
  it('marks every cookie Secure when a trusted proxy (TRUST_PROXY=1) says the client used HTTPS', async () => {
    const app = await appWith({ COOKIE_SECURE: 'auto', TRUST_PROXY: '1' });
    expect(await signInThrough(app, { from: '127.0.0.1', forwardedProto: 'https' })).toEqual(allSecure);
  });

  it('trusts the header only from the proxies TRUST_PROXY names', async () => {
    const app = await appWith({ COOKIE_SECURE: 'auto', TRUST_PROXY: '10.0.0.0/8' });
    expect(await signInThrough(app, { from: '10.1.2.3', forwardedProto: 'https' })).toEqual(allSecure);
    const forged = { from: '192.0.2.7', forwardedProto: 'https', pageScheme: 'http' } as const;
    expect(await signInThrough(app, forged)).toEqual(noneSecure);
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY: a client cannot claim HTTPS for itself', async () => {
    const app = await appWith({ COOKIE_SECURE: 'auto' });
    const forged = { from: '127.0.0.1', forwardedProto: 'https', pageScheme: 'http' } as const;
    expect(await signInThrough(app, forged)).toEqual(noneSecure);
  });

  it('leaves plain HTTP through the trusted proxy without Secure (the browser would drop such cookies)', async () => {
    const app = await appWith({ COOKIE_SECURE: 'auto', TRUST_PROXY: '1' });
    expect(await signInThrough(app, { from: '127.0.0.1', forwardedProto: 'http' })).toEqual(noneSecure);
  });

  it('COOKIE_SECURE=true marks them Secure whatever the hop says', async () => {
    const app = await appWith({ COOKIE_SECURE: 'true' });
    expect(await signInThrough(app, { from: '127.0.0.1' })).toEqual(allSecure);
  });
});
