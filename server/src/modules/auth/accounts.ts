import type { User } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { UsersRepository, UsernameTakenError } from './users-repository';
import { hashPassword } from './password-hasher';
import { validatePassword } from './password-validators';
import { textError } from '../../kernel/validation';
import { validateEmail, validateUsername } from './field-validators';

export class AccountValidationError extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super(
      Object.entries(fields)
        .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
        .join('\n'),
    );
    this.name = 'AccountValidationError';
  }
}

export interface NewAccount {
  username: string;
  password: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  /** The password is a first one handed over by whoever created the account: the user must replace it. */
  mustChangePassword?: boolean;
}

/** Creates a user after the same checks as Django's createsuperuser: username, email, password validators. */
export async function createAccount(db: Queryable, input: NewAccount, now: Date): Promise<User> {
  const account = {
    username: input.username.trim(),
    email: (input.email ?? '').trim(),
    first_name: (input.first_name ?? '').trim(),
    last_name: (input.last_name ?? '').trim(),
  };
  const fields: Record<string, string[]> = {};
  const usernameError = validateUsername(account.username);
  if (usernameError) fields.username = [usernameError];
  const emailError = account.email ? (textError(account.email) ?? validateEmail(account.email)) : null;
  if (emailError) fields.email = [emailError];
  // The API's schemas hold these to the contracts' Text rule; a CLI's arguments are held to it here.
  for (const name of ['first_name', 'last_name'] as const) {
    const nameError = textError(account[name]);
    if (nameError) fields[name] = [nameError];
  }
  const passwordErrors = input.password
    ? validatePassword(input.password, account)
    : ['This field may not be blank.'];
  if (passwordErrors.length > 0) fields.password = passwordErrors;
  if (Object.keys(fields).length > 0) throw new AccountValidationError(fields);

  const users = new UsersRepository(db);
  if (await users.findByUsername(account.username)) {
    throw new AccountValidationError({ username: [new UsernameTakenError(account.username).message] });
  }
  try {
    const passwordHash = await hashPassword(input.password);
    return await users.create(
      { ...account, passwordHash, mustChangePassword: input.mustChangePassword ?? false },
      now,
    );
  } catch (error) {
    if (error instanceof UsernameTakenError) throw new AccountValidationError({ username: [error.message] });
    throw error;
  }
}
