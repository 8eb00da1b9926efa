import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';

/**
 * One backup file: a tar holding `manifest.json` (format, database kind, time, every entry's size and SHA-256),
 * the database — `database.dump` (pg_dump's custom format) on PostgreSQL, `pgdata/` (the embedded data directory,
 * copied while no server holds it) on PGlite — and the local object storage under `files/`.
 * Restore checks every checksum before it changes anything, so a damaged or truncated file changes nothing.
 */
export const BACKUP_FORMAT = 'zoo-backup/1';

/**
 * The role row-level security binds requests to is the cluster's, not the dump's (migration 0000 makes it too, with
 * the same exceptions): another database migrated or restored at the same moment may create it first, and the loser
 * fails on pg_authid's unique index (unique_violation) rather than with duplicate_object.
 */
export const CREATE_APP_ROLE = `DO $$ BEGIN CREATE ROLE zoo_app NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'postgres' | 'pglite';
  entries: Array<{ path: string; size: number; sha256: string }>;
}

export interface BackupTarget {
  /** PostgreSQL, when set; else the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  uploadDir: string;
}

export class BackupError extends Error {}
/** The embedded data directory is held by a running server (backup asks it instead: ops/backup-live.ts). */
export class DataDirBusyError extends BackupError {}

/** Runs a PostgreSQL client program, failing with its own message (pg_dump and pg_restore say what went wrong). */
function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => reject(new BackupError(`无法运行 ${cmd}: ${e.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} 失败 (${code}): ${err.trim()}`))));
  });
}

export async function sha256(file: string): Promise<string> {
  return streamSha256(fs.createReadStream(file));
}

/** SHA-256 (hex) of a stream, read as it arrives (an object fetched from a bucket never sits in memory). */
export async function streamSha256(stream: NodeJS.ReadableStream): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of stream) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** Every file under `dir`, as paths relative to `base` with forward slashes (the tar's names). */
export function filesUnder(base: string, dir: string): string[] {
  const full = path.join(base, dir);
  if (!fs.existsSync(full)) return [];
  return (fs.readdirSync(full, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(base, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

/** Holds the embedded data directory for `work`: a running server holds it, and copying it then is not consistent. */
async function holdingDataDir<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(dataDir);
  } catch (e) {
    if (e instanceof DataDirLockedError) throw new DataDirBusyError(`嵌入式数据库正在被服务使用:请先停止服务 (${dataDir})`);
    throw e;
  }
  try {
    return await work();
  } finally {
    await release();
  }
}

/**
 * Writes the backup of `target` to `outFile` (replaced only once complete). `dumpDataDir`: the running server's
 * own copy of the embedded database (ops/backup-live.ts), taken instead of the data directory under its lock.
 */
export async function backup(target: BackupTarget, outFile: string, dumpDataDir?: () => Promise<Buffer>): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-backup-'));
  try {
    const database = target.databaseUrl ? 'postgres' : 'pglite';
    if (target.databaseUrl) {
      // One transaction-consistent snapshot (pg_dump's own), compressed by pg_dump.
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${path.join(work, 'database.dump')}`, `--dbname=${target.databaseUrl}`]);
    } else if (dumpDataDir) {
      // PGlite's tar names the data directory's files from its root (`/PG_VERSION`, `/base/…`): unpacked into
      // `pgdata/`, not strict (stripping the leading / is a warning); it comes from this process's memory.
      const dump = path.join(work, 'pgdata.tar');
      fs.writeFileSync(dump, await dumpDataDir());
      fs.mkdirSync(path.join(work, 'pgdata'));
      await tar.extract({ file: dump, cwd: path.join(work, 'pgdata') });
      fs.rmSync(dump);
    } else {
      const pgdata = path.join(target.dataDir, 'pgdata');
      if (!fs.existsSync(pgdata)) throw new BackupError(`没有嵌入式数据库: ${pgdata}`);
      await holdingDataDir(target.dataDir, async () => fs.cpSync(pgdata, path.join(work, 'pgdata'), { recursive: true }));
    }
    if (fs.existsSync(target.uploadDir)) fs.cpSync(target.uploadDir, path.join(work, 'files'), { recursive: true });
    const names = [...(database === 'postgres' ? ['database.dump'] : filesUnder(work, 'pgdata')), ...filesUnder(work, 'files')];
    const entries = [];
    for (const name of names) {
      const file = path.join(work, name);
      entries.push({ path: name, size: fs.statSync(file).size, sha256: await sha256(file) });
    }
    const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database, entries };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 1));
    const partial = `${outFile}.partial`;
    // Folders whole (PostgreSQL's data directory needs its empty ones too); the manifest covers every file.
    const roots = [database === 'postgres' ? 'database.dump' : 'pgdata', ...(fs.existsSync(path.join(work, 'files')) ? ['files'] : [])];
    await tar.create({ file: partial, cwd: work, portable: true }, ['manifest.json', ...roots]);
    fs.renameSync(partial, outFile);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Unpacks `file` and checks it against its manifest; answers the manifest and the folder it was unpacked to. */
