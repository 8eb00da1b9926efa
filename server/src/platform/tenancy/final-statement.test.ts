import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { messagesOf } from '../../../test/messages';
import { finalStatement, inTenant } from './tenant-tx';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const status = async (xid: string) => (await t.sql.query(`select txid_status($1::bigint) as s`, [xid])).rows[0].s as string;

describe('finalStatement (last statement with COMMIT)', () => {
  it('answers the rows as the transaction sees them, values as escaped literals, and commits', async () => {
    const [row] = await inTenant(t.database.db, { tenantId: '000000' }, (tx) =>
      finalStatement<Record<string, unknown>>(tx, sql`select current_setting('app.tenant_id') as tenant, current_user as role, ${"O'Brien; drop table x --"}::text as v,
        ${'C:\\zoo\\熊猫'}::text as b, ${"a\\'; select 1 --"}::text as q, ${'plain 大熊猫'}::text as p, ${sql.param(['x"y', 'a\\b', "o'k"])}::text[] as arr,
        ${5}::int as n, ${null}::text as z, txid_current()::text as xid`),
    );
    // Quotes and backslashes escaped (a backslash turns the literal into E'…'); plain text written as it is.
    expect(row).toMatchObject({ tenant: '000000', role: 'zoo_app', v: "O'Brien; drop table x --", b: 'C:\\zoo\\熊猫', q: "a\\'; select 1 --", p: 'plain 大熊猫', n: 5, z: null });
    expect(row!.arr).toEqual(['x"y', 'a\\b', "o'k"]);
    expect(await status(row!.xid as string)).toBe('committed');
    await expect(inTenant(t.database.db, { tenantId: '000000' }, (tx) => finalStatement(tx, sql`select ${{ a: 1 }}::jsonb`))).rejects.toThrow(/cannot inline/);
  });

  it('a failing last statement rolls back; an error after it still answers; the pool stays usable', async () => {
    let xid = '';
    await expect(
      inTenant(t.database.db, { tenantId: '000000' }, async (tx) => {
        xid = (await finalStatement<{ x: string }>(tx, sql`select txid_current()::text as x`))[0]!.x;
        throw new Error('after the commit');
      }),
    ).rejects.toThrow('after the commit');
    expect(await status(xid)).toBe('committed');
    // More rounds than the pool has connections: every connection came back clean.
    for (let i = 0; i < 15; i++) {
      await expect(inTenant(t.database.db, { tenantId: '000000' }, (tx) => finalStatement(tx, sql`select 1 / ${0}::int`))).rejects.toThrow(/division by zero/);
      const [r] = await inTenant(t.database.db, { tenantId: '000000' }, async (tx) => {
        await tx.execute(sql`select 1`);
        return finalStatement<{ open: boolean }>(tx, sql`select now() = statement_timestamp() as open`);
      });
      // Inside a transaction now() is its start, before this statement's: still the request transaction.
      expect(r!.open).toBe(false);
    }
  });
});

/** How many messages `fn` sends to PostgreSQL, beside its result. */
const countMessages = async <T>(fn: () => Promise<T>) => {
  const { out, sent } = await messagesOf(fn);
  return { out, messages: sent.length };
};

describe('the opening rides on the first statement', () => {
  const zoo = { tenantId: '000000', userName: 'tester' };
  it('a call that reads nothing sends nothing; a one-statement read sends one message', async () => {
    expect(await countMessages(() => inTenant(t.database.db, zoo, async () => 42))).toEqual({ out: 42, messages: 0 });
    const one = await countMessages(() =>
      inTenant(t.database.db, zoo, (tx) => finalStatement<Record<string, unknown>>(tx, sql`select current_setting('app.tenant_id') as tenant, current_user as role, current_setting('app.user_name') as who`)),
    );
    expect(one).toEqual({ out: [{ tenant: '000000', role: 'zoo_app', who: 'tester' }], messages: 1 });
  });

  it('the first statement carries BEGIN and the settings; what follows runs in the same transaction', async () => {
    const { out, messages } = await countMessages(() =>
      inTenant(t.database.db, zoo, async (tx) => {
        const a = (await tx.execute(sql`select txid_current()::text as x, current_user as role, ${'a\'b'}::text as v`)) as unknown as { rows: Array<Record<string, string>> };
        const b = (await tx.execute(sql`select txid_current()::text as x`)) as unknown as { rows: Array<{ x: string }> };
        return [a.rows[0]!, b.rows[0]!.x] as const;
      }),
    );
    expect(out[0]).toMatchObject({ role: 'zoo_app', v: "a'b" });
    expect(out[1]).toBe(out[0].x);
    expect(messages).toBe(3); // first statement with the opening, second, COMMIT
    expect(await status(out[1])).toBe('committed');
  });

  it('a first statement whose values are not scalars is sent on its own after the opening', async () => {
    const { out, messages } = await countMessages(() =>
      inTenant(t.database.db, zoo, async (tx) => {
        const r = (await tx.execute(sql`select ${new Date(Date.UTC(2026, 0, 2))}::timestamptz = '2026-01-02T00:00:00Z' as same, current_user as role`)) as unknown as {
          rows: Array<{ same: boolean; role: string }>;
        };
        return r.rows[0];
      }),
    );
    expect(out).toEqual({ same: true, role: 'zoo_app' });
    expect(messages).toBe(3);
  });

  it('statements issued together wait for the opening and share the one connection; a savepoint may come first', async () => {
    const xids = await inTenant(t.database.db, zoo, async (tx) => {
      const q = () => tx.execute(sql`select txid_current()::text as x`) as unknown as Promise<{ rows: Array<{ x: string }> }>;
      const all = await Promise.all([q(), q(), q()]);
      return all.map((r) => r.rows[0]!.x);
    });
    expect(new Set(xids).size).toBe(1);
    const inner = await inTenant(t.database.db, zoo, (tx) =>
      tx.transaction(async (sp) => ((await sp.execute(sql`select current_user as role`)) as unknown as { rows: Array<{ role: string }> }).rows[0]!.role),
    );
    expect(inner).toBe('zoo_app');
  });

  it('a failing first statement rolls back and gives its error', async () => {
    for (let i = 0; i < 12; i++) {
      await expect(inTenant(t.database.db, zoo, (tx) => tx.execute(sql`select 1 / ${0}::int`))).rejects.toThrow();
    }
    expect(await inTenant(t.database.db, zoo, (tx) => finalStatement<{ n: number }>(tx, sql`select 1 as n`))).toEqual([{ n: 1 }]);
  });
});

