import { createHash } from 'node:crypto';
import pg from 'pg';

/** One statement on its own connection (create/drop the bench database, flip a trigger, read a count). */
export async function pgOnce(url: string, q: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(q, params);
  } finally {
    await c.end();
  }
}

/** Drops a bench database and the request role the server made for it (one per database, named from its name). */
export async function dropBenchDatabase(url: string, name: string): Promise<void> {
  await pgOnce(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await pgOnce(url, `DROP ROLE IF EXISTS zoo_req_${createHash('md5').update(name).digest('hex').slice(0, 12)}`);
}
