import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { AccountValidationError, createAccount } from '../modules/auth/accounts';
import { DataDirLockedError } from '../db/lock';

const USAGE =
  'usage: npm run user:create -- --username U --password P ' + '[--email E] [--first-name F] [--last-name L]';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `user:create`: one JSON line with the new user on stdout and exit code 0, or a message on stderr and
 * 1 (rejected: duplicate, weak password, database in use) or 2 (bad usage or environment).
 */
export async function createUserCommand(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.username || values.password === undefined) {
    io.err(`--username and --password are required.\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    // A command has no business creating demo users behind the operator's back.
    config = { ...loadConfig(env), demo: false };
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }

  let db;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(`Refusing to create a user: ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    const user = await createAccount(
      db,
      {
        username: values.username,
        password: values.password,
        email: values.email,
        first_name: values['first-name'],
        last_name: values['last-name'],
      },
      new Date(),
    );
    io.out(JSON.stringify(user));
    return 0;
  } catch (error) {
    if (error instanceof AccountValidationError) {
      io.err(`Could not create the user:\n${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  createUserCommand(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
