import {
  isWellFormedSecret,
  maskSecret,
  newCsrfSecret,
  originIsTrusted,
  tokenMatchesSecret,
} from '../../../src/modules/auth/csrf';
import { hashPassword, verifyPassword } from '../../../src/modules/auth/password-hasher';

describe('CSRF tokens (Django’s format)', () => {
  it('makes 32-character alphanumeric secrets, different each time', () => {
    const a = newCsrfSecret();
    expect(isWellFormedSecret(a)).toBe(true);
    expect(a).not.toBe(newCsrfSecret());
  });

  it('masks a secret so every copy differs but unmasks to the secret', () => {
    const secret = newCsrfSecret();
    const one = maskSecret(secret);
    const two = maskSecret(secret);
    expect(one).not.toBe(two);
    expect(tokenMatchesSecret(one, secret)).toBe(true);
    expect(tokenMatchesSecret(two, secret)).toBe(true);
    expect(tokenMatchesSecret(secret, secret)).toBe(true);
    expect(tokenMatchesSecret(maskSecret(newCsrfSecret()), secret)).toBe(false);
    expect(tokenMatchesSecret(secret.slice(1), secret)).toBe(false);
  });

  it('unmasks a token masked by Django', () => {
    // Django: _unmask_cipher_token("a"*32 + "b"*32) == "b"*32 (mask "a" is index 0).
    expect(tokenMatchesSecret('a'.repeat(32) + 'b'.repeat(32), 'b'.repeat(32))).toBe(true);
  });

  it('compares origins like Django’s is_same_domain', () => {
    expect(originIsTrusted('http://localhost:8080', 'http://localhost:8080', [])).toBe(true);
    expect(originIsTrusted('http://localhost:8081', 'http://localhost:8080', [])).toBe(false);
    expect(originIsTrusted('https://x.shop.example', 'http://a', ['https://*.shop.example'])).toBe(true);
    expect(originIsTrusted('http://x.shop.example', 'http://a', ['https://*.shop.example'])).toBe(false);
  });
});

describe('password hashing', () => {
  it('uses argon2id with a random salt, and verifies', async () => {
    const one = await hashPassword('tourbillon');
    const two = await hashPassword('tourbillon');
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword('tourbillon', one)).toBe(true);
    expect(await verifyPassword('Tourbillon', one)).toBe(false);
    expect(await verifyPassword('tourbillon', 'pbkdf2_sha256$1$x$y')).toBe(false);
  });
});
