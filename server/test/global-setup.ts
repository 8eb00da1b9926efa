import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPostgres, runMigrations } from '../src/db/client';
import { seed } from '../src/seed';
import { dropTestDatabase, urlFor, withAdmin } from './pg-admin';

/**
 * Migrates and seeds one template database per run; every test file clones it (CREATE DATABASE … TEMPLATE),
 * which takes a fraction of a second and gives each file a fresh database.
 */
export default async function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('zooRun', run);
  const tpl = `zoo_tpl_${run}`;
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${tpl} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${tpl}`);
  });
  const db = await openPostgres(urlFor(tpl), 2, 'Asia/Shanghai');
  await runMigrations(db);
  await seed(db, { demo: false });
  await db.close();
  return async () => {
    await withAdmin(async (c) => {
      const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`zoo_t%_${run}`]);
      for (const r of rows) await dropTestDatabase(c, r.datname);
    });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    zooRun: string;
  }
}
