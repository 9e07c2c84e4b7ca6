import { Value } from '@sinclair/typebox/value';
import { AuthCheck, Credentials, MembershipCreate, paths, routes } from '../src';

describe('contracts', () => {
  it('builds browser paths and server patterns for the same endpoint', () => {
    expect(paths.memberships(7)).toBe('/api/shops/7/memberships/');
    expect(routes.memberships).toBe('/api/shops/:shopId/memberships/');
  });

  it('accepts the signed-out auth-check answer and rejects a bad role', () => {
    const signedOut = {
      user: null,
      role: null,
      shop: null,
      shops: [],
      must_change_password: false,
      permission_settings: { silverSeesCosts: false },
      nominated_officer: false,
    };
    expect(Value.Check(AuthCheck, signedOut)).toBe(true);
    const user = { id: 1, username: 'u', email: '', first_name: '', last_name: '' };
    expect(Value.Check(AuthCheck, { ...signedOut, user, role: 'bronze' })).toBe(false);
    const shop = { id: 2, name: 'Shop', time_zone: 'Europe/London' };
    const member = {
      ...signedOut,
      user,
      role: 'gold',
      shop,
      shops: [{ ...shop, role: 'gold', is_new: false }],
    };
    expect(Value.Check(AuthCheck, member)).toBe(true);
    expect(Value.Check(AuthCheck, { ...member, shops: [{ ...shop, role: 'gold' }] })).toBe(false);
  });

  it('refuses unknown fields in request bodies', () => {
    expect(Value.Check(Credentials, { username: 'a', password: 'b' })).toBe(true);
    expect(Value.Check(Credentials, { username: 'a', password: 'b', is_staff: true })).toBe(false);
    expect(Value.Check(MembershipCreate, { user: 3, role: 'platinum', active: true })).toBe(false);
  });
});
