import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, rowsOf } from '../db/client';
import { startTestApp, type TestApp } from '../../test/harness';
import { urlFor, withAdmin } from '../../test/pg-admin';
import { backup, restore } from './backup';

/** Every table's rows as one checksum each (rows sorted by their text), read as the owner. */
async function tableChecksums(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: tables } = await c.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
    const out: Record<string, string> = {};
    for (const { t } of tables) {
      const { rows } = await c.query<{ h: string; n: string }>(
        `select md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h, count(*)::text as n from "${t}" x`,
      );
      out[t] = `${rows[0]!.n}:${rows[0]!.h}`;
    }
    return out;
  } finally {
    await c.end();
  }
}

/** An empty database of this run (dropped with the run's others). */
async function emptyDatabase(): Promise<string> {
  const name = `zoo_t${randomBytes(4).toString('hex')}_${inject('zooRun')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  return urlFor(name);
}

const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), p));

describe('backup and restore (PostgreSQL)', { timeout: 180_000 }, () => {
  let t: TestApp;
  let url: string;
  const uploads = tmp('zoo-uploads-');
  const work = tmp('zoo-backups-');
  const file = path.join(work, 'zoo.backup');

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_DIR: uploads });
    url = t.config.databaseUrl!;
    // A change the template does not hold, and a stored file in a nested folder.
    const token = await t.login();
    const res = await t.request({
      method: 'POST',
      url: '/blade-desk/notice/submit',
      token,
      body: { title: '备份演练', category: 1, releaseTime: '2026-11-01 09:00:00', content: '恢复后应仍在' },
    });
    expect(res.body.success).toBe(true);
    fs.mkdirSync(path.join(uploads, 'upload/2026/11'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'upload/2026/11/scan.pdf'), randomBytes(50_000));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it('restores into an empty database every table row for row, and the files byte for byte', async () => {
    // The server is stopped first so that its API log of the requests above is written: the comparison reads the
    // source after the backup, and a running server would go on writing.
    await t.app.close();
    const manifest = await backup({ databaseUrl: url, dataDir: work, uploadDir: uploads }, file);
    expect(manifest.database).toBe('postgres');
    expect(manifest.entries.map((e) => e.path)).toEqual(['database.dump', 'files/upload/2026/11/scan.pdf']);

    const target = await emptyDatabase();
    const restoredFiles = path.join(work, 'restored-files');
    await restore(file, { databaseUrl: target, dataDir: work, uploadDir: restoredFiles });
    const [before, after] = await Promise.all([tableChecksums(url), tableChecksums(target)]);
    expect(Object.keys(after).length).toBeGreaterThan(100);
    expect(after).toEqual(before);
    expect(after.blade_notice).not.toMatch(/^0:/);
    expect(fs.readFileSync(path.join(restoredFiles, 'upload/2026/11/scan.pdf'))).toEqual(fs.readFileSync(path.join(uploads, 'upload/2026/11/scan.pdf')));
  });

  it('refuses a damaged or truncated file and changes nothing; never restores over data', async () => {
    const size = fs.statSync(file).size;
    const flipped = path.join(work, 'flipped.backup');
    const bytes = fs.readFileSync(file);
    // A byte inside the dump's data (past the manifest's tar block): only the checksum can tell.
    bytes[Math.floor(size / 3)]! ^= 0xff;
    fs.writeFileSync(flipped, bytes);
    const truncated = path.join(work, 'truncated.backup');
    fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, Math.floor(size / 2)));

    for (const damaged of [flipped, truncated]) {
      const target = await emptyDatabase();
      const files = path.join(work, `files-${path.basename(damaged)}`);
      await expect(restore(damaged, { databaseUrl: target, dataDir: work, uploadDir: files })).rejects.toThrow(/备份文件已损坏或不完整/);
      expect(await tableChecksums(target)).toEqual({});
      expect(fs.existsSync(files)).toBe(false);
    }
    await expect(restore(file, { databaseUrl: url, dataDir: work, uploadDir: path.join(work, 'x') })).rejects.toThrow('目标数据库不为空');
  });
});

describe('backup and restore (embedded database)', { timeout: 180_000 }, () => {
  it('refuses while a server holds the data directory, then restores it into another', async () => {
    const dataDir = tmp('zoo-pglite-');
    const other = tmp('zoo-pglite-restored-');
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.backup`);
    try {
      const db = await openPglite(dataDir, 'Asia/Shanghai');
      // A table of its own (the migrations would take most of the test's time and prove nothing more here).
      await db.db.execute(sql`create table drill (n int primary key)`);
      await db.db.execute(sql`insert into drill select generate_series(1, 1000)`);
      await expect(backup({ dataDir, uploadDir: path.join(dataDir, 'uploads') }, file)).rejects.toThrow('正在被服务使用');
      const count = async (d: typeof db) => (await rowsOf<{ n: number }>(d.db, sql`select sum(n)::int as n from drill`))[0]!.n;
      const total = await count(db);
      await db.close();

      const manifest = await backup({ dataDir, uploadDir: path.join(dataDir, 'uploads') }, file);
      expect(manifest.database).toBe('pglite');
      await restore(file, { dataDir: other, uploadDir: path.join(other, 'uploads') });
      const restored = await openPglite(other, 'Asia/Shanghai');
      try {
        expect(await count(restored)).toBe(total);
      } finally {
        await restored.close();
      }
      await expect(restore(file, { dataDir: other, uploadDir: path.join(other, 'uploads2') })).rejects.toThrow('嵌入式数据库目录不为空');
    } finally {
      for (const d of [dataDir, other, file]) fs.rmSync(d, { recursive: true, force: true });
    }
  });
});