describe('read-only calls (GET): no BEGIN, no COMMIT', () => {
  const reader = { tenantId: '000000', userId: '42', userName: 'reader', readOnly: true };
  it('each message carries the settings and runs as its own implicit transaction', async () => {
    const { out, sent } = await messagesOf(() =>
      inTenant(t.database.db, reader, async (tx) => {
        const first = (await tx.execute(sql`select current_setting('app.tenant_id') as tenant, current_user as role, txid_current_if_assigned() as xid`)) as unknown as { rows: object[] };
        const [a, b] = await Promise.all([
          tx.execute(sql`select current_setting('app.user_id') as who`),
          tx.execute(sql`select ${'x'}::text as v`),
        ]);
        return [first.rows[0], (a as unknown as { rows: object[] }).rows[0], (b as unknown as { rows: object[] }).rows[0]];
      }),
    );
    expect(out).toEqual([{ tenant: '000000', role: 'zoo_app', xid: null }, { who: '42' }, { v: 'x' }]);
    expect(sent).toHaveLength(2);
    for (const m of sent) {
      expect(m).not.toMatch(/\bbegin\b|\bcommit\b/i);
      expect(m).toContain(`set_config('transaction_read_only', 'on', true)`);
      // The audit trigger's settings (who, from where, why) are for writes: a read does not carry them.
      expect(m).not.toContain('app.user_name');
    }
    // A last statement is just that statement.
    const last = await messagesOf(() => inTenant(t.database.db, reader, (tx) => finalStatement<{ n: number }>(tx, sql`select 1 as n`)));
    expect(last.out).toEqual([{ n: 1 }]);
    expect(last.sent).toHaveLength(1);
    expect(last.sent[0]).not.toMatch(/\bcommit\b/i);
  });

  it('a write is refused by PostgreSQL, and the pool stays clean', async () => {
    for (let i = 0; i < 12; i++) {
      const e = await inTenant(t.database.db, reader, (tx) => tx.execute(sql`insert into blade_param (param_name, param_key, param_value) values ('x', ${`ro-${i}`}, 'y')`)).catch(
        (x: { cause?: Error }) => x,
      );
      expect(String((e as { cause?: Error }).cause?.message)).toMatch(/read-only transaction/);
    }
    expect((await t.sql.query(`select count(*)::int as n from blade_param where param_key like 'ro-%'`)).rows[0].n).toBe(0);
    expect(await inTenant(t.database.db, reader, (tx) => finalStatement<{ n: number }>(tx, sql`select 1 as n`))).toEqual([{ n: 1 }]);
  });

  it("a handler's own settings (asTenant) or bind parameters open a real transaction, committed at the end", async () => {
    const { out, sent } = await messagesOf(() =>
      inTenant(t.database.db, reader, async (tx) => {
        await tx.execute(sql`select set_config('app.probe', 'kept', true)`);
        const r = (await tx.execute(sql`select current_setting('app.probe', true) as probe, current_setting('app.tenant_id') as tenant, ${{ a: 1 }}::jsonb as obj`)) as unknown as { rows: object[] };
        return r.rows[0];
      }),
    );
    expect(out).toEqual({ probe: 'kept', tenant: '000000', obj: { a: 1 } });
    expect(sent[0]).toMatch(/^begin; /);
    expect(sent.at(-1)).toMatch(/commit$/);
  });
});
