import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { bladeLogUsual } from '../log/log.tables';
import { countRows, countPrefix, type CountOptions } from './paging';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/**
 * A count the cache kept: the cache drops a value loaded across any invalidation (its listener connecting, a job's
 * write elsewhere), so the count is taken again until one was loaded without any.
 */
async function kept(count: () => Promise<number>): Promise<number> {
  await expect.poll(() => t.app.zoo.cache.listening).toBe(true);
  for (;;) {
    const epoch = t.app.zoo.cache.epoch;
    const n = await count();
    if (t.app.zoo.cache.epoch === epoch) return n;
  }
}

const insert = (n: number, logId: string) => t.sql.query(`insert into blade_log_usual (log_id) select $1 from generate_series(1, $2)`, [logId, n]);

describe('append-only counting', () => {
  it('counts the settled rows once, then only the rows after the watermark, and stays exact', async () => {
    const o: CountOptions = { mode: 'appendOnly', cache: t.app.zoo.cache, scope: '*', settleSeconds: 0 };
    const where = eq(bladeLogUsual.logId, 'wm');
    const db = t.database.db;
    await insert(5, 'wm');
    expect(await countRows(db, bladeLogUsual, where, o)).toBe(5);
    // The watermark is an id of the count's millisecond (settleSeconds 0): the rows below are inserted once the
    // database's clock has left it, so their ids are above it whatever the machine's speed.
    const ms = `select floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text as ms`;
    const counted = BigInt((await t.sql.query(ms)).rows[0].ms);
    await expect.poll(async () => BigInt((await t.sql.query(ms)).rows[0].ms) > counted, { timeout: 5000, interval: 1 }).toBe(true);
    await insert(3, 'wm');
    await insert(2, 'other');
    expect(await kept(() => countRows(db, bladeLogUsual, where, o))).toBe(8);
    // Proof that the second count did not recount: a row slipped in below the watermark is not seen
    // (append-only tables never get such rows; this only makes the incremental path visible).
    await t.sql.query(`insert into blade_log_usual (id, log_id) values (1, 'wm')`);
    expect(await countRows(db, bladeLogUsual, where, o)).toBe(8);
    expect(await countRows(db, bladeLogUsual, where, { ...o, mode: 'exact' })).toBe(9);
    // Invalidation (e.g. after a purge) makes the next count start over.
    await t.app.zoo.cache.invalidate(db, countPrefix(bladeLogUsual));
    expect(await countRows(db, bladeLogUsual, where, o)).toBe(9);
  });
});

describe('cached counting', () => {
  it('keeps a total per filter set until the table is invalidated', async () => {
    const o: CountOptions = { mode: 'cached', cache: t.app.zoo.cache, scope: '*' };
    const where = eq(bladeLogUsual.logId, 'cc');
    const db = t.database.db;
    await insert(2, 'cc');
    expect(await kept(() => countRows(db, bladeLogUsual, where, o))).toBe(2);
    await insert(1, 'cc');
    expect(await countRows(db, bladeLogUsual, where, o)).toBe(2);
    await t.app.zoo.cache.invalidate(db, countPrefix(bladeLogUsual));
    expect(await countRows(db, bladeLogUsual, where, o)).toBe(3);
  });
});
