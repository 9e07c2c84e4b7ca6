import { createAccount } from '../modules/auth/accounts';
import { EXIT_OK, EXIT_USAGE, parseOptions, runAsProcess, withDatabase, type Command } from './command';

const USAGE =
  'usage: npm run user:create -- --username U --password P ' +
  '[--email E] [--first-name F] [--last-name L] [--must-change-password]';

/**
 * `user:create`: one JSON line with the new user on stdout and exit code 0, or a message on stderr and
 * 1 (rejected: duplicate, weak password, database in use) or 2 (bad usage or environment).
 */
export const createUserCommand: Command = async (argv, env, io) => {
  const values = parseOptions(
    argv,
    {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      // For a password handed to someone else: they sign in with it once, then must choose their own.
      'must-change-password': { type: 'boolean' },
    },
    USAGE,
    io,
  );
  if (!values) return EXIT_USAGE;
  const { username, password } = values;
  if (!username || password === undefined) {
    io.err(`--username and --password are required.\n${USAGE}`);
    return EXIT_USAGE;
  }

  return withDatabase(env, io, 'create a user', async (db) => {
    const user = await createAccount(
      db,
      {
        username,
        password,
        email: values.email,
        first_name: values['first-name'],
        last_name: values['last-name'],
        mustChangePassword: values['must-change-password'] ?? false,
      },
      new Date(),
    );
    io.out(JSON.stringify(user));
    return EXIT_OK;
  });
};

if (require.main === module) runAsProcess(createUserCommand);
