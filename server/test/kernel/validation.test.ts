import {
  ErrorBag,
  checkPage,
  idPattern,
  invalidChoice,
  invalidFilterChoice,
  isValidEmail,
  pageOf,
  pagingOf,
  pathId,
} from '../../src/kernel/validation';
import { ApiError } from '../../src/kernel/http-errors';

const statusOf = (fn: () => unknown): number | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.statusCode : -1;
  }
};

describe('the shared validation kernel', () => {
  it('makes every named path parameter numeric, as Django’s <int:pk> does', () => {
    expect(idPattern('/clients/:id/kyc/:docId/')).toBe('/clients/:id(^\\d+)/kyc/:docId(^\\d+)/');
    expect(idPattern('/items/:id/images/:imageId/')).toBe('/items/:id(^\\d+)/images/:imageId(^\\d+)/');
    expect(idPattern('/dashboard/pins/:id/')).toBe('/dashboard/pins/:id(^\\d+)/');
  });

  it('treats an id no row can have as not found', () => {
    expect(pathId('1')).toBe(1);
    expect(pathId('2147483647')).toBe(2147483647);
    for (const id of ['0', '2147483648', '99999999999999999999'])
      expect(statusOf(() => pathId(id))).toBe(404);
  });

  it('has one text per choice rule: DRF’s for a body field, django-filter’s for a list filter', () => {
    expect(invalidChoice('JPY')).toBe('"JPY" is not a valid choice.');
    expect(invalidFilterChoice('7')).toBe('Select a valid choice. 7 is not one of the available choices.');
  });

  it('reads an email address as Django’s EmailValidator does, for clients and users alike', () => {
    for (const ok of ['anna@example.com', 'a.b+c@sub.example.co.uk', 'ops@localhost', 'kyc@bücher.de']) {
      expect([ok, isValidEmail(ok)]).toEqual([ok, true]);
    }
    for (const bad of [
      'anna',
      '@example.com',
      'anna@',
      'a@b',
      'two@@example.com',
      'a b@example.com',
      'x@-bad-.com',
      'a@example.com:80',
      `${'a'.repeat(250)}@x.io`,
    ]) {
      expect([bad, isValidEmail(bad)]).toEqual([bad, false]);
    }
  });

  it('collects every problem of a form before answering 400', () => {
    const bag = new ErrorBag();
    bag.add('name', 'a');
    bag.add('name', 'b');
    bag.add('email', 'c');
    expect(bag.has('name')).toBe(true);
    expect(bag.has('phone')).toBe(false);
    try {
      bag.throwIfAny();
      throw new Error('no answer');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).body).toEqual({ name: ['a', 'b'], email: ['c'] });
    }
  });

  it('pages as DRF does: page 1 of nothing is empty, past the end is 404, rows read only when there are any', async () => {
    expect(pagingOf({})).toEqual({ page: 1, pageSize: 10 });
    expect(pagingOf({ page: 2, page_size: 25 })).toEqual({ page: 2, pageSize: 25 });

    const reads: Array<[number, number]> = [];
    const rows = async (limit: number, offset: number) => {
      reads.push([limit, offset]);
      return [offset];
    };
    expect(await pageOf({ page: 1, pageSize: 10 }, 0, rows)).toEqual({ results: [], count: 0 });
    expect(await pageOf({ page: 3, pageSize: 10 }, 21, rows)).toEqual({ results: [20], count: 21 });
    expect(reads).toEqual([[10, 20]]);
    await expect(pageOf({ page: 2, pageSize: 10 }, 10, rows)).rejects.toMatchObject({ statusCode: 404 });
    expect(statusOf(() => checkPage({ page: 2, pageSize: 10 }, 0))).toBe(404);
  });
});
