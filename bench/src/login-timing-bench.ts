/**
 * A wrong password on a real account and on an unknown one must take the same time, or the timing lists the
 * accounts (the unknown account verifies a dummy argon2id hash: it answered 2.5× sooner without). Alternating
 * token calls, medians of LOGIN_TIMING_RUNS (default 21) each; prints the ratio and exits 1 outside 1/1.6 … 1.6.
 * Moved here from server/src/modules/auth/throttle.test.ts, whose test now proves the same work is done (one
 * verification of the same cost each): a time inside a test passes or fails with the machine's load.
 * Uses PostgreSQL at TEST_DATABASE_URL (default local) in a scratch database, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { pgOnce } from './pg-once';
import { buildApp } from '@zoo/server/src/app';
import { loadConfig } from '@zoo/server/src/config';
import { openPostgres, runMigrations } from '@zoo/server/src/db/client';
import { seed } from '@zoo/server/src/seed';

const runs = Number(process.env.LOGIN_TIMING_RUNS ?? 21);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const LIMIT = 1.6;

async function main() {
  const db = `zoo_bench_${randomBytes(3).toString('hex')}`;
  await pgOnce(adminUrl, `CREATE DATABASE ${db}`);
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  // No per-client limit and no lockout in the way: every call reaches the password check.
  const config = loadConfig({ DATABASE_URL: u.toString(), CAPTCHA_MODE: 'off', LOG_LEVEL: 'silent', RATE_LIMIT_LOGIN: '100000', API_LOG: 'off' });
  const database = await openPostgres(config.databaseUrl!, 4, config.timeZone);
  let code = 0;
  try {
    await runMigrations(database);
    await seed(database, { demo: false });
    await pgOnce(u.toString(), `update blade_param set param_value = '100000' where param_key = 'account.failCount'`);
    const app = await buildApp(config, database, { logger: false });
    const wrong = '0'.repeat(32);
    const time = async (account: string) => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?username=${account}&password=${wrong}&grant_type=password&scope=all`,
        headers: { authorization: BASIC, 'tenant-id': '000000' },
      });
      if (res.statusCode !== 400) throw new Error(`${account}: ${res.statusCode} ${res.body}`);
      return performance.now() - t0;
    };
    await time('admin');
    await time('ghost');
    const real: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < runs; i++) {
      real.push(await time('admin'));
      unknown.push(await time(`ghost${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const ratio = median(real) / median(unknown);
    console.log(
      `wrong password, ${runs} alternating calls each: real account ${median(real).toFixed(1)} ms, unknown account ${median(unknown).toFixed(1)} ms (median)`,
    );
    console.log(`ratio real ÷ unknown ${ratio.toFixed(2)} (within 1/${LIMIT} … ${LIMIT}: ${ratio < LIMIT && ratio > 1 / LIMIT ? 'yes' : 'NO'})`);
    if (!(ratio < LIMIT && ratio > 1 / LIMIT)) code = 1;
    await app.close();
  } finally {
    await database.close();
    await pgOnce(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
  process.exit(code);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
