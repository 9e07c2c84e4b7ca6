import { createShopWithOwner } from '../modules/shops/shop-setup';
import { EXIT_OK, EXIT_USAGE, parseOptions, runAsProcess, withDatabase, type Command } from './command';

const USAGE = 'usage: npm run shop:create -- --name "Shop name" --owner USERNAME [--time-zone Europe/London]';

/**
 * `shop:create`: a shop with its platinum owner (an existing user, see user:create). One JSON line
 * `{"shop": {id, name, time_zone}, "owner": {id, username}, "role": "platinum"}` and exit code 0, or a message
 * on stderr and 1 (rejected: blank name, unknown owner, unknown zone, database in use) or 2 (bad usage or
 * environment).
 */
export const createShopCommand: Command = async (argv, env, io) => {
  const values = parseOptions(
    argv,
    { name: { type: 'string' }, owner: { type: 'string' }, 'time-zone': { type: 'string' } },
    USAGE,
    io,
  );
  if (!values) return EXIT_USAGE;
  const { name, owner } = values;
  if (name === undefined || owner === undefined) {
    io.err(`--name and --owner are required.\n${USAGE}`);
    return EXIT_USAGE;
  }

  return withDatabase(env, io, 'create the shop', async (db) => {
    const created = await createShopWithOwner(db, { name, owner, timeZone: values['time-zone'] }, new Date());
    io.out(JSON.stringify(created));
    return EXIT_OK;
  });
};

if (require.main === module) runAsProcess(createShopCommand);
