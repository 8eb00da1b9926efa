import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, rowsOf, type Database } from '../db/client';
import { backup, restore } from './backup';
import { requestBackupFromServer, serveBackupRequests } from './backup-live';

const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), p));
const counts = async (d: Database) =>
  (
    await rowsOf<{ a: number; b: number; ma: number; mb: number }>(
      d.db,
      sql`select (select count(*)::int from a) as a, (select count(*)::int from b) as b, (select max(n) from a) as ma, (select max(n) from b) as mb`,
    )
  )[0]!;

describe('backup of the embedded database while its server runs', { timeout: 180_000 }, () => {
  it('the running server writes a consistent backup on request while transactions keep committing', async () => {
    const dataDir = tmp('zoo-live-');
    const uploadDir = path.join(dataDir, 'uploads');
    const other = tmp('zoo-live-restored-');
    const file = path.join(other, '..', `${path.basename(other)}.backup`);
    const db = await openPglite(dataDir, 'Asia/Shanghai');
    const stop = serveBackupRequests({ dataDir, uploadDir }, db.dumpDataDir!, () => {});
    fs.mkdirSync(path.join(uploadDir, 'upload/100000/20261128'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, 'upload/100000/20261128/x.pdf'), 'pdf');
    let n = 0;
    let writing = true;
    let writer: Promise<void> = Promise.resolve();
    try {
      await db.db.execute(sql`create table a (n int primary key)`);
      await db.db.execute(sql`create table b (n int primary key)`);
      // Each transaction writes the same number into both tables: a copy taken mid-transaction would differ.
      writer = (async () => {
        while (writing) {
          const k = ++n;
          await db.db.transaction(async (tx) => {
            await tx.execute(sql`insert into a values (${k})`);
            await new Promise((r) => setTimeout(r, 2));
            await tx.execute(sql`insert into b values (${k})`);
          });
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      // The plain command is refused (the server holds the directory): it asks the server instead.
      await expect(backup({ dataDir, uploadDir }, file)).rejects.toThrow('正在被服务使用');
      const committedBefore = (await counts(db)).a;
      const manifest = await requestBackupFromServer(dataDir, file);
      writing = false;
      await writer;
      expect(manifest.database).toBe('pglite');
      expect(manifest.entries.map((e) => e.path)).toContain('files/upload/100000/20261128/x.pdf');
      expect(committedBefore).toBeGreaterThan(0);
      expect(fs.readdirSync(path.join(dataDir, 'backup-requests'))).toEqual([]);

      await restore(file, { dataDir: other, uploadDir: path.join(other, 'uploads') });
      const copy = await openPglite(other, 'Asia/Shanghai');
      try {
        const c = await counts(copy);
        expect(c.a).toBe(c.b);
        expect(c.ma).toBe(c.mb);
        expect(c.a).toBeGreaterThanOrEqual(committedBefore);
        expect(c.a).toBeLessThanOrEqual(n);
      } finally {
        await copy.close();
      }
      expect(fs.readFileSync(path.join(other, 'uploads/upload/100000/20261128/x.pdf'), 'utf8')).toBe('pdf');
    } finally {
      writing = false;
      await writer;
      await stop();
      await db.close();
      for (const d of [dataDir, other]) fs.rmSync(d, { recursive: true, force: true });
      fs.rmSync(file, { force: true });
    }
  });

  it('a data directory held by a process that does not answer is reported, the request withdrawn', async () => {
    const dataDir = tmp('zoo-live-silent-');
    const db = await openPglite(dataDir, 'Asia/Shanghai');
    try {
      await expect(requestBackupFromServer(dataDir, path.join(dataDir, 'x.backup'), { claimMs: 1500 })).rejects.toThrow('服务未响应备份请求');
      expect(fs.readdirSync(path.join(dataDir, 'backup-requests'))).toEqual([]);
    } finally {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
