import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openPostgres, runMigrations } from '../db/client';
import { seed } from './index';
import { generateZoos } from './scale';

/**
 * `npm run seed:scale -w @zoo/server -- --zoos 100 --animals 1000000` on DATABASE_URL: migrates, seeds the
 * platform (no demo zoo) and adds synthetic zoos 300001… (existing ones are skipped). `--logs 10000000` gives
 * each new zoo that many keeper logs (the keeper-log month-view benchmark).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      zoos: { type: 'string', default: '10' },
      animals: { type: 'string', default: '100000' },
      species: { type: 'string', default: '20' },
      keepers: { type: 'string', default: '10' },
      logs: { type: 'string', default: '0' },
      'first-tenant': { type: 'string', default: '300000' },
    },
  });
  const int = (k: keyof typeof values, min: number) => {
    const n = Number(values[k]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${k} 应为不小于 ${min} 的整数`);
    return n;
  };
  const opts = {
    zoos: int('zoos', 1),
    animals: int('animals', 0),
    species: int('species', 1),
    keepers: int('keepers', 1),
    logs: int('logs', 0),
    firstTenant: int('first-tenant', 100001),
  };
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL 未设置:规模数据只生成到 PostgreSQL');
  const database = await openPostgres(config.databaseUrl, 2, config.timeZone);
  try {
    const t0 = Date.now();
    await runMigrations(database);
    await seed(database, { demo: false });
    console.log(`迁移与平台数据就绪 (${Date.now() - t0} ms);生成 ${opts.zoos} 个动物园、${opts.animals} 个体…`);
    const stats = await generateZoos(database, { ...opts, log: (l) => console.log(l) });
    const n = stats.reduce((s, z) => s + z.animals, 0);
    console.log(`完成: ${stats.filter((z) => !z.skipped).length} 个动物园, ${n} 个体, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
