import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CREATE_APP_ROLE } from '../src/ops/backup';
import { adminUrl, withAdmin } from './pg-admin';

// `zoo_app` is a role of the whole cluster. Two databases migrated (or restored) at once on a new cluster both find it
// missing and both create it: the second CREATE waits on the first's uncommitted pg_authid row, then fails on the
// unique index (23505), not with duplicate_object. Both texts that create it must take that as "already there".
// Run here on a probe role, so the shared zoo_app of the other tests is never dropped.
const migration = readFileSync(new URL('../drizzle/0000_bootstrap.sql', import.meta.url), 'utf8');
const MIGRATION_BLOCK = /DO \$\$ BEGIN\s+CREATE ROLE zoo_app[\s\S]*?END \$\$;/.exec(migration)![0];

/** Runs `block` in a second session while a first has run it and not committed yet; answers the second's outcome. */
async function createdTwiceAtOnce(block: string): Promise<void> {
  const probe = `zz_app_role_race_${process.pid}`;
  const text = block.replaceAll('zoo_app', probe);
  const first = new pg.Client({ connectionString: adminUrl });
  const second = new pg.Client({ connectionString: adminUrl });
  await Promise.all([first.connect(), second.connect()]);
  try {
    await withAdmin((c) => c.query(`DROP ROLE IF EXISTS ${probe}`));
    await first.query('BEGIN');
    await first.query(text);
    const pid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const outcome = second.query(text).then(() => undefined);
    outcome.catch(() => undefined);
    // The second session is waiting for the first's transaction (the row it inserted in pg_authid).
    await expect
      .poll(() => withAdmin(async (c) => (await c.query(`select wait_event_type from pg_stat_activity where pid = $1`, [pid])).rows[0]?.wait_event_type))
      .toBe('Lock');
    await first.query('COMMIT');
    return await outcome;
  } finally {
    await Promise.all([first.end(), second.end()]);
    await withAdmin((c) => c.query(`DROP ROLE IF EXISTS ${probe}`));
  }
}

describe('the shared request role zoo_app, created by two databases at once', () => {
  it('the block duplicate_object alone would catch fails the second creator (the race is real)', async () => {
    await expect(createdTwiceAtOnce(MIGRATION_BLOCK.replace(' OR unique_violation', ''))).rejects.toMatchObject({ code: '23505' });
  });

  it("migration 0000's block leaves the role to whoever created it first", async () => {
    await expect(createdTwiceAtOnce(MIGRATION_BLOCK)).resolves.toBeUndefined();
  });

  it("a restore's block does the same", async () => {
    await expect(createdTwiceAtOnce(CREATE_APP_ROLE)).resolves.toBeUndefined();
  });
});
