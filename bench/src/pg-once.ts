import pg from 'pg';

/** One statement on its own connection (create/drop the bench database, flip a trigger, read a count). */
export async function pgOnce(url: string, q: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(q);
  } finally {
    await c.end();
  }
}
