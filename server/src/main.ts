import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openPglite, openPostgres, runMigrations, type Database } from './db/client';
import { seed } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.dbPoolMax, config.timeZone)
    : await openPglite(config.dataDir, config.timeZone);
  await runMigrations(database);
  await seed(database, { demo: config.seedDemo });
  const app = await buildApp(config, database);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`数据库: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`}`);
}

main().catch((e) => {
  if (e instanceof ConfigError) console.error(e.message);
  else console.error(e);
  process.exit(1);
});
