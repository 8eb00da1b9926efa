import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backup, BackupError, DataDirBusyError, restore } from './backup';
import { requestBackupFromServer } from './backup-live';

/**
 * `npm run backup -- --file zoo.backup` and `npm run restore -- --file zoo.backup`, on the database and file
 * storage the server's own settings name (DATABASE_URL, DATA_DIR, UPLOAD_DIR). See README "Backup and restore".
 */
async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  const { values } = parseArgs({ args: process.argv.slice(3), options: { file: { type: 'string' } } });
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, uploadDir: config.uploadDir };
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  // npm runs the script in server/: a relative --file is the caller's (INIT_CWD is where npm was started).
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.file ?? `zoo-${stamp}.backup`);
  const t0 = Date.now();
  if (command === 'backup') {
    // A server holding the embedded database writes the backup itself, consistently, while it runs.
    const m = await backup(target, file).catch((e: unknown) => {
      if (!(e instanceof DataDirBusyError)) throw e;
      console.log('服务正在运行:请求服务生成备份…');
      return requestBackupFromServer(config.dataDir, file);
    });
    console.log(`备份完成: ${file} (${m.database}, ${m.entries.length} 个文件, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } else if (command === 'restore') {
    if (!values.file) throw new BackupError('请用 --file 指定备份文件');
    const m = await restore(file, target);
    console.log(`恢复完成: ${file} (创建于 ${m.createdAt}, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } else throw new BackupError('用法: backup-cli.ts backup|restore [--file 文件]');
}

main().catch((e: unknown) => {
  console.error(e instanceof BackupError ? e.message : e);
  process.exit(1);
});
