import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

/**
 * A PostgreSQL primary and a hot standby of it, private to one test or bench: `initdb` in a temporary folder
 * (`wal_level=replica`, a replication line in pg_hba, trust on loopback), `pg_basebackup -R` for the standby, each
 * on a free port. The shared cluster at 127.0.0.1:5432 is not used: it may refuse replication connections.
 * Debian's server binaries are needed (package postgresql); their absence is an error, not a skip.
 */
const LIB = '/usr/lib/postgresql';
/** The newest installed server version's binaries. */
const BIN = path.join(
  LIB,
  (existsSync(LIB) ? readdirSync(LIB) : []).filter((v) => existsSync(path.join(LIB, v, 'bin/initdb'))).sort((a, b) => Number(b) - Number(a))[0] ?? '15',
  'bin',
);
const run = promisify(execFile);

/** PostgreSQL's tools refuse to run as root: as root (CI) they run as the `postgres` user. */
const asPostgres = (tool: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args], { cwd: '/tmp' }) : run(path.join(BIN, tool), args);

export interface PrimaryAndStandby {
  /** postgres://postgres@127.0.0.1:<port>/<db> */
  primaryUrl(db: string): string;
  standbyUrl(db: string): string;
  standbyPort: number;
  /** Stops the standby at once (`pg_ctl stop -m fast`): what a crashed or switched-off standby looks like. */
  stopStandby(): Promise<void>;
  /** Stops both and removes their folder. */
  stop(): Promise<void>;
}

/** Starts a primary holding `databases` (empty) and a standby copied from it, streaming. */
export async function startPrimaryAndStandby(databases: string[], settings: string[] = []): Promise<PrimaryAndStandby> {
  if (!existsSync(path.join(BIN, 'initdb')))
    throw new Error(`PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found in ${BIN}: apt-get install -y postgresql`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zoo-replica-'));
  if (process.getuid?.() === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), 0);
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const start = (name: string, port: number, extra: string[]) =>
    asPostgres('pg_ctl', [
      ...['-D', path.join(dir, name), '-l', path.join(dir, `${name}.log`), '-w', '-o'],
      [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c max_connections=100', ...settings, ...extra].join(' '),
      'start',
    ]);
  const stopOne = (name: string, mode: string) =>
    existsSync(path.join(dir, name, 'postmaster.pid'))
      ? asPostgres('pg_ctl', ['-D', path.join(dir, name), '-m', mode, 'stop']).then(() => undefined)
      : Promise.resolve();
  const url = (port: number, db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  try {
    await asPostgres('initdb', ['-D', path.join(dir, 'primary'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    appendFileSync(path.join(dir, 'primary', 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    await start('primary', primaryPort, ['-c wal_level=replica', '-c max_wal_senders=4']);
    const admin = new pg.Client({ connectionString: url(primaryPort, 'postgres') });
    await admin.connect();
    for (const db of databases) await admin.query(`create database ${db}`);
    await admin.end();
    // `-c fast`: a checkpoint now, not one spread over minutes.
    const base = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', path.join(dir, 'standby'), '-R', '-X', 'stream', '-c', 'fast'];
    await asPostgres('pg_basebackup', base);
    await start('standby', standbyPort, ['-c hot_standby=on']);
  } catch (e) {
    await stopOne('standby', 'immediate').catch(() => undefined);
    await stopOne('primary', 'immediate').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    primaryUrl: (db) => url(primaryPort, db),
    standbyUrl: (db) => url(standbyPort, db),
    standbyPort,
    stopStandby: () => stopOne('standby', 'fast'),
    stop: async () => {
      await stopOne('standby', 'immediate').catch(() => undefined);
      await stopOne('primary', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
