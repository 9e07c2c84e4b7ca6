import type { Queryable } from '../db/database';
import { describeBroken, verifyChains } from '../modules/audit/verify';
import {
  EXIT_OK,
  EXIT_REFUSED,
  EXIT_USAGE,
  parseOptions,
  runAsProcess,
  withDatabase,
  type CliIo,
  type Command,
} from './command';

const USAGE = 'usage: npm run audit:verify';

/** Verifies the chains of an open database and says so; the exit code. */
export async function reportChains(db: Queryable, io: CliIo): Promise<number> {
  const result = await verifyChains(db);
  if (result.broken) {
    io.err(describeBroken(result.broken));
    return EXIT_REFUSED;
  }
  io.out(`All ${result.chains} chains verify (${result.entries} entries)`);
  return EXIT_OK;
}

/**
 * `audit:verify`: walks every audit chain (one per shop, and the system's), recomputing each hash in Node from
 * the stored values. Exit 0 with "All N chains verify (M entries)", or 1 naming the first broken link.
 */
export const auditVerifyCommand: Command = async (argv, env, io) => {
  if (!parseOptions(argv, {}, USAGE, io)) return EXIT_USAGE;
  return withDatabase(env, io, 'verify the audit trail', (db) => reportChains(db, io));
};

if (require.main === module) runAsProcess(auditVerifyCommand);
