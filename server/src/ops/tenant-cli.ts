import path from 'node:path';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { exportTenant, TenantArchiveError } from './tenant-export';
import { importTenant } from './tenant-import';

/**
 * `npm run tenant:export -- <tenantId> <file>` and `npm run tenant:import -- <file>`, on the database and file
 * storage the server's own settings name (DATABASE_URL, DATA_DIR, UPLOAD_DIR). See README "A zoo's data".
 */
async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  // npm runs the script in server/: a relative file is the caller's (INIT_CWD is where npm was started).
  const resolve = (f: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), f);
  const usage = new TenantArchiveError('用法: tenant-cli.ts export <租户ID> <文件> | import <文件>');
  // The embedded database is opened under its lock: a running server holds it, and the command says so.
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl, 2, config.timeZone) : await openPglite(config.dataDir, config.timeZone);
  const t0 = Date.now();
  const secs = () => ((Date.now() - t0) / 1000).toFixed(1);
  try {
    if (command === 'export') {
      const [tenantId, file] = args;
      if (!tenantId || !file) throw usage;
      const m = await exportTenant(database.db, tenantId, config, resolve(file));
      const rows = m.tables.reduce((n, t) => n + t.rows, 0);
      const files = m.entries.filter((e) => e.store).length;
      console.log(`导出完成: ${resolve(file)} (租户 ${tenantId} ${m.tenantName}, ${rows} 行, ${files} 个文件, ${secs()} s)`);
      for (const o of m.missing ?? []) console.warn(`存储中缺失的文件 (${o.store}): ${o.key}`);
    } else if (command === 'import') {
      const [file] = args;
      if (!file) throw usage;
      const r = await importTenant(database.db, resolve(file), config);
      const moved = r.tenantId === r.fromTenantId ? '' : ` (原租户ID ${r.fromTenantId} 已被占用)`;
      console.log(
        `导入完成: 租户 ${r.tenantId}${moved} ${r.tenantName}, ${r.rows} 行, ${r.files} 个文件, ${r.missingFiles ? `${r.missingFiles} 个文件导出时已缺失, ` : ''}${r.remappedIds} 个新编号, ${secs()} s`,
      );
    } else throw usage;
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof TenantArchiveError ? e.message : e);
  process.exit(1);
});
