import { absoluteRoutes } from '@loupe/platform';
import list from '@loupe/platform/remotes.json';
import routes from '../src/routes';

describe('remote-auth routes', () => {
  it('contributes /account/settings and /profile/settings, none role-restricted (/login is the shell’s)', () => {
    expect(absoluteRoutes(routes).map((r) => r.path)).toEqual(['/account/settings', '/profile/settings']);
    expect(absoluteRoutes(routes).every((r) => r.roles === undefined)).toBe(true);
  });

  it('groups its screens under the prefixes the remotes list gives it', () => {
    expect(Object.keys(routes)).toEqual(
      list.remotes.find((remote) => remote.dir === 'remote-auth')?.prefixes,
    );
  });
});
