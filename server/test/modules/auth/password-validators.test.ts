import { SequenceMatcher } from '../../../src/modules/auth/difflib';
import { commonPasswords } from '../../../src/modules/auth/common-passwords';
import { userAttributeSimilarity, validatePassword } from '../../../src/modules/auth/password-validators';

describe('SequenceMatcher (a port of Python’s difflib)', () => {
  // Expected values printed by CPython 3: SequenceMatcher(a=a, b=b).ratio(), .quick_ratio().
  it.each<[string, string, number, number]>([
    ['abcd', 'bcde', 0.75, 0.75],
    ['password', 'passw0rd', 0.875, 0.875],
    ['tide', 'diet', 0.25, 1.0],
    ['qabxcd', 'abycdf', 0.6666666666666666, 0.6666666666666666],
    ['private', 'privet', 0.7692307692307693, 0.9230769230769231],
    ['a'.repeat(250) + 'b', 'a'.repeat(300) + 'b', 0.9094202898550725, 0.9094202898550725],
    [
      'x'.repeat(10) + 'hello world'.repeat(30),
      'hello'.repeat(50) + 'xyz',
      0.003372681281618887,
      0.6779089376053963,
    ],
    ['élan', 'elan', 0.75, 0.75],
    ['', '', 1.0, 1.0],
    ['abc', '', 0.0, 0.0],
  ])('%p vs %p', (a, b, ratio, quick) => {
    const matcher = new SequenceMatcher(a, b);
    expect(matcher.ratio()).toBeCloseTo(ratio, 12);
    expect(matcher.quickRatio()).toBeCloseTo(quick, 12);
  });

  it('finds the same matching blocks as difflib', () => {
    // difflib: SequenceMatcher(None, "abxcd", "abcd").get_matching_blocks()
    expect(new SequenceMatcher('abxcd', 'abcd').getMatchingBlocks()).toEqual([
      { a: 0, b: 0, size: 2 },
      { a: 3, b: 2, size: 2 },
      { a: 5, b: 4, size: 0 },
    ]);
  });
});

describe('Django’s default password validators', () => {
  const user = {
    username: 'testclient',
    email: 'testclient@example.com',
    first_name: 'Test',
    last_name: 'Client',
  };

  it('UserAttributeSimilarityValidator, as in Django’s own tests', () => {
    expect(userAttributeSimilarity('testclient', user)).toBe('The password is too similar to the username.');
    expect(userAttributeSimilarity('example.com', user)).toBe(
      'The password is too similar to the email address.',
    );
    expect(userAttributeSimilarity('client', user)).toBe('The password is too similar to the username.');
    expect(userAttributeSimilarity('Client', { last_name: 'Client' })).toBe(
      'The password is too similar to the last name.',
    );
    expect(userAttributeSimilarity('test', { first_name: 'Test' })).toBe(
      'The password is too similar to the first name.',
    );
    expect(userAttributeSimilarity('a-very-different-secret-9', user)).toBeNull();
    expect(userAttributeSimilarity('testclient', {})).toBeNull();
  });

  it('skips short attribute parts next to a long password (exceeds_maximum_length_ratio)', () => {
    expect(userAttributeSimilarity('xyxyxyxyxyxyxyxyxyxyxyxy', { username: 'xy' })).toBeNull();
  });

  it('reports every failure, in Django’s order', () => {
    expect(validatePassword('1234', { username: '12345' })).toEqual([
      'The password is too similar to the username.',
      'This password is too short. It must contain at least 12 characters.',
      'This password is too common.',
      'This password is entirely numeric.',
    ]);
    expect(validatePassword('tourbillon-1926-geneva', user)).toEqual([]);
  });

  it('asks for 12 to 128 characters, counted as characters rather than UTF-16 units (ASVS 2.1.1, 2.1.2)', () => {
    const short = ['This password is too short. It must contain at least 12 characters.'];
    const long = ['This password is too long. It must contain at most 128 characters.'];
    expect(validatePassword('tourbillon1', {})).toEqual(short);
    expect(validatePassword('tourbillon12', {})).toEqual([]);
    // Eleven emoji are 22 UTF-16 units but 11 characters.
    expect(validatePassword('⌚'.repeat(5) + '💎'.repeat(6), {})).toEqual(short);
    expect(validatePassword('tourbillon-9'.repeat(10) + 'geneva-1', {})).toEqual([]);
    expect(validatePassword('tourbillon-9'.repeat(10) + 'geneva-19', {})).toEqual(long);
    expect(validatePassword('💎'.repeat(128), {})).toEqual([]);
    expect(validatePassword('💎'.repeat(129), {})).toEqual(long);
  });

  it('refuses the published demo password as common, in any case', () => {
    for (const demo of ['loupe-demo-2026', 'LOUPE-DEMO-2026', ' loupe-demo-2026 ']) {
      expect(validatePassword(demo, {})).toEqual(['This password is too common.']);
    }
  });

  it('ships a real list of about 20,000 common passwords', () => {
    const list = commonPasswords();
    expect(list.size).toBe(20000);
    for (const word of ['password', '12345678', 'qwertyuiop', 'iloveyou', 'letmein', 'dragon'])
      expect(list.has(word)).toBe(true);
    const tooShort = 'This password is too short. It must contain at least 12 characters.';
    expect(validatePassword('PassWord', {})).toEqual([tooShort, 'This password is too common.']);
    expect(validatePassword(' iloveyou ', {})).toEqual([tooShort, 'This password is too common.']);
    expect(validatePassword('1QAZ2wsx3EDC', {})).toEqual(['This password is too common.']);
  });
});
