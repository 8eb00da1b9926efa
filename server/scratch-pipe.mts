import pg from 'pg';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/zoo_scratch', max: 2, pipeline: true } as any);
const c = await pool.connect();
const t0 = performance.now();
const ps = [
  c.query('begin read only'),
  c.query({ text: "select set_config('app.tenant_id', $1, true) as s", values: ["x'y\\$1--"] }),
  c.query({ name: 'q1', text: "select current_setting('app.tenant_id') as t, $1::int as n", values: [5] }),
  c.query({ text: 'select 1/$1::int as boom', values: [0] }).catch((e) => 'ERR ' + e.message),
  c.query({ text: 'select 2 as after' }).catch((e) => 'ERR ' + e.message),
  c.query('commit'),
];
const r = await Promise.all(ps);
console.log(
  performance.now() - t0,
  r.map((x: any) => (typeof x === 'string' ? x : [x.command, JSON.stringify(x.rows)])),
);
const r2 = await c.query({ name: 'q1', text: "select current_setting('app.tenant_id', true) as t, $1::int as n", values: [6] });
console.log(r2.rows, c.getTransactionStatus?.());
c.release();
await pool.end();
