import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import { DEMO_PASSWORD } from './common-passwords';
import { verifyPassword } from './password-hasher';
import { UsersRepository } from './users-repository';

export class DemoPasswordInProductionError extends Error {
  constructor(readonly usernames: readonly string[]) {
    super(
      `Refusing to start with NODE_ENV=production: ${usernames.length === 1 ? 'the account' : 'the accounts'} ` +
        `${usernames.join(', ')} still ${usernames.length === 1 ? 'has' : 'have'} the demo password published ` +
        'in the README, which anyone can sign in with. Start once without NODE_ENV=production, keeping every ' +
        'other setting as it is (the same DATA_DIR or DATABASE_URL, and above all the same LOUPE_FILE_KEY or ' +
        'LOUPE_FILE_KEY_FILE, LOUPE_BACKUP_KEY and LOUPE_AUDIT_KEY settings: without its file key the server ' +
        'refuses to start rather than make a new one), change each one’s password (Account settings) or ' +
        'deactivate the account, then start again with NODE_ENV=production.',
    );
    this.name = 'DemoPasswordInProductionError';
  }
}

/** The active accounts whose password is the published demo password, in the order they were created. */
export async function accountsWithDemoPassword(db: Queryable): Promise<string[]> {
  const users = await new UsersRepository(db).listActiveWithHash();
  // Salted hashes cannot be compared, only verified one by one. Each check takes its turn under the hash cap
  // (two at a time, ~30 ms each), so a shop's few dozen accounts cost well under a second — once per start,
  // and only in production, where starting with a password everyone knows is the failure to prevent.
  const matches = await Promise.all(users.map((user) => verifyPassword(DEMO_PASSWORD, user.password_hash)));
  return users.filter((_user, i) => matches[i]).map((user) => user.username);
}

/** In production, throws DemoPasswordInProductionError while any active account has the demo password. */
export async function refuseDemoPasswordsInProduction(
  db: Queryable,
  config: Pick<Config, 'production'>,
): Promise<void> {
  if (!config.production) return;
  const usernames = await accountsWithDemoPassword(db);
  if (usernames.length > 0) throw new DemoPasswordInProductionError(usernames);
}
