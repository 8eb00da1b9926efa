import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { startWireTap } from '../../../test/pg-wire-tap';
import { rowsOf } from '../../db/client';
import { finalStatement, inTenant } from './tenant-tx';
import { ensureRequestRole, requestPoolFor } from './request-role';
import { aggregateAcrossTenants } from './across-tenants';
import { zooAdmin } from '../../../test/zoo-fixtures';

let t: TestApp;
let tap: Awaited<ReturnType<typeof startWireTap>>;
beforeAll(async () => {
  tap = await startWireTap({ host: '127.0.0.1', port: 5432 });
  t = await startTestApp({}, { serverUrl: (url) => url.replace(/:\d+\//, `:${tap.port}/`) });
  // A second tenant, so that seeing one tenant means something.
  await zooAdmin(t, '300091');
});
afterAll(async () => {
  await t?.close();
  await tap?.close();
});

/** drizzle wraps a driver error ("Failed query: …") with PostgreSQL's as its cause. */
const pgError = (e: unknown) => String(((e as { cause?: Error }).cause ?? (e as Error)).message);
const failsWith = async (p: Promise<unknown>, re: RegExp) =>
  expect(
    pgError(
      await p.then(
        () => new Error('no error'),
        (e: unknown) => e,
      ),
    ),
  ).toMatch(re);
const status = async (xid: string) => (await t.sql.query(`select txid_status($1::bigint) as s`, [xid])).rows[0].s as string;
const zoo = { tenantId: '000000', userName: 'tester' };

describe('no request value in SQL text', () => {
  // Quotes, backslashes, placeholders, dollar quoting, comments, statement ends and a JavaScript line separator.
  const nasty = ["o'k", 'a\\b', '$1', '$$', '--', ';', '\u2028'];
  const marked = nasty.map((v, i) => `ZQ${i}${v}QZ`);

  it('list filters, form fields and the Audit-Reason header reach PostgreSQL as bind values only', async () => {
    const token = await t.login();
    tap.clear();
    for (const m of marked) {
      const list = await t.request({ url: '/blade-system/param/list', token, query: { paramName: m, paramKey: m } });
      expect(list.status).toBe(200);
      const saved = await t.request({
        method: 'POST',
        url: '/blade-system/param/submit',
        token,
        body: { paramName: m, paramKey: `k${m}`, paramValue: m, remark: m },
        headers: { 'audit-reason': encodeURIComponent(m) },
      });
      expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    }
    // PostgreSQL holds them as they were typed, and the audit trail names the reason.
    const kept = await t.sql.query(`select param_value from blade_param where param_key like 'kZQ%' order by param_key`);
    expect(kept.rows.map((r) => r.param_value).sort()).toEqual([...marked].sort());
    const reasons = await t.sql.query(`select distinct reason from sys_audit where table_name = 'blade_param' and reason like 'ZQ%'`);
    expect(reasons.rows.map((r) => r.reason).sort()).toEqual([...marked].sort());
    // What PostgreSQL received: every value in a Bind message, none in any statement text.
    for (const m of marked) expect(tap.log.params.some((p) => p.includes(m))).toBe(true);
    const leaked = tap.log.texts.filter((text) => text.includes('ZQ'));
    expect(leaked).toEqual([]);
    expect(tap.log.texts.length).toBeGreaterThan(20);
  });
});

describe('a request connection cannot become the owner', () => {
  let conn: pg.Client;
  beforeAll(async () => {
    const login = await ensureRequestRole(t.database.db);
    const u = new URL(t.config.databaseUrl!);
    u.username = login.role;
    u.password = login.password;
    conn = new pg.Client({ connectionString: u.toString() });
    await conn.connect();
  });
  afterAll(async () => conn?.end());

  it('requests log in as the request role', async () => {
    const roles = await inTenant(t.database.db, zoo, (tx) =>
      rowsOf<{ session: string; current: string }>(tx, sql`select session_user as session, current_user as current`),
    );
    expect(roles[0]!.session).toMatch(/^zoo_req_[0-9a-f]{12}$/);
    expect(roles[0]!.current).toBe('zoo_app');
  });

  it('reset role leaves no right on any table; set role zoo_app sees one tenant only; the owner is out of reach', async () => {
    const all = Number((await t.sql.query(`select count(distinct tenant_id) as n from blade_role`)).rows[0].n);
    expect(all).toBeGreaterThan(1);
    await conn.query('begin');
    await conn.query(`select set_config('app.tenant_id', '000000', true), set_config('role', 'zoo_app', true)`);
    await conn.query('reset role');
    await expect(conn.query('select count(*) from blade_role')).rejects.toThrow(/permission denied/);
    await conn.query('rollback');

    await conn.query('begin');
    await conn.query(`select set_config('app.tenant_id', '000000', true)`);
    await conn.query('set local role zoo_app');
    const seen = await conn.query('select distinct tenant_id from blade_role');
    expect(seen.rows).toEqual([{ tenant_id: '000000' }]);
    await conn.query('rollback');

    await expect(conn.query(`set role ${t.config.databaseUrl!.match(/\/\/([^@:]+)/)![1]}`)).rejects.toThrow(/permission denied/);
    await expect(conn.query('alter role zoo_app bypassrls')).rejects.toThrow(/must be superuser|permission denied/);
  });
});

describe('the request transaction', () => {
  it('a handler answered from memory sends nothing; a read sends its opening with its statement', async () => {
    tap.clear();
    expect(await inTenant(t.database.db, zoo, async () => 42)).toBe(42);
    expect(tap.log.texts).toEqual([]);
    const [row] = await inTenant(t.database.db, { ...zoo, readOnly: true }, (tx) =>
      rowsOf<Record<string, unknown>>(
        tx,
        sql`select current_setting('app.tenant_id') as tenant, current_user as role, current_setting('transaction_read_only') as ro`,
      ),
    );
    expect(row).toEqual({ tenant: '000000', role: 'zoo_app', ro: 'on' });
  });

  it('finalStatement answers as the transaction sees it and commits; a failure rolls back and the pool stays clean', async () => {
    const [row] = await inTenant(t.database.db, zoo, (tx) =>
      finalStatement<{ tenant: string; who: string; xid: string; v: unknown }>(
        tx,
        sql`select current_setting('app.tenant_id') as tenant, current_setting('app.user_name') as who, txid_current()::text as xid, ${{ a: 1 }}::jsonb as v`,
      ),
    );
    expect(row).toMatchObject({ tenant: '000000', who: 'tester', v: { a: 1 } });
    expect(await status(row!.xid)).toBe('committed');
    let xid = '';
    await failsWith(
      inTenant(t.database.db, zoo, async (tx) => {
        xid = (await rowsOf<{ x: string }>(tx, sql`select txid_current()::text as x`))[0]!.x;
        await tx.execute(sql`insert into blade_param (param_name, param_key, param_value) values ('x', 'rolled-back', 'y')`);
        return finalStatement(tx, sql`select 1 / ${0}::int`);
      }),
      /division by zero/,
    );
    // The failure reaches the caller as soon as the statement fails; the rollback behind it ends the transaction
    // a moment later (the connection goes back to the pool only then).
    await expect.poll(() => status(xid)).toBe('aborted');
    // More rounds than the pool has connections: each came back outside any transaction.
    for (let i = 0; i < 12; i++) {
      await failsWith(
        inTenant(t.database.db, zoo, (tx) => tx.execute(sql`select 1 / ${0}::int`)),
        /division by zero/,
      );
      const [r] = await inTenant(t.database.db, zoo, (tx) =>
        finalStatement<{ n: number; open: boolean }>(tx, sql`select ${i}::int as n, now() = statement_timestamp() as open`),
      );
      expect(r).toEqual({ n: i, open: false });
    }
  });

  it('statements issued together run in order in one transaction; a failure fails those behind it', async () => {
    const out = await inTenant(t.database.db, zoo, async (tx) => {
      const q = (n: number) => rowsOf<{ x: string; n: number }>(tx, sql`select txid_current()::text as x, ${n}::int as n`);
      return Promise.all([q(1), q(2), q(3), q(4)]);
    });
    expect(new Set(out.map((r) => r[0]!.x)).size).toBe(1);
    expect(out.map((r) => r[0]!.n)).toEqual([1, 2, 3, 4]);
    let results: PromiseSettledResult<unknown>[] = [];
    // A handler that swallows a failed statement still cannot commit: the transaction is aborted.
    await failsWith(
      inTenant(t.database.db, zoo, async (tx) => {
        results = await Promise.allSettled([tx.execute(sql`select 1`), tx.execute(sql`select 1 / ${0}::int`), tx.execute(sql`select 3`)]);
      }),
      /transaction is aborted/,
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
  });

  it('one text issued many times together is named once per connection (no duplicate Parse)', async () => {
    for (let round = 0; round < 4; round++) {
      const ns = await inTenant(t.database.db, zoo, (tx) =>
        Promise.all(Array.from({ length: 6 }, (_, i) => rowsOf<{ n: number }>(tx, sql`select ${i}::int + 0 as n`))),
      );
      expect(ns.map((r) => r[0]!.n)).toEqual([0, 1, 2, 3, 4, 5]);
    }
  });

  it("a read-only call's COMMIT leaves with the connection's next BEGIN, or on the next turn: no transaction stays open", async () => {
    tap.clear();
    const read = () =>
      inTenant(t.database.db, { ...zoo, readOnly: true }, (tx) =>
        rowsOf<{ pid: number; at: string }>(tx, sql`select pg_backend_pid() as pid, transaction_timestamp()::text as at`),
      );
    // Three times the pool: connections are taken again while their last call's COMMIT is still owed.
    const calls = (await Promise.all(Array.from({ length: 30 }, read))).map((r) => r[0]!);
    expect(new Set(calls.map((c) => c.pid)).size).toBeLessThan(30);
    // Each call had a transaction of its own: the owed COMMIT went out before the next BEGIN on that connection.
    expect(new Set(calls.map((c) => `${c.pid} ${c.at}`)).size).toBe(30);
    const open = async () =>
      (await t.sql.query(`select count(*)::int as n from pg_stat_activity where usename like 'zoo_req_%' and state like 'idle in transaction%'`)).rows[0]
        .n as number;
    await expect.poll(open).toBe(0);
    expect(tap.log.texts.filter((x) => x === 'commit').length).toBeGreaterThanOrEqual(30);
    // A statement sent on the pool directly (a standby's lag poll does) right after a read-only call, on the
    // connection that call just gave back with its COMMIT owed: it runs in a transaction of its own, not the call's.
    const pool = await requestPoolFor(t.database.db)!;
    await read();
    const { rows } = await pool.query(`select now() = statement_timestamp() as fresh, current_setting('app.tenant_id', true) as tenant`);
    expect(rows[0]).toEqual({ fresh: true, tenant: '' });
  });

  it('a read-only call is refused its writes by PostgreSQL', async () => {
    await failsWith(
      inTenant(t.database.db, { ...zoo, readOnly: true }, (tx) =>
        tx.execute(sql`insert into blade_param (param_name, param_key, param_value) values ('x', 'ro', 'y')`),
      ),
      /read-only transaction/,
    );
    expect((await t.sql.query(`select count(*)::int as n from blade_param where param_key = 'ro'`)).rows[0].n).toBe(0);
  });

  it('savepoints nest; aggregates across tenants count every zoo while the request sees its own', async () => {
    const inner = await inTenant(t.database.db, zoo, (tx) =>
      tx.transaction(async (sp) => (await rowsOf<{ role: string }>(sp, sql`select current_user as role`))[0]!.role),
    );
    expect(inner).toBe('zoo_app');
    const [own, every] = await inTenant(t.database.db, { tenantId: '000000', readOnly: true }, async (tx) => [
      (await rowsOf<{ n: number }>(tx, sql`select count(distinct tenant_id)::int as n from blade_role`))[0]!.n,
      await aggregateAcrossTenants(
        tx,
        async (all) => (await rowsOf<{ n: number }>(all, sql`select count(distinct tenant_id)::int as n from blade_role`))[0]!.n,
      ),
    ]);
    expect(own).toBe(1);
    expect(every).toBeGreaterThan(1);
  });
});
