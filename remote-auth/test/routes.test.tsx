import routes from '../src/routes';

describe('remote-auth routes', () => {
  it('contributes /login, /account/settings and /profile/settings, none role-restricted', () => {
    expect(routes.map((r) => r.path)).toEqual(['/login', '/account/settings', '/profile/settings']);
    expect(routes.every((r) => r.roles === undefined)).toBe(true);
  });
});
