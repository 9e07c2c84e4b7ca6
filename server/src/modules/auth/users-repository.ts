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
        `INSERT INTO users (username, email, first_name, last_name, password_hash, date_joined)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${USER_COLUMNS}`,
        [
          user.username,
          user.email ?? '',
          user.first_name ?? '',
          user.last_name ?? '',
          user.passwordHash,
          now,
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

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  }

  async recordLogin(id: number, now: Date): Promise<void> {
    await this.db.query('UPDATE users SET last_login = $2 WHERE id = $1', [id, now]);
  }
}
