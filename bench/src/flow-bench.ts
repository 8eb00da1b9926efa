/**
 * Workflow throughput (issue 35): BENCH_PROCESSES (1 000) instances of a two-task process started and completed
 * through the HTTP API — `POST /blade-desk/process/leave/start-process`, then `POST /blade-flow/work/complete-task`
 * for the first task and for the second — against the compiled server run as production runs it (its own process,
 * pool of 10) on a fresh PostgreSQL database with the demo seed. BENCH_CONCURRENCY (8) requests are in flight at a
 * time. Printed: processes per second over the whole run (1 000 starts + 2 000 completions), and p50 / p99 of a
 * start and of a completion. Each step runs the engine from the saved state (decision 0018), so a completion costs
 * what a start costs plus the state's recovery.
 *
 * The task ids are read from the database between the phases (bookkeeping, not timed).
 * Usage: npm run bench:flow -w @zoo/bench
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropBenchDatabase, pgOnce } from './pg-once';
import { adminToken } from './sign-in';
import { buildServer, startServer } from './spawn-server';

const N = Number(process.env.BENCH_PROCESSES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TENANT = '100000';
const KEY = 'bench_two_tasks';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
<process id="${KEY}" name="两步审批压测" isExecutable="true">
  <startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="t1"/>
  <userTask id="t1" name="第一步" flowable:assignee="\${taskUser}"/><sequenceFlow id="f2" sourceRef="t1" targetRef="t2"/>
  <userTask id="t2" name="第二步" flowable:assignee="\${taskUser}"/><sequenceFlow id="f3" sourceRef="t2" targetRef="e"/>
  <endEvent id="e"/>
</process></definitions>`;

/** Runs `jobs` with CONCURRENCY in flight; returns each one's milliseconds. */
async function timed<T>(items: T[], job: (item: T) => Promise<void>): Promise<number[]> {
  const ms: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      const t0 = performance.now();
      await job(items[i]!);
      ms.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return ms;
}

async function main() {
  buildServer();
  const dbName = `zoo_bench_${randomBytes(3).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  await pgOnce(adminUrl, `CREATE DATABASE ${dbName}`);
  const server = await startServer(
    { DATABASE_URL: url, CAPTCHA_MODE: 'off', LOG_LEVEL: 'warn', DB_POOL_MAX: '10', SEED_DEMO: 'on' },
    18900 + Math.floor(Math.random() * 90),
  );
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const token = await adminToken(server.base, TENANT);
    const call = async (path: string, body: unknown, init: RequestInit = {}) => {
      const r = await fetch(`${server.base}/api${path}`, {
        method: 'POST',
        headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
        body: body instanceof FormData ? body : JSON.stringify(body),
        ...init,
      });
      const j = (await r.json()) as { success: boolean; msg: string };
      if (!j.success) throw new Error(`${path}: ${r.status} ${j.msg}`);
    };
    // The zoo's administrator deploys the process to the zoo and is the approver of both tasks.
    const form = new FormData();
    form.append('category', 'flow_1');
    form.append('tenantIds', TENANT);
    form.append('files', new Blob([XML], { type: 'text/xml' }), `${KEY}.bpmn20.xml`);
    await call('/blade-flow/manager/deploy-upload', form);
    const [def] = (await c.query(`select definition_id from flow_definition where process_key = $1 and tenant_id = $2`, [KEY, TENANT])).rows;
    const [me] = (await c.query(`select id::text from blade_user where tenant_id = $1 and account = 'admin'`, [TENANT])).rows;
    const run = randomBytes(3).toString('hex');

    const t0 = performance.now();
    const starts = await timed(
      Array.from({ length: N }, (_, i) => i),
      (i) =>
        call('/blade-desk/process/leave/start-process', {
          processDefinitionId: def.definition_id,
          taskUser: me.id,
          startTime: '2099-03-01 09:00:00',
          endTime: '2099-03-03 09:00:00',
          reason: `压测 ${run} ${i}`,
        }),
    );
    const completes: number[] = [];
    for (const step of ['t1', 't2']) {
      const tasks = (
        await c.query(
          `select t.id::text, t.instance_id::text from flow_task t join flow_instance i on i.id = t.instance_id
            where i.process_key = $1 and t.task_def_key = $2 and t.end_time is null`,
          [KEY, step],
        )
      ).rows as Array<{ id: string; instance_id: string }>;
      if (tasks.length !== N) throw new Error(`${step}: ${tasks.length} open tasks, expected ${N}`);
      completes.push(
        ...(await timed(tasks, (t) => call('/blade-flow/work/complete-task', { taskId: t.id, processInstanceId: t.instance_id, flag: 'ok', comment: '同意' }))),
      );
    }
    const secs = (performance.now() - t0) / 1000;
    const [done] = (await c.query(`select count(*)::int as n from flow_instance where process_key = $1 and state = 'finished'`, [KEY])).rows;
    if (done.n !== N) throw new Error(`${done.n} of ${N} instances finished`);
    const f = (x: number) => x.toFixed(1);
    console.log(`\n${N} two-task processes, ${CONCURRENCY} requests in flight, PostgreSQL, server in its own process`);
    console.log(`  processes/s (start + two completions): ${(N / secs).toFixed(1)}   (${secs.toFixed(1)} s in all)`);
    console.log(`  start     p50 ${f(pct(starts, 50))} ms   p99 ${f(pct(starts, 99))} ms`);
    console.log(`  complete  p50 ${f(pct(completes, 50))} ms   p99 ${f(pct(completes, 99))} ms`);
  } finally {
    await c.end();
    await server.stop();
    await dropBenchDatabase(adminUrl, dbName);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
