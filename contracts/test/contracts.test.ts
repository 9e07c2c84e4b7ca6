import { Value } from '@sinclair/typebox/value';
import { AuthCheck, Credentials, MembershipCreate, paths, routes } from '../src';

describe('contracts', () => {
  it('builds browser paths and server patterns for the same endpoint', () => {
    expect(paths.memberships(7)).toBe('/api/shops/7/memberships/');
    expect(routes.memberships).toBe('/api/shops/:shopId/memberships/');
  });

  it('accepts the signed-out auth-check answer and rejects a bad role', () => {
    expect(Value.Check(AuthCheck, { user: null, role: null, shop: null })).toBe(true);
    const user = { id: 1, username: 'u', email: '', first_name: '', last_name: '' };
    expect(Value.Check(AuthCheck, { user, role: 'bronze', shop: null })).toBe(false);
  });

  it('refuses unknown fields in request bodies', () => {
    expect(Value.Check(Credentials, { username: 'a', password: 'b' })).toBe(true);
    expect(Value.Check(Credentials, { username: 'a', password: 'b', is_staff: true })).toBe(false);
    expect(Value.Check(MembershipCreate, { user: 3, role: 'platinum', active: true })).toBe(false);
  });
});
