import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { finalRead, inTenant } from './tenant-tx';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const status = async (xid: string) => (await t.sql.query(`select txid_status($1::bigint) as s`, [xid])).rows[0].s as string;

describe('finalRead (last statement with COMMIT)', () => {
  it('answers the rows as the transaction sees them, values as escaped literals, and commits', async () => {
    const [row] = await inTenant(t.database.db, { tenantId: '000000' }, (tx) =>
      finalRead<Record<string, unknown>>(tx, sql`select current_setting('app.tenant_id') as tenant, current_user as role, ${"O'Brien; drop table x --"}::text as v,
        ${5}::int as n, ${null}::text as z, txid_current()::text as xid`),
    );
    expect(row).toMatchObject({ tenant: '000000', role: 'zoo_app', v: "O'Brien; drop table x --", n: 5, z: null });
    expect(await status(row!.xid as string)).toBe('committed');
    await expect(inTenant(t.database.db, { tenantId: '000000' }, (tx) => finalRead(tx, sql`select ${{ a: 1 }}::jsonb`))).rejects.toThrow(/cannot inline/);
  });

  it('a failing last statement rolls back; an error after it still answers; the pool stays usable', async () => {
    let xid = '';
    await expect(
      inTenant(t.database.db, { tenantId: '000000' }, async (tx) => {
        xid = (await finalRead<{ x: string }>(tx, sql`select txid_current()::text as x`))[0]!.x;
        throw new Error('after the commit');
      }),
    ).rejects.toThrow('after the commit');
    expect(await status(xid)).toBe('committed');
    // More rounds than the pool has connections: every connection came back clean.
    for (let i = 0; i < 15; i++) {
      await expect(inTenant(t.database.db, { tenantId: '000000' }, (tx) => finalRead(tx, sql`select 1 / ${0}::int`))).rejects.toThrow(/division by zero/);
      const [r] = await inTenant(t.database.db, { tenantId: '000000' }, async (tx) => {
        await tx.execute(sql`select 1`);
        return finalRead<{ open: boolean }>(tx, sql`select now() = statement_timestamp() as open`);
      });
      // Inside a transaction now() is its start, before this statement's: still the request transaction.
      expect(r!.open).toBe(false);
    }
  });
});
