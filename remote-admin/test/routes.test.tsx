import { absoluteRoutes } from '@loupe/platform';
import list from '@loupe/platform/remotes.json';
import routes from '../src/routes';

describe('remote-admin routes', () => {
  it('puts Gold Management, Activity, Shop Settings and the Catalogue behind platinum, Silver Management and the Outbox behind platinum and gold', () => {
    expect(absoluteRoutes(routes).map(({ path, roles }) => ({ path, roles }))).toEqual([
      { path: '/management/gold', roles: ['platinum'] },
      { path: '/management/silver', roles: ['platinum', 'gold'] },
      { path: '/activity', roles: ['platinum'] },
      { path: '/settings/shop', roles: ['platinum'] },
      { path: '/settings/catalogue', roles: ['platinum'] },
      { path: '/settings/outbox', roles: ['platinum', 'gold'] },
      { path: '/settings/outbox/:id', roles: ['platinum', 'gold'] },
    ]);
  });

  it('groups its screens under the prefixes the remotes list gives it', () => {
    expect(Object.keys(routes)).toEqual(
      list.remotes.find((remote) => remote.dir === 'remote-admin')?.prefixes,
    );
  });
});
