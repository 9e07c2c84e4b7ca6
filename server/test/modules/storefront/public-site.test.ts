import { publicStylesheet } from '../../../src/kernel/public-page';
import { apiTestbed } from '../../helper';

// The public site's frame (issue 24): under /store at the root, no session; its style sheet under a content
// hash, cached as immutable; unknown addresses answered as an HTML page with a policy of its own (no script).
const { state } = apiTestbed({ per: 'file' });

describe('the public site', () => {
  it('serves the one style sheet by its hash, immutable, with an ETag and 304', async () => {
    const response = await state.app.inject({ method: 'GET', url: publicStylesheet().path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(publicStylesheet().body);
    const again = await state.app.inject({
      method: 'GET',
      url: publicStylesheet().path,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers an unknown address under /store with an HTML 404 page whose policy runs no script', async () => {
    const response = await state.app.inject({ method: 'GET', url: '/store/nowhere/items/1-x/y' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Page not found</h1>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    // Lighthouse's SEO audit fetches /robots.txt from inside the page.
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('script-src');
  });

  it('has the published views of migration 038', async () => {
    const rows = await state.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM storefront_offers)::int + (SELECT count(*) FROM storefront_shops)::int AS n',
    );
    expect(rows[0]?.n).toBe(0);
  });
});
