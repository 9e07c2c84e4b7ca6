import {
  buildApp,
  loadConfig,
  openDatabase,
  refuseDemoPasswordsInProduction,
  scheduleDailyBackups,
  scheduleMaintenance,
} from './app';
import { scheduleCheckpoints } from './db/audit-checkpoints';
import { describeUpgrade } from './db/upgrade';

/**
 * Standalone API: validates the environment, opens the database, checks it may start (NODE_ENV=production),
 * listens; Ctrl-C closes cleanly.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const db = await openDatabase(config);
  // Before listening: a production server must not answer one request while a published password opens it.
  await refuseDemoPasswordsInProduction(db, config).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const app = await buildApp({ db, config });
  app.addHook('onClose', async () => db.close());

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: shutting down`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  // The embedded database's daily copy (backup-schedule.ts), started once listening; stopped before the
  // database closes. Hooks cannot be added once listening.
  let stopBackups = () => undefined as void;
  app.addHook('preClose', async () => stopBackups());
  let stopCheckpoints = () => undefined as void;
  app.addHook('preClose', async () => stopCheckpoints());
  let stopMaintenance = () => undefined as void;
  app.addHook('preClose', async () => stopMaintenance());
  const address = await app.listen({ host: config.host, port: config.port });
  stopBackups = scheduleDailyBackups(db, config, {
    info: (message) => app.log.info(message),
    error: (message) => app.log.error(message),
  });
  // The embedded database's VACUUM and ANALYZE, at start and while it runs (db/maintenance.ts).
  stopMaintenance = scheduleMaintenance(db, config, {
    info: (message) => app.log.info(message),
    error: (message) => app.log.error(message),
  });
  // Signed audit checkpoints at start and daily, both databases (db/audit-checkpoints.ts).
  stopCheckpoints = scheduleCheckpoints(db, config, {
    info: (message) => app.log.info(message),
    error: (message) => app.log.error(message),
  });
  const docs = config.apiDocs === 'public' ? 'public' : 'platinum members only';
  app.log.info(
    `Loupe API listening on ${address} (docs: ${address}/docs, ${docs}), database: ${db.description}` +
      (config.production ? ', NODE_ENV=production' : ''),
  );
  if (!config.demo) app.log.info('LOUPE_DEMO=0: no demo data');
  // What this start migrated, backed up, moved and keeps for going back, one line each (db/upgrade.ts).
  for (const line of describeUpgrade(db.upgrade)) app.log.info(line);
  if (db.files && db.files.missing.length > 0) {
    app.log.warn(
      `${db.files.missing.length} uploaded file(s) are in neither the database nor ${config.uploadsDir}: ${db.files.missing.join(', ')}`,
    );
  }
  if (db.seeded) {
    const who = db.seeded.accounts.map((a) => `${a.username} (${a.role})`).join(', ');
    app.log.info(
      `Demo data created: shop "${db.seeded.shop.name}" (id ${db.seeded.shop.id}) with users ${who}, ` +
        `password "${db.seeded.password}". Set LOUPE_DEMO=0 to start without demo data.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
