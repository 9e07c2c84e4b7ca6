import { loadConfig, type Config } from '../config';
import type { Queryable } from '../db/database';
import {
  readCheckpointLog,
  signingKeyFor,
  compareWithCheckpoint,
  writeCheckpoint,
  CheckpointError,
} from '../db/audit-checkpoints';
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

const USAGE = 'usage: npm run audit:verify [-- --checkpoint]';

/**
 * Verifies the chains of an open database and, given the checkpoint settings, checks them against the latest
 * signed checkpoint (db/audit-checkpoints.ts): every line of the log must verify under the audit key, and
 * every chain must still reach the latest checkpoint's head. The exit code.
 */
export async function reportChains(
  db: Queryable,
  io: CliIo,
  checkpoints?: Pick<Config, 'auditKey' | 'auditCheckpointLog'>,
): Promise<number> {
  const result = await verifyChains(db);
  if (result.broken) {
    io.err(describeBroken(result.broken));
    return EXIT_REFUSED;
  }
  const verified = `All ${result.chains} chains verify (${result.entries} entries)`;
  if (!checkpoints) {
    io.out(verified);
    return EXIT_OK;
  }
  const key = signingKeyFor(checkpoints.auditKey);
  const log = await readCheckpointLog(checkpoints.auditCheckpointLog, key);
  if (log.bad.length > 0) {
    io.err(
      `${verified}, but the checkpoint log ${log.file} cannot be trusted:\n` +
        log.bad.map((b) => `  - line ${b.line}: ${b.problem}`).join('\n'),
    );
    return EXIT_REFUSED;
  }
  const latest = log.checkpoints.at(-1);
  if (!latest) {
    io.out(
      `${verified}; no checkpoint in ${log.file} yet, so a chain cut short at its end cannot be told ` +
        '(the server writes one at start, daily and at every backup; npm run audit:verify -- --checkpoint writes one now)',
    );
    return EXIT_OK;
  }
  const problems = await compareWithCheckpoint(db, latest);
  if (problems.length > 0) {
    io.err(
      `${verified} as far as they go, but not against the signed checkpoint of ${latest.at} (${log.file}):\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
    );
    return EXIT_REFUSED;
  }
  io.out(
    `${verified}, and each reaches the signed checkpoint of ${latest.at} (${latest.chains.length} chains)`,
  );
  return EXIT_OK;
}

/**
 * `audit:verify`: walks every audit chain (one per shop, and the system's), recomputing each hash in Node from
 * the stored values, then checks the chains against the latest signed checkpoint. Exit 0 with "All N chains
 * verify (M entries)…", or 1 naming the first broken link, a chain cut short or rewritten, or a checkpoint whose
 * signature does not verify. `--checkpoint` then writes a new checkpoint (only when everything verified).
 */
export const auditVerifyCommand: Command = async (argv, env, io) => {
  const values = parseOptions(argv, { checkpoint: { type: 'boolean' } }, USAGE, io);
  if (!values) return EXIT_USAGE;
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err((error as Error).message);
    return EXIT_USAGE;
  }
  return withDatabase(env, io, 'verify the audit trail', async (db) => {
    const code = await reportChains(db, io, config);
    if (code !== EXIT_OK || !values.checkpoint) return code;
    try {
      const c = await writeCheckpoint(db, config, 'manual');
      io.out(`Checkpoint of ${c.chains.length} chains appended to ${config.auditCheckpointLog}`);
      return EXIT_OK;
    } catch (error) {
      if (!(error instanceof CheckpointError)) throw error;
      io.err(error.message);
      return EXIT_REFUSED;
    }
  });
};

if (require.main === module) runAsProcess(auditVerifyCommand);
