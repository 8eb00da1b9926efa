import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness';
import { messagesOf } from '../../test/messages';
import { openPostgres, type Database } from './client';
import { inTenant } from '../platform/tenancy/tenant-tx';

let t: TestApp;
/** One connection per pool, so every call below meets the same server session. */
let prepared: Database;
let unprepared: Database;
beforeAll(async () => {
  t = await startTestApp();
  prepared = await openPostgres(t.config.databaseUrl!, 1, t.config.timeZone);
  unprepared = await openPostgres(t.config.databaseUrl!, 1, t.config.timeZone, { prepare: false });
});
afterAll(async () => {
  await prepared?.close();
  await unprepared?.close();
  await t?.close();
});

const zoo = { tenantId: '000000', userName: 'prepared-test' };
const sent = async (db: Database, fn: (tx: Parameters<Parameters<typeof inTenant>[2]>[0]) => Promise<unknown>) =>
  (await messagesOf(() => inTenant(db.db, zoo, fn))).sent.join('\n');

describe('statements prepared per pool connection (db/prepared.ts)', () => {
  it('a statement is inlined on first use, prepared once on the second, executed by name after', async () => {
    const read = (n: number) => sent(prepared, (tx) => tx.execute(sql`select ${n}::int + 1 as prepared_probe_a, current_setting('app.tenant_id') as tenant`));
    const first = await read(1);
    expect(first).toContain(`'1'::int + 1 as prepared_probe_a`);
    expect(first).not.toMatch(/\bprepare zs/);
    const second = await read(2);
    expect(second).toMatch(/prepare zs(\d+) as select \$1::int \+ 1 as prepared_probe_a/);
    expect(second).toMatch(/execute zs\d+\('2'\)/);
    const third = await read(3);
    expect(third).not.toMatch(/\bprepare zs/);
    expect(third).toMatch(/execute zs\d+\('3'\)/);
    // The prepared form answers as the statement does, under the request's settings.
    const res = (await inTenant(prepared.db, zoo, (tx) => tx.execute(sql`select ${4}::int + 1 as prepared_probe_a, current_setting('app.tenant_id') as tenant`))) as unknown as {
      rows: Array<{ prepared_probe_a: number; tenant: string }>;
    };
    expect(res.rows).toEqual([{ prepared_probe_a: 5, tenant: '000000' }]);
  });

  it('a statement PostgreSQL cannot type fails once, then runs with its values written in', async () => {
    const read = () => inTenant(prepared.db, zoo, (tx) => tx.execute(sql`select 1 as prepared_probe_b where ${'x'} is null`));
    await read(); // first use: inlined, fine
    const failed = await read().catch((e: { cause?: { code?: string } }) => e.cause?.code ?? 'other');
    expect(failed).toBe('42P18');
    const later = await messagesOf(() => read());
    expect(later.sent.join('\n')).toContain(`'x' is null`);
    expect(later.sent.join('\n')).not.toMatch(/prepared_probe_b[\s\S]*execute zs/);
    // The connection that carried the failed PREPARE was dropped; the pool still answers.
    expect(((await read()) as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('DB_PREPARE=off (a transaction-pooling PgBouncer) never prepares', async () => {
    let all = '';
    for (let i = 0; i < 3; i++) all += await sent(unprepared, (tx) => tx.execute(sql`select ${i}::int as prepared_probe_c`));
    expect(all).not.toMatch(/\bprepare zs|\bexecute zs/);
    expect(all).toContain(`'2'::int as prepared_probe_c`);
  });
});
