import { SESSION_COOKIE } from '@loupe/contracts';
import { Browser, PASSWORD, apiTestbed } from '../../helper';

const { state, as: signedIn } = apiTestbed();

const ME = '/api/profile/me/';
const UPDATE = '/api/profile/update_profile/';
const CHANGE = '/api/account/change-password/';
const anonymousDetail = { detail: 'Authentication credentials were not provided.' };

describe('GET /api/profile/me/', () => {
  it('answers 401 to anonymous callers', async () => {
    const res = await new Browser(state.app).get(ME);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(anonymousDetail);
  });

  it.each(['platinum', 'gold', 'silver', 'loner', 'rival'] as const)(
    'gives %s their own profile',
    async (name) => {
      const res = await (await signedIn(name)).get(ME);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: state.fx.ids[name],
        username: name,
        email: `${name}@example.com`,
        first_name: name === 'platinum' ? 'Paloma' : '',
        last_name: name === 'platinum' ? 'Reyes' : '',
      });
      expect(res.json()).not.toHaveProperty('password_hash');
    },
  );
});

describe('PUT /api/profile/update_profile/', () => {
  it('answers 401 to anonymous callers and writes nothing', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const res = await browser.put(UPDATE, {
      username: 'gold',
      email: 'x@example.com',
      first_name: 'X',
      last_name: 'Y',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(anonymousDetail);
  });

  it('updates email and names (trimmed) for any signed-in user, never the username', async () => {
    for (const name of ['loner', 'silver'] as const) {
      const browser = await signedIn(name);
      const res = await browser.put(UPDATE, {
        username: 'hijacked',
        email: ' new@example.com ',
        first_name: ' Ada ',
        last_name: 'Lovelace',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: state.fx.ids[name],
        username: name,
        email: 'new@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
      });
      expect((await browser.get(ME)).json()).toMatchObject({
        username: name,
        email: 'new@example.com',
        first_name: 'Ada',
      });
    }
    expect(await state.db.query("SELECT 1 FROM users WHERE username = 'hijacked'")).toHaveLength(0);
  });

  it('accepts back the very representation GET returned, its unchanged read-only fields ignored', async () => {
    const browser = await signedIn('loner');
    const read = (await browser.get(ME)).json();
    const res = await browser.put(UPDATE, { ...read, first_name: 'Lone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...read, first_name: 'Lone' });
    const echo = await browser.put(UPDATE, (await browser.get(ME)).json());
    expect(echo.statusCode).toBe(200);
    expect(echo.json()).toEqual({ ...read, first_name: 'Lone' });
  });

  it('refuses a changed read-only id and an unknown field, and changes nothing', async () => {
    const browser = await signedIn('gold');
    const read = (await browser.get(ME)).json();
    for (const id of [state.fx.ids.silver, read.id + 1000, String(read.id), null]) {
      const res = await browser.put(UPDATE, { ...read, id, first_name: 'Changed' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ id: ['This field is read-only.'] });
    }
    const unknown = await browser.put(UPDATE, { ...read, is_staff: true, first_name: 'Changed' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ is_staff: ['This field is not allowed.'] });
    expect((await browser.get(ME)).json()).toEqual(read);
  });

  it('accepts an empty email', async () => {
    const res = await (await signedIn('gold')).put(UPDATE, { email: '', first_name: '', last_name: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('');
  });

  it.each(['not-an-email', 'a@b', 'two@@example.com', 'space in@example.com', 'x@-bad-.com', '@example.com'])(
    'rejects the invalid email %p with a field error and changes nothing',
    async (email) => {
      const browser = await signedIn('gold');
      const res = await browser.put(UPDATE, {
        username: 'gold',
        email,
        first_name: 'Changed',
        last_name: 'Changed',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
      expect((await browser.get(ME)).json()).toMatchObject({ email: 'gold@example.com', first_name: '' });
    },
  );

  it('requires the fields and limits their length', async () => {
    const browser = await signedIn('gold');
    const missing = await browser.put(UPDATE, { username: 'gold' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      email: ['This field is required.'],
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
    });
    const long = await browser.put(UPDATE, { email: '', first_name: 'x'.repeat(151), last_name: 3 });
    expect(long.json()).toEqual({
      first_name: ['Ensure this field has no more than 150 characters.'],
      last_name: ['Not a valid string.'],
    });
  });
});

describe('POST /api/account/change-password/', () => {
  it('answers 401 to anonymous callers', async () => {
    const browser = new Browser(state.app);
    await browser.get('/csrf/');
    const res = await browser.post(CHANGE, {
      current_password: PASSWORD,
      new_password: 'a-much-better-secret',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(anonymousDetail);
  });

  it('changes the password, keeps this session and ends the user’s other sessions', async () => {
    const here = await signedIn('loner');
    const elsewhere = await signedIn('loner');
    const someoneElse = await signedIn('gold');
    const res = await here.post(CHANGE, {
      current_password: PASSWORD,
      new_password: 'tourbillon-1926-geneva',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password changed successfully.' });
    expect((await here.get(ME)).statusCode).toBe(200);
    expect((await elsewhere.get(ME)).statusCode).toBe(401);
    expect((await someoneElse.get(ME)).statusCode).toBe(200);

    const fresh = new Browser(state.app);
    await fresh.get('/csrf/');
    expect((await fresh.post('/token/', { username: 'loner', password: PASSWORD })).statusCode).toBe(400);
    expect(
      (await fresh.post('/token/', { username: 'loner', password: 'tourbillon-1926-geneva' })).statusCode,
    ).toBe(200);
  });

  it('rejects a wrong current password with a field error and changes nothing', async () => {
    const browser = await signedIn('gold');
    const res = await browser.post(CHANGE, {
      current_password: 'not-my-password',
      new_password: 'tourbillon-1926-geneva',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      current_password: ['Your old password was entered incorrectly. Please enter it again.'],
    });
    await browser.post('/logout/');
    await browser.signIn('gold', PASSWORD);
  });

  it.each<[string, string[]]>([
    ['short1!-pas', ['This password is too short. It must contain at least 12 characters.']],
    [
      'password',
      ['This password is too short. It must contain at least 12 characters.', 'This password is too common.'],
    ],
    ['qwerty123456', ['This password is too common.']],
    ['unbelievable', ['This password is too common.']],
    ['loupe-demo-2026', ['This password is too common.']],
    ['123456789012', ['This password is too common.', 'This password is entirely numeric.']],
    ['837492610583', ['This password is entirely numeric.']],
    [
      '1234',
      [
        'This password is too short. It must contain at least 12 characters.',
        'This password is too common.',
        'This password is entirely numeric.',
      ],
    ],
    ['platinum1234', ['The password is too similar to the username.']],
    ['platinum@example', ['The password is too similar to the email address.']],
    // Twelve characters cannot reach 0.7 similarity with a six-letter name: a shorter one fails both rules.
    [
      'Paloma!!',
      [
        'The password is too similar to the first name.',
        'This password is too short. It must contain at least 12 characters.',
      ],
    ],
    [
      'reyes',
      [
        'The password is too similar to the last name.',
        'This password is too short. It must contain at least 12 characters.',
      ],
    ],
  ])('rejects the weak new password %p with Django’s messages', async (newPassword, messages) => {
    const browser = await signedIn('platinum');
    const res = await browser.post(CHANGE, { current_password: PASSWORD, new_password: newPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_password: messages });
  });

  it('accepts 12 to 128 characters and refuses more at the schema', async () => {
    const browser = await signedIn('platinum');
    const shortest = 'short1!-pass';
    expect(
      (await browser.post(CHANGE, { current_password: PASSWORD, new_password: shortest })).statusCode,
    ).toBe(200);
    const tooLong = await browser.post(CHANGE, {
      current_password: shortest,
      new_password: `${'tourbillon-9'.repeat(10)}geneva-19`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ new_password: ['Ensure this field has no more than 128 characters.'] });
    const longest = `${'tourbillon-9'.repeat(10)}geneva-1`;
    const res = await browser.post(CHANGE, { current_password: shortest, new_password: longest });
    expect(res.statusCode).toBe(200);
    const fresh = new Browser(state.app);
    await fresh.signIn('platinum', longest);
  });

  it('reports a wrong current password and a weak new one together', async () => {
    const res = await (
      await signedIn('gold')
    ).post(CHANGE, { current_password: 'nope', new_password: 'qwerty123456' });
    expect(res.json()).toEqual({
      current_password: ['Your old password was entered incorrectly. Please enter it again.'],
      new_password: ['This password is too common.'],
    });
  });

  it('requires both fields and refuses blanks or unknown fields', async () => {
    const browser = await signedIn('gold');
    expect((await browser.post(CHANGE, {})).json()).toEqual({
      current_password: ['This field is required.'],
      new_password: ['This field is required.'],
    });
    expect((await browser.post(CHANGE, { current_password: '', new_password: '' })).json()).toEqual({
      current_password: ['This field may not be blank.'],
      new_password: ['This field may not be blank.'],
    });
    const extra = await browser.post(CHANGE, {
      current_password: PASSWORD,
      new_password: 'tourbillon-1926-geneva',
      confirm: 'x',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ confirm: ['This field is not allowed.'] });
    // Nothing changed: the old password still signs in.
    const fresh = new Browser(state.app);
    await fresh.signIn('gold', PASSWORD);
    expect(fresh.cookies.has(SESSION_COOKIE)).toBe(true);
  });
});
