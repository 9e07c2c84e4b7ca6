import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRepositories } from '../repositories';
import { importSanctionsList } from '../modules/compliance/sanctions-service';
import { SanctionsListError } from '../modules/compliance/sanctions-list';
import { EXIT_OK, EXIT_REFUSED, EXIT_USAGE, runAsProcess, withDatabase, type Command } from './command';

const USAGE = 'usage: npm run sanctions:import -- FILE   (ConList.csv or the UK Sanctions List CSV)';

const FORMAT_NAMES = {
  ofsi_consolidated: 'OFSI Consolidated List',
  uk_sanctions_list: 'UK Sanctions List',
} as const;

/**
 * `sanctions:import FILE`: loads the UK sanctions list from the CSV HM Treasury / OFSI (ConList.csv) or the FCDO
 * (UK Sanctions List) publishes, replacing the list in force in one transaction, then screens every client of
 * every shop against it (issue 25 item 2; columns and sources in server/README.md). Prints what it read and
 * found, exit 0; a file that is not the list (or is missing) is refused with exit 1 and nothing changes; bad
 * usage 2.
 */
export const sanctionsImportCommand: Command = async (argv, env, io) => {
  let file: string;
  try {
    const { positionals } = parseArgs({ args: [...argv], options: {}, strict: true, allowPositionals: true });
    if (positionals.length !== 1) throw new Error('Name one file to import.');
    file = positionals[0] as string;
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return EXIT_USAGE;
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    io.err(`Could not read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return EXIT_REFUSED;
  }

  return withDatabase(env, io, 'import the sanctions list', async (db) => {
    const now = () => new Date();
    try {
      const result = await importSanctionsList(
        { transaction: (work) => db.transaction((tx) => work(createRepositories(tx, now))) },
        { name: path.basename(file), text },
        now(),
      );
      io.out(
        `Imported the ${FORMAT_NAMES[result.format]}${result.listDate ? ` (${result.listDate})` : ''} from ` +
          `${path.basename(file)}: ${result.rows} rows, ${result.designations} designations, ${result.names} names.`,
      );
      io.out(
        `Screened ${result.clientsScreened} clients: ${result.possibleMatches} new possible ` +
          `${result.possibleMatches === 1 ? 'match' : 'matches'} for the nominated officer to review.`,
      );
      return EXIT_OK;
    } catch (error) {
      if (!(error instanceof SanctionsListError)) throw error;
      io.err(`Refusing to import ${path.basename(file)}: ${error.message} The list in force is unchanged.`);
      return EXIT_REFUSED;
    }
  });
};

if (require.main === module) runAsProcess(sanctionsImportCommand);
