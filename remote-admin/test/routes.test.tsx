import routes from '../src/routes';

describe('remote-admin routes', () => {
  it('puts Gold Management behind platinum and Silver Management behind platinum and gold', () => {
    expect(routes.map(({ path, roles }) => ({ path, roles }))).toEqual([
      { path: '/management/gold', roles: ['platinum'] },
      { path: '/management/silver', roles: ['platinum', 'gold'] },
    ]);
  });
});
