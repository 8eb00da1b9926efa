import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { rowsOf, type Db, type Tx } from '../db/client';
import { filesUnder, sha256 } from './backup';
import { tenantTables } from './tenant-tables';

/**
 * One zoo as one file (decision 0053): the backup's shape — a tar with `manifest.json` listing every entry's size
 * and SHA-256 — holding `tables/<table>.ndjson` (one row a line, as PostgreSQL's `to_jsonb` writes it: numbers keep
 * every digit, no client parsing) and `files/upload/<tenant>/…` (the zoo's objects in the built-in storage).
 */
export const TENANT_FORMAT = 'zoo-tenant/1';

export interface TenantManifest {
  format: typeof TENANT_FORMAT;
  createdAt: string;
  tenantId: string;
  tenantName: string;
  /** Each table's stored columns and row count: the import refuses a schema that differs. */
  tables: Array<{ name: string; columns: string[]; rows: number }>;
  entries: Array<{ path: string; size: number; sha256: string }>;
}

export class TenantArchiveError extends Error {}

/** Rows fetched per round trip (the `fetch 2000` below): a table of millions streams through memory this many at a time. */
const FETCH = 2000;

/** Where the work runs: its own transaction, or (embedded database, one connection) the caller's request's. */
export type InTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Writes `tenantId`'s rows (one snapshot) and files to `outFile` (replaced only once complete). Given a database,
 * it reads in a transaction of its own; given `InTransaction`, in that one (PGlite: nothing else runs meanwhile).
 */
export async function exportTenant(db: Db | InTransaction, tenantId: string, uploadDir: string, outFile: string): Promise<TenantManifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-tenant-export-'));
  try {
    fs.mkdirSync(path.join(work, 'tables'));
    // Repeatable read: every table as of one moment, as pg_dump reads, while the zoo goes on working.
    const inTx: InTransaction = typeof db === 'function' ? db : (fn) => db.transaction(fn, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    const { tenantName, tables } = await inTx(async (tx) => {
      const names = await rowsOf<{ n: string }>(tx, sql`select tenant_name as n from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`);
      if (!names.length) throw new TenantArchiveError(`租户 ${tenantId} 不存在`);
      const tables: TenantManifest['tables'] = [];
      for (const t of await tenantTables(tx)) {
        const out = fs.createWriteStream(path.join(work, 'tables', `${t.name}.ndjson`));
        await tx.execute(
          sql`declare zoo_export no scroll cursor for select to_jsonb(x)::text as j from ${sql.identifier(t.name)} x where tenant_id = ${tenantId}`,
        );
        let rows = 0;
        for (;;) {
          const batch = await rowsOf<{ j: string }>(tx, sql`fetch 2000 from zoo_export`);
          for (const r of batch) if (!out.write(`${r.j}\n`)) await once(out, 'drain');
          rows += batch.length;
          if (batch.length < FETCH) break;
        }
        await tx.execute(sql`close zoo_export`);
        out.end();
        await once(out, 'finish');
        tables.push({ name: t.name, columns: t.columns, rows });
      }
      return { tenantName: names[0]!.n, tables };
    });
    // The zoo's objects: keys are `upload/<tenant>/<day>/<uuid>.<ext>` (resource/storage/object-key.ts).
    const own = path.join(uploadDir, 'upload', tenantId);
    if (fs.existsSync(own)) fs.cpSync(own, path.join(work, 'files', 'upload', tenantId), { recursive: true });
    const entries = [];
    for (const name of [...filesUnder(work, 'tables'), ...filesUnder(work, 'files')]) {
      const file = path.join(work, name);
      entries.push({ path: name, size: fs.statSync(file).size, sha256: await sha256(file) });
    }
    const manifest: TenantManifest = { format: TENANT_FORMAT, createdAt: new Date().toISOString(), tenantId, tenantName, tables, entries };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 1));
    const partial = `${outFile}.partial`;
    const roots = ['manifest.json', 'tables', ...(fs.existsSync(path.join(work, 'files')) ? ['files'] : [])];
    await tar.create({ file: partial, cwd: work, portable: true, gzip: true }, roots);
    fs.renameSync(partial, outFile);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
