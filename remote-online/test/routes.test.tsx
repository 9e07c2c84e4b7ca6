import list from '@loupe/platform/remotes.json';
import routes from '../src/routes';

it('groups its screens under the prefix the remotes list gives it', () => {
  expect(Object.keys(routes)).toEqual(list.remotes.find((remote) => remote.dir === 'remote-online')?.prefixes);
});
