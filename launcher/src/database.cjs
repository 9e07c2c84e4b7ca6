// The database `npm start` serves, opened and checked before any port opens. Kept apart from start.mjs so
// that tests run it without the builds start.mjs makes first.
'use strict';

/**
 * Opens the configured database (seeding the demo shop when LOUPE_DEMO is on) and, with NODE_ENV=production,
 * refuses — closing it again, so its lock is released — while any active account has the published demo
 * password. `server` is @loupe/server, passed in because it can only be loaded once its build exists.
 */
async function openServedDatabase(server, config) {
  const db = await server.openDatabase(config);
  try {
    await server.refuseDemoPasswordsInProduction(db, config);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

module.exports = { openServedDatabase };
