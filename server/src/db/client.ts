import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverRoot } from '../paths';
import { applyConventions } from './conventions';
import { lockDataDir } from './data-dir-lock';
import { lockPartitions } from './partition-privileges';
import { StatementNames } from './statement-names';

/** node-postgres and PGlite databases share this surface; modules only see this type (no relational schema: queries are built from the table objects). */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbLike = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /**
   * The embedded database's data directory as a tar, taken by the process that holds it (ops/backup-live.ts):
   * between two transactions, so the copy is consistent while the server runs. PGlite only.
   */
  dumpDataDir?(): Promise<Buffer>;
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

/**
 * What request transactions need of a PostgreSQL database besides the owner's pool: where to log in as the
 * request role (platform/tenancy/request-role.ts opens that pool on first use, after the migrations), how large,
 * and the statement names (off behind a transaction-pooling PgBouncer: DB_PREPARE=off).
 */
export interface PostgresRequests {
  url: string;
  max: number;
  timeZone: string;
  names?: StatementNames;
  /** The request pool once opened (its role created or checked first). */
  pool?: Promise<pg.Pool>;
  /** The request role's login the pool opened with: hot standbys are logged in to alike (decision 0055). */
  login?: Promise<{ role: string; password: string }>;
  /** Cross-tenant request transactions: the owner's login, pipelined (request-role.ts), once opened. */
  crossTenantPool?: pg.Pool;
}
const requestsOf = new WeakMap<object, PostgresRequests>();
/** The request side of a PostgreSQL database opened by openPostgres; undefined for PGlite. */
export const postgresRequests = (db: Db): PostgresRequests | undefined => requestsOf.get(db);

/**
 * PostgreSQL at `url`, whose user owns the schema: `db` is the owner's pool (migrations, seeding, jobs,
 * cross-tenant calls); request transactions log in as the request role on a pool of their own.
 */
export async function openPostgres(url: string, poolMax: number, timeZone: string, opts: { prepare?: boolean } = {}): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options: `-c TimeZone=${timeZone}` });
  // An idle connection dropped by the server (restart, failover, DROP … WITH FORCE) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (e) => console.warn(`数据库空闲连接已断开: ${e.message}`));
  const db = drizzle(pool) as unknown as Db;
  const requests: PostgresRequests = { url, max: poolMax, timeZone, names: opts.prepare === false ? undefined : new StatementNames() };
  requestsOf.set(db, requests);
  const close = async () => {
    const rp = await requests.pool?.catch(() => undefined);
    await Promise.all([rp?.end(), requests.crossTenantPool?.end(), pool.end()]);
  };
  return { db, kind: 'postgres', close };
}

/**
 * Embedded PostgreSQL in DATA_DIR. PGlite has no lock of its own, so we hold one: two servers on one data
 * directory would corrupt it.
 */
export async function openPglite(dataDir: string, timeZone: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(path.join(dataDir, 'pgdata'));
  await client.exec(`SET TIME ZONE '${timeZone.replace(/'/g, '')}'`);
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      await release();
    },
    dumpDataDir: async () => {
      // Inside a transaction of the client's own: no other transaction is open while the files are read (PGlite
      // runs one at a time), and the checkpoint first leaves little WAL to replay when the copy is opened.
      await client.exec('CHECKPOINT');
      return client.transaction(async () => Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    },
  };
}

/** In-memory PGlite (tests of the embedded path). */
export async function openMemoryPglite(timeZone: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create();
  await client.exec(`SET TIME ZONE '${timeZone.replace(/'/g, '')}'`);
  return { db: drizzle(client) as unknown as Db, kind: 'pglite', close: () => client.close() };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
  // New tables appear with every migration; the request role must reach all of them.
  await database.db.execute(sql`
    DO $$ BEGIN
      GRANT zoo_app TO current_user;
    EXCEPTION WHEN OTHERS THEN NULL;
    END $$;
  `);
  await database.db.execute(sql`GRANT USAGE ON SCHEMA public TO zoo_app`);
  await database.db.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO zoo_app`);
  await database.db.execute(sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO zoo_app`);
  await database.db.execute(sql`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO zoo_app`);
  // …but not the partitions of time-partitioned tables, which bypass their parent's row-level security.
  await lockPartitions(database.db);
  await applyConventions(database.db);
}

/** The rows of a raw statement (`sql`…): node-postgres and PGlite both answer `{ rows }`, which the shared type leaves unknown. */
export async function rowsOf<T>(db: DbLike, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
