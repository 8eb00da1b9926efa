import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { rowsOf, type Db, type Tx } from '../db/client';
import { newTenantCode } from '../modules/system/tenant/tenant.bootstrap';
import { filesUnder, sha256 } from './backup';
import { READABLE_FORMATS, TenantArchiveError, type InTransaction, type StorageSettings, type TenantManifest } from './tenant-manifest';
import { ObjectImport } from './tenant-object-import';
import { idTokens, remapText, type Remap } from './tenant-remap';
import { tenantTables } from './tenant-tables';

export interface ImportResult {
  fromTenantId: string;
  tenantId: string;
  tenantName: string;
  rows: number;
  files: number;
  /** Objects the rows link to that their store no longer held when the archive was made (manifest `missing`). */
  missingFiles: number;
  /** Rows whose id was taken in the target and got a new one (every reference to them follows). */
  remappedIds: number;
}

export const NO_REPLICA_ROLE = '导入需要可设置 session_replication_role 的数据库角色(超级用户,或 PostgreSQL 15 起授予 SET 权限)';

/** Rows inserted per statement (one JSON parameter each). */
const BATCH = 500;

/**
 * The statement a DBA must run for imports to work, or null when the owner's role may already set
 * `session_replication_role` (a superuser, or from PostgreSQL 15 a role granted SET on it). Checked at start, so an
 * operator learns it from the log, not from a refused import.
 */
export async function importGrantNeeded(db: Db): Promise<string | null> {
  const [me] = await rowsOf<{ role: string; su: boolean }>(db, sql`select current_user as role, rolsuper as su from pg_roles where rolname = current_user`);
  if (!me || me.su) return null;
  const [granted] = await rowsOf<{ ok: boolean }>(db, sql`select has_parameter_privilege('session_replication_role', 'SET') as ok`).catch(() => [
    { ok: false },
  ]);
  return granted?.ok ? null : `GRANT SET ON PARAMETER session_replication_role TO "${me.role.replace(/"/g, '""')}"`;
}

