import pg from 'pg';

/** The PostgreSQL the tests use: TEST_DATABASE_URL, else the local server on 127.0.0.1:5432 (trust auth). */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const urlFor = (db: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  return u.toString();
};

export async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Drops a test database and the request role the server made for it (platform/tenancy/request-role.ts: one per
 * database, named from its name); roles are cluster-wide and would otherwise pile up.
 */
export async function dropTestDatabase(c: pg.Client, name: string): Promise<void> {
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const { rows } = await c.query(`select 'zoo_req_' || left(md5($1), 12) as role`, [name]);
  await c.query(`DROP ROLE IF EXISTS ${rows[0].role as string}`);
}