export async function verifyBackup(file: string): Promise<{ manifest: Manifest; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-restore-'));
  const damaged = (why: string) => new BackupError(`备份文件已损坏或不完整,未做任何恢复: ${why}`);
  try {
    // strict: a truncated or garbled archive is an error, not a warning.
    await tar.extract({ file, cwd: dir, strict: true }).catch((e: Error) => {
      throw damaged(e.message);
    });
    let manifest: Manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      throw damaged('缺少 manifest.json');
    }
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`不是本系统的备份文件 (格式 ${String(manifest.format)})`);
    const listed = new Set(manifest.entries.map((e) => e.path));
    for (const e of manifest.entries) {
      const f = path.join(dir, e.path);
      if (!fs.existsSync(f)) throw damaged(`缺少 ${e.path}`);
      if (fs.statSync(f).size !== e.size || (await sha256(f)) !== e.sha256) throw damaged(`${e.path} 的校验和不符`);
    }
    const extra = [
      ...filesUnder(dir, 'pgdata'),
      ...filesUnder(dir, 'files'),
      ...(fs.existsSync(path.join(dir, 'database.dump')) ? ['database.dump'] : []),
    ].filter((p) => !listed.has(p));
    if (extra.length) throw damaged(`清单外的文件 ${extra[0]}`);
    return { manifest, dir };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Restores `file` into `target`, whose database and file storage must be empty: a restore never merges. */
export async function restore(file: string, target: BackupTarget): Promise<Manifest> {
  const { manifest, dir } = await verifyBackup(file);
  try {
    if ((manifest.database === 'postgres') !== Boolean(target.databaseUrl))
      throw new BackupError(manifest.database === 'postgres' ? '这是 PostgreSQL 的备份:请设置 DATABASE_URL' : '这是嵌入式数据库的备份:请不设置 DATABASE_URL');
    if (fs.existsSync(target.uploadDir) && fs.readdirSync(target.uploadDir).length) throw new BackupError(`文件存储目录不为空: ${target.uploadDir}`);
    if (target.databaseUrl) {
      const c = new pg.Client({ connectionString: target.databaseUrl });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: string }>(`select count(*)::text as n from pg_tables where schemaname = 'public'`);
        if (rows[0]!.n !== '0') throw new BackupError('目标数据库不为空:请恢复到一个新建的空数据库');
        await c.query(CREATE_APP_ROLE);
      } finally {
        await c.end();
      }
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${target.databaseUrl}`, path.join(dir, 'database.dump')]);
    } else {
      const pgdata = path.join(target.dataDir, 'pgdata');
      fs.mkdirSync(target.dataDir, { recursive: true });
      await holdingDataDir(target.dataDir, async () => {
        if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length) throw new BackupError(`嵌入式数据库目录不为空: ${pgdata}`);
        fs.cpSync(path.join(dir, 'pgdata'), pgdata, { recursive: true });
      });
    }
    if (fs.existsSync(path.join(dir, 'files'))) fs.cpSync(path.join(dir, 'files'), target.uploadDir, { recursive: true });
    return manifest;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