/** Unpacks `file` and checks every entry against the manifest; nothing is changed before this passes. */
export async function verifyTenantArchive(file: string): Promise<{ manifest: TenantManifest; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-tenant-import-'));
  const damaged = (why: string) => new TenantArchiveError(`租户数据文件已损坏或不完整,未做任何导入: ${why}`);
  try {
    // strict: a truncated or garbled archive is an error. 1 MB reads: with node-tar's 16 MB default a 1 M-row
    // table's gunzipped data ran ahead of the disk writes (630 MB of buffers measured; 390 MB peak RSS with this).
    await tar.extract({ file, cwd: dir, strict: true, maxReadSize: 1 << 20 }).catch((e: Error) => {
      throw damaged(e.message);
    });
    let manifest: TenantManifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as TenantManifest;
    } catch {
      throw damaged('缺少文件 manifest.json');
    }
    if (!READABLE_FORMATS.includes(manifest.format)) throw new TenantArchiveError(`不是本系统的租户数据文件 (格式 ${String(manifest.format)})`);
    const listed = new Set(manifest.entries.map((e) => e.path));
    for (const e of manifest.entries) {
      // Only names the export writes: nothing is read or written outside the unpacked folder.
      const parts = e.path.split('/');
      if (!['tables', 'files'].includes(parts[0]!) || e.path.includes('\\') || parts.some((p) => !p || p === '.' || p === '..'))
        throw damaged(`清单外的文件 ${e.path}`);
      const f = path.join(dir, e.path);
      if (!fs.existsSync(f)) throw damaged(`缺少文件 ${e.path}`);
      if (fs.statSync(f).size !== e.size || (await sha256(f)) !== e.sha256) throw damaged(`文件 ${e.path} 的校验和不符`);
    }
    const extra = [...filesUnder(dir, 'tables'), ...filesUnder(dir, 'files')].filter((p) => !listed.has(p));
    if (extra.length) throw damaged(`清单外的文件 ${extra[0]}`);
    for (const t of manifest.tables) if (!listed.has(`tables/${t.name}.ndjson`)) throw damaged(`缺少文件 tables/${t.name}.ndjson`);
    return { manifest, dir };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * The lines of a table's file, `size` at a time (a table of millions never sits in memory whole). The file is
 * pulled chunk by chunk — readline's iterator would go on reading ahead while the database is busy.
 */
async function* batches(file: string, size: number): AsyncGenerator<string[]> {
  let batch: string[] = [];
  let rest = '';
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (!line) continue;
      batch.push(line);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (rest) batch.push(rest);
  if (batch.length) yield batch;
}

const ROW_ID = /^\{"id": (\d+)/;

/** The target must have every table with exactly the archive's columns: an archive of another version is refused. */
async function checkSchema(tx: Tx, manifest: TenantManifest): Promise<void> {
  const here = new Map((await tenantTables(tx)).map((t) => [t.name, [...t.columns].sort().join(',')]));
  for (const t of manifest.tables) {
    if (here.get(t.name) !== [...t.columns].sort().join(',')) throw new TenantArchiveError(`数据结构与本系统版本不一致 (表 ${t.name}),请先升级到同一版本`);
  }
}

/**
 * Imports an archive written by `exportTenant` into `db`, in one transaction; the zoo keeps its tenant id and row
 * ids where they are free here, and gets new ones (every reference rewritten, tenant-remap.ts) where they are taken.
 */
export async function importTenant(db: Db | InTransaction, file: string, storage: StorageSettings): Promise<ImportResult> {
  const { manifest, dir } = await verifyTenantArchive(file);
  let objects: ObjectImport | undefined;
  try {
    // Where the objects go is settled before the transaction: a bucket's answer can take seconds.
    const planned = (objects = await ObjectImport.plan(manifest, dir, storage));
    const { links } = planned;
    const inTx: InTransaction = typeof db === 'function' ? db : (fn) => db.transaction(fn);
    const result = await inTx(async (tx) => {
      await checkSchema(tx, manifest);
      // The rows are copied as they were: no audit entries, no derived counts or stamps recomputed over them (the
      // archive holds the zoo's own audit trail and counts), as pg_restore --disable-triggers does.
      // Needs a superuser or, on PostgreSQL 15+, `GRANT SET ON PARAMETER session_replication_role` (README).
      await tx.execute(sql`select set_config('session_replication_role', 'replica', true)`).catch(() => {
        throw new TenantArchiveError(NO_REPLICA_ROLE);
      });
      const from = manifest.tenantId;
      const taken = await rowsOf(tx, sql`select 1 from blade_tenant where tenant_id = ${from}`);
      const tenantId = taken.length ? await newTenantCode(tx) : from;
      await tx.execute(sql`create temp table zoo_import_taken (old bigint primary key) on commit drop`);
      for (const t of manifest.tables) {
        if (!t.columns.includes('id')) continue;
        for await (const lines of batches(path.join(dir, 'tables', `${t.name}.ndjson`), 5000)) {
          const ids = lines.map((l) => ROW_ID.exec(l)?.[1]).filter((v): v is string => Boolean(v));
          await tx.execute(sql`insert into zoo_import_taken select o from unnest(${sql.param(ids)}::bigint[]) o
                                where exists (select 1 from ${sql.identifier(t.name)} x where x.id = o) on conflict do nothing`);
        }
      }
      // New ids in the order of the old ones: lists sorted by id (creation order) stay in the same order.
      await tx.execute(
        sql`create temp table zoo_import_map on commit drop as select old, next_id() as new from (select old from zoo_import_taken order by old) s`,
      );
      await tx.execute(sql`alter table zoo_import_map add primary key (old)`);
      const remappedIds = Number((await rowsOf<{ n: string }>(tx, sql`select count(*)::text as n from zoo_import_map`))[0]!.n);
      const tenant = { from, to: tenantId };
      let rows = 0;
      for (const t of manifest.tables) {
        const cols = sql.join(
          t.columns.map((c) => sql.identifier(c)),
          sql`, `,
        );
        for await (const lines of batches(path.join(dir, 'tables', `${t.name}.ndjson`), BATCH)) {
          const text = `[${lines.join(',')}]`;
          const ids = new Map<string, string>();
          if (remappedIds) {
            const tokens = idTokens(text);
            const found = await rowsOf<{ o: string; n: string }>(
              tx,
              sql`select old::text as o, new::text as n from zoo_import_map where old = any(${sql.param(tokens)}::bigint[])`,
            );
            for (const r of found) ids.set(r.o, r.n);
          }
          const remap: Remap = { ids, tenant, links };
          await tx.execute(
            sql`insert into ${sql.identifier(t.name)} (${cols}) select ${cols} from jsonb_populate_recordset(null::${sql.identifier(t.name)}, ${remapText(text, remap)}::jsonb)`,
          );
          rows += lines.length;
        }
      }
      // The objects last, before COMMIT: a failure removes the ones written here (below) and rolls the rows back.
      await planned.fixAttachments(tx, tenantId);
      const files = await planned.write(dir, manifest, tenant, storage.uploadDir);
      const missingFiles = manifest.missing?.length ?? 0;
      return { fromTenantId: from, tenantId, tenantName: manifest.tenantName, rows, files, missingFiles, remappedIds };
    });
    return result;
  } catch (e) {
    await objects?.rollback();
    throw e;
  } finally {
    objects?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
