import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type LoupeDb } from '../open-database';
import { DataDirLockedError } from '../db/lock';
import { AccountValidationError } from '../modules/auth/accounts';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Exit codes of every command: done, refused (bad input, database in use), bad usage or environment. */
export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

type Options = NonNullable<ParseArgsConfig['options']>;

/** The command's options, or null once the problem and the usage line are printed. */
export function parseOptions<T extends Options>(
  argv: readonly string[],
  options: T,
  usage: string,
  io: CliIo,
): ReturnType<typeof parseArgs<{ options: T; strict: true; allowPositionals: false }>>['values'] | null {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage}`);
    return null;
  }
}

/**
 * Opens the configured database for one command and closes it after `work`. `what` completes "Refusing to …"
 * and "Could not …" (e.g. "create a user"). A refused input (AccountValidationError and its kind) is printed
 * field by field with exit code 1.
 */
export async function withDatabase(
  env: Record<string, string | undefined>,
  io: CliIo,
  what: string,
  work: (db: LoupeDb) => Promise<number>,
): Promise<number> {
  let config;
  try {
    // A command has no business creating demo users behind the operator's back.
    config = { ...loadConfig(env), demo: false };
  } catch (error) {
    io.err((error as Error).message);
    return EXIT_USAGE;
  }

  let db;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(`Refusing to ${what}: ${error.message}`);
      return EXIT_REFUSED;
    }
    throw error;
  }
  try {
    return await work(db);
  } catch (error) {
    if (error instanceof AccountValidationError) {
      io.err(`Could not ${what}:\n${error.message}`);
      return EXIT_REFUSED;
    }
    throw error;
  } finally {
    await db.close();
  }
}

/** A command: its arguments, environment and output in, its exit code out. */
export type Command = (
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: CliIo,
) => Promise<number>;

/** Runs a command as its own process (`node dist/cli/….js`): stdout, stderr and the exit code. */
export function runAsProcess(command: Command): void {
  command(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = EXIT_REFUSED;
    },
  );
}
