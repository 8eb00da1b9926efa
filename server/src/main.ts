import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openPglite, openPostgres, runMigrations, type Database } from './db/client';
import { seed } from './seed';
import { serveBackupRequests } from './ops/backup-live';

async function main(): Promise<void> {
  // Phases of a start, logged once listening: the cold-start target (issue 13) is read from them and bench:startup.
  const t0 = performance.now();
  const phases: Record<string, number> = {};
  const phase = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await step();
    phases[name] = Math.round(performance.now() - t);
    return r;
  };
  const config = loadConfig();
  const database: Database = await phase('database', () =>
    config.databaseUrl
      ? openPostgres(config.databaseUrl, config.dbPoolMax, config.timeZone, { prepare: config.dbPrepare })
      : openPglite(config.dataDir, config.timeZone),
  );
  await phase('migrations', () => runMigrations(database));
  // The request role (PostgreSQL) is created or checked here, by the seed's first request transaction.
  await phase('seed', () => seed(database, { demo: config.seedDemo }));
  const app = await phase('app', () => buildApp(config, database));
  // The embedded database: `npm run backup` asks this process for the copy while it runs (ops/backup-live.ts).
  const stopBackups = database.dumpDataDir
    ? serveBackupRequests({ dataDir: config.dataDir, uploadDir: config.uploadDir }, database.dumpDataDir, (m) => app.log.info(m))
    : async () => {};
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stopBackups();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await phase('listen', () => app.listen({ port: config.port, host: config.host }));
  app.log.info({ phases, processMs: Math.round(process.uptime() * 1000), mainMs: Math.round(performance.now() - t0) }, '启动完成');
  app.log.info(`数据库: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`}`);
}

main().catch((e) => {
  if (e instanceof ConfigError) console.error(e.message);
  else console.error(e);
  process.exit(1);
});
