import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { rowsOf, type Db } from '../db/client';
import { filesUnder, sha256 } from './backup';
import { TENANT_FORMAT, TenantArchiveError, type InTransaction, type StorageSettings, type TenantManifest } from './tenant-manifest';
import { ObjectRefs, storeOfPath, zooConfigs } from './tenant-objects';
import { tenantTables } from './tenant-tables';

export { TENANT_FORMAT, TenantArchiveError, type InTransaction, type StorageSettings, type TenantManifest } from './tenant-manifest';

/** Rows fetched per round trip (the `fetch 2000` below): a table of millions streams through memory this many at a time. */
const FETCH = 2000;

/**
 * Writes `tenantId`'s rows (one snapshot), its folder of the built-in storage and the bucket objects its rows link
 * to (tenant-objects.ts) to `outFile` (replaced only once complete). Given a database, it reads in a transaction of
 * its own; given `InTransaction`, in that one (PGlite: nothing else runs meanwhile).
 */
export async function exportTenant(db: Db | InTransaction, tenantId: string, storage: StorageSettings, outFile: string): Promise<TenantManifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-tenant-export-'));
  try {
    fs.mkdirSync(path.join(work, 'tables'));
    // Repeatable read: every table as of one moment, as pg_dump reads, while the zoo goes on working.
    const inTx: InTransaction = typeof db === 'function' ? db : (fn) => db.transaction(fn, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    const { tenantName, tables, refs } = await inTx(async (tx) => {
      const names = await rowsOf<{ n: string }>(tx, sql`select tenant_name as n from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`);
      if (!names.length) throw new TenantArchiveError(`租户 ${tenantId} 不存在`);
      const refs = new ObjectRefs(tenantId, await zooConfigs(tx, tenantId));
      const tables: TenantManifest['tables'] = [];
      for (const t of await tenantTables(tx)) {
        const out = fs.createWriteStream(path.join(work, 'tables', `${t.name}.ndjson`));
        await tx.execute(
          sql`declare zoo_export no scroll cursor for select to_jsonb(x)::text as j from ${sql.identifier(t.name)} x where tenant_id = ${tenantId}`,
        );
        let rows = 0;
        for (;;) {
          const batch = await rowsOf<{ j: string }>(tx, sql`fetch 2000 from zoo_export`);
          for (const r of batch) {
            refs.scan(t.name, r.j);
            if (!out.write(`${r.j}\n`)) await once(out, 'drain');
          }
          rows += batch.length;
          if (batch.length < FETCH) break;
        }
        await tx.execute(sql`close zoo_export`);
        out.end();
        await once(out, 'finish');
        tables.push({ name: t.name, columns: t.columns, rows });
      }
      return { tenantName: names[0]!.n, tables, refs };
    });
    // The objects, once the snapshot is read: keys are `upload/<tenant>/<day>/<uuid>.<ext>` (storage/object-key.ts).
    const missing = await refs.collect(work, storage);
    const entries: TenantManifest['entries'] = [];
    for (const name of [...filesUnder(work, 'tables'), ...filesUnder(work, 'files')]) {
      const file = path.join(work, name);
      const store = storeOfPath(name);
      entries.push({ path: name, size: fs.statSync(file).size, sha256: await sha256(file), ...(store ? { store } : {}) });
    }
    const manifest: TenantManifest = {
      format: TENANT_FORMAT,
      createdAt: new Date().toISOString(),
      tenantId,
      tenantName,
      tables,
      entries,
      stores: refs.origins(),
      missing,
    };
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
