import type { User } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { isUniqueViolation } from '../../kernel/db-errors';

export interface UserWithPassword extends User {
  password_hash: string;
  is_active: boolean;
}

export class UsernameTakenError extends Error {
  constructor(readonly username: string) {
    super(`A user with the username "${username}" already exists.`);
    this.name = 'UsernameTakenError';
  }
}

const USER_COLUMNS = 'id, username, email, first_name, last_name';

export interface NewUser {
  username: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  passwordHash: string;
  /** The password was chosen by someone else (user:create): the user must replace it before working. */
  mustChangePassword?: boolean;
}

export class UsersRepository {
  constructor(private readonly db: Queryable) {}

  async findByUsername(username: string): Promise<UserWithPassword | null> {
    const rows = await this.db.query<UserWithPassword>(
      `SELECT ${USER_COLUMNS}, password_hash, is_active FROM users WHERE username = $1`,
      [username],
    );
    return rows[0] ?? null;
  }

  async findById(id: number): Promise<UserWithPassword | null> {
    const rows = await this.db.query<UserWithPassword>(
      `SELECT ${USER_COLUMNS}, password_hash, is_active FROM users WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async create(user: NewUser, now: Date): Promise<User> {
    try {
      const rows = await this.db.query<User>(
        `INSERT INTO users (username, email, first_name, last_name, password_hash, date_joined,
                            must_change_password)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${USER_COLUMNS}`,
        [
          user.username,
          user.email ?? '',
          user.first_name ?? '',
          user.last_name ?? '',
          user.passwordHash,
          now,
          user.mustChangePassword ?? false,
        ],
      );
      return rows[0] as User;
    } catch (error) {
      if (isUniqueViolation(error)) throw new UsernameTakenError(user.username);
      throw error;
    }
  }

  async updateProfile(
    id: number,
    fields: { email: string; first_name: string; last_name: string },
  ): Promise<User | null> {
    const rows = await this.db.query<User>(
      `UPDATE users SET email = $2, first_name = $3, last_name = $4 WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [id, fields.email, fields.first_name, fields.last_name],
    );
    return rows[0] ?? null;
  }

  /** The user's own new password: whatever password they had to replace, they now have replaced it. */
  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [
      id,
      passwordHash,
    ]);
  }

  /**
   * The same password under a stronger hash (sign-in's rehash). Only while the row still holds the hash that
   * was verified: a password changed meanwhile is never overwritten with the old one.
   */
  async upgradeHash(id: number, verifiedHash: string, newHash: string): Promise<void> {
    await this.db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
      id,
      verifiedHash,
      newHash,
    ]);
  }

  /** A new shop of the user's own becomes where they start, unless they already work somewhere. */
  async setLastShopIfNone(id: number, shopId: number): Promise<void> {
    await this.db.query('UPDATE users SET last_shop_id = $2 WHERE id = $1 AND last_shop_id IS NULL', [
      id,
      shopId,
    ]);
  }

  /** Every account that can sign in, with its hash (the production start's demo-password check). */
  async listActiveWithHash(): Promise<Array<{ username: string; password_hash: string }>> {
    return this.db.query<{ username: string; password_hash: string }>(
      'SELECT username, password_hash FROM users WHERE is_active ORDER BY id',
    );
  }

  async recordLogin(id: number, now: Date): Promise<void> {
    await this.db.query('UPDATE users SET last_login = $2 WHERE id = $1', [id, now]);
  }
}
