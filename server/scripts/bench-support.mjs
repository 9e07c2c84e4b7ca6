// What every benchmark of the server shares (scripts/bench*.mjs, scripts/load-day.mjs reads the percentile).

/**
 * The request limits, lifted: a benchmark measures the routes, not the 429s that limits meant for one shop's
 * staff would answer its load with. Each is set, so that none left in the environment can lower it.
 */
export const UNLIMITED = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_SESSION_PER_MINUTE: '100000000',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '100000000',
  RATE_LIMIT_FLOOD_PER_MINUTE: '1000000000',
};

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Signs in to an app built in this process (`buildApp`) the way a browser does — the CSRF cookie first, then
 * the token call — and returns the Cookie header for the calls that follow. The demo owner unless told.
 */
export async function signIn(app, username = 'platinum', password = 'loupe-demo-2026') {
  const csrf = await app.inject({ method: 'GET', url: '/csrf/' });
  const token = csrf.cookies.find((c) => c.name === 'csrftoken').value;
  const response = await app.inject({
    method: 'POST',
    url: '/token/',
    headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token },
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
