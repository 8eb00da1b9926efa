import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
let cage: string;
const base = '/zoo-cage/humiture';
const ingest = (key: string | undefined, readings: unknown) =>
  t.request({ method: 'POST', url: `${base}/ingest`, headers: key === undefined ? {} : { 'Device-Key': key }, body: { readings } });
const generate = (token: string, cageId: string) => t.request({ method: 'POST', url: `${base}/device/generate`, token, query: { cageId } });
/** A time `h` hours before the current hour, plus `m` minutes, in the database's (the zoo's) clock. */
const at = async (h: number, m: number) =>
  (
    await t.sql.query(
      `select to_char(date_trunc('hour', localtimestamp) - make_interval(hours => $1) + make_interval(mins => $2), 'YYYY-MM-DD HH24:MI:SS') as v`,
      [h, m],
    )
  ).rows[0].v as string;

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '330001');
  zooB = await zooAdmin(t, '330002');
  await authorise(t, '330001', [{ latin: 'Ailuropoda melanoleuca' }]);
  await t.sql.query(`update zoo_species set temp_min = 0, temp_max = 26, humidity_min = 40, humidity_max = 80 where latin_name = 'Ailuropoda melanoleuca'`);
  cage = (await makeCageChain(t, zooA)).cageId;
  await makeAnimal(t, zooA, { speciesId: await speciesId(t, 'Ailuropoda melanoleuca'), cageId: cage, sex: 1 });
});
afterAll(async () => t?.close());

describe('humiture', () => {
  it('generates a device key shown once, accepts its readings, refuses wrong, replaced and revoked keys', async () => {
    const g = await generate(zooA, cage);
    expect(g.body.success).toBe(true);
    const key: string = g.body.data.key;
    expect(key).toMatch(/^zk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const stored = (await t.sql.query(`select key_hash from zoo_cage_device_key where key_id = $1`, [g.body.data.keyId])).rows[0].key_hash;
    expect(key).not.toContain(stored);
    const list = await t.request({ url: `${base}/device`, token: zooA, query: { cageId: cage } });
    expect(list.body.data).toEqual([{ keyId: g.body.data.keyId, createTime: expect.any(String), revokeTime: '', live: true, lastReading: '' }]);
    expect(JSON.stringify(list.body)).not.toContain(key.slice(20));

    expect((await ingest(undefined, [{ temperature: 20, humidity: 50 }])).body).toMatchObject({ code: 401, msg: '设备密钥无效或已吊销' });
    expect((await ingest(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, [{ temperature: 20, humidity: 50 }])).body.code).toBe(401);
    expect((await ingest(key, [{ temperature: 20, humidity: 120 }])).body).toMatchObject({ code: 400, msg: '湿度超出范围(0~100%)' });
    expect((await ingest(key, [])).body.msg).toBe('缺少读数 readings');
    const ok = await ingest(key, [
      { temperature: 20, humidity: 50 },
      { temperature: 21.5, humidity: 55, time: await at(0, 0) },
    ]);
    expect(ok.body).toMatchObject({ code: 200, data: { accepted: 2 } });
    const rows = (await t.sql.query(`select tenant_id, cage_id::text from zoo_humiture`)).rows;
    expect(rows).toEqual([
      { tenant_id: '330001', cage_id: cage },
      { tenant_id: '330001', cage_id: cage },
    ]);
    expect((await t.sql.query(`select count(*)::int n from zoo_humiture where read_time = $1`, [await at(0, 0)])).rows[0].n).toBe(1);

    // A new key replaces the old one; revoking leaves none.
    const g2 = await generate(zooA, cage);
    expect((await ingest(key, [{ temperature: 20, humidity: 50 }])).body.code).toBe(401);
    expect((await ingest(g2.body.data.key, [{ temperature: 20, humidity: 50 }])).body.success).toBe(true);
    expect((await t.request({ method: 'POST', url: `${base}/device/revoke`, token: zooA, query: { cageId: cage } })).body.success).toBe(true);
    expect((await ingest(g2.body.data.key, [{ temperature: 20, humidity: 50 }])).body.code).toBe(401);
    expect((await t.request({ method: 'POST', url: `${base}/device/revoke`, token: zooA, query: { cageId: cage } })).body.msg).toBe('该笼舍没有有效的设备密钥');
    // A removed cage's sensor is refused too.
    const spare = (await makeCageChain(t, zooA)).cageId;
    const g3 = await generate(zooA, spare);
    expect((await ingest(g3.body.data.key, [{ temperature: 20, humidity: 50 }])).body.success).toBe(true);
    expect((await t.request({ method: 'POST', url: '/zoo-cage/cage/remove', token: zooA, query: { ids: spare } })).body.success).toBe(true);
    expect((await ingest(g3.body.data.key, [{ temperature: 20, humidity: 50 }])).body.code).toBe(401);
    const after = (await t.request({ url: `${base}/device`, token: zooA, query: { cageId: cage } })).body.data;
    expect(after.map((d: any) => d.live)).toEqual([false, false]);
    expect(after[0].lastReading).not.toBe('');
  });

  it('refuses a revoked key from the very next batch, after a stream of accepted ones, also when another instance revoked it', async () => {
    const spare = (await makeCageChain(t, zooA)).cageId;
    const key: string = (await generate(zooA, spare)).body.data.key;
    const stream = async () => (await Promise.all(Array.from({ length: 12 }, () => ingest(key, [{ temperature: 20, humidity: 50 }])))).map((r) => r.body.code);
    expect(await stream()).toEqual(Array(12).fill(200));
    // Revoked by this instance: the next batch is refused.
    expect((await t.request({ method: 'POST', url: `${base}/device/revoke`, token: zooA, query: { cageId: spare } })).body.success).toBe(true);
    expect((await ingest(key, [{ temperature: 20, humidity: 50 }])).body).toMatchObject({ code: 401, msg: '设备密钥无效或已吊销' });

    // Revoked behind this instance's back (another instance's write: nothing here is told): refused all the same.
    const fresh: string = (await generate(zooA, spare)).body.data.key;
    expect(
      await (async () => (await Promise.all(Array.from({ length: 12 }, () => ingest(fresh, [{ temperature: 20, humidity: 50 }])))).map((r) => r.body.code))(),
    ).toEqual(Array(12).fill(200));
    await t.sql.query(`update zoo_cage_device_key set revoke_time = localtimestamp(0) where cage_id = $1 and revoke_time is null`, [spare]);
    expect((await ingest(fresh, [{ temperature: 20, humidity: 50 }])).body.code).toBe(401);
    const n = (await t.sql.query(`select count(*)::int n from zoo_humiture where cage_id = $1`, [spare])).rows[0].n;
    expect(n).toBe(24);
  });

  it('keeps keys to the zoo and the button', async () => {
    expect((await generate(zooB, cage)).body.msg).toBe('所选笼舍不存在');
    expect((await t.request({ url: `${base}/device`, token: zooB, query: { cageId: cage } })).body.data).toEqual([]);
    expect((await t.request({ url: `${base}/history`, token: zooB, query: { cageId: cage } })).body.msg).toBe('所选笼舍不存在');
    await createTenantUser(t.sql, { tenantId: '330001', account: 'viewer', password: 'pw', roleAlias: 'viewer' });
    const viewer = await t.login('viewer', 'pw', '330001');
    expect((await generate(viewer, cage)).body.code).toBe(403);
  });

  it('answers history buckets with min / max / mean, the comfort band of the species held and breaches', async () => {
    await t.sql.query(`delete from zoo_humiture`);
    await t.sql.query(`delete from zoo_humiture_hour`);
    const g = await generate(zooA, cage);
    await ingest(g.body.data.key, [
      { time: await at(3, 10), temperature: 20, humidity: 50 },
      { time: await at(3, 40), temperature: 22, humidity: 60 },
      { time: await at(2, 5), temperature: 28, humidity: 70 },
      { time: await at(60, 0), temperature: 10, humidity: 30 },
    ]);
    const day = (await t.request({ url: `${base}/history`, token: zooA, query: { cageId: cage, range: 'day' } })).body.data;
    expect(day.speciesNames).toEqual(['大熊猫']);
    expect(day.comfort).toEqual({ tempMin: 0, tempMax: 26, humidityMin: 40, humidityMax: 80 });
    expect(day.buckets).toEqual([
      { time: await at(3, 0), tempMin: 20, tempMax: 22, tempMean: 21, humidityMin: 50, humidityMax: 60, humidityMean: 55, count: 2, breach: false },
      { time: await at(2, 0), tempMin: 28, tempMax: 28, tempMean: 28, humidityMin: 70, humidityMax: 70, humidityMean: 70, count: 1, breach: true },
    ]);
    expect(day.summary).toEqual({ count: 3, breaches: 1, tempMin: 20, tempMax: 28, tempMean: 23.3, humidityMin: 50, humidityMax: 70, humidityMean: 60 });
    const week = (await t.request({ url: `${base}/history`, token: zooA, query: { cageId: cage, range: 'week' } })).body.data;
    expect(week.summary).toMatchObject({ count: 4, breaches: 2 });
    expect((await t.request({ url: `${base}/history`, token: zooA, query: { cageId: cage, range: 'year' } })).body.msg).toBe('范围应为 day、week 或 month');
  });

  it("answers from the hourly folds exactly what the readings say, batches of one hour adding up, breaches against today's band", async () => {
    await t.sql.query(`delete from zoo_humiture`);
    await t.sql.query(`delete from zoo_humiture_hour`);
    const key: string = (await generate(zooA, cage)).body.data.key;
    // Nine days of a reading every 7 minutes, sent in batches that split hours between them (the fold's upsert).
    const readings = [];
    for (let m = 0; m < 9 * 24 * 60; m += 7) {
      const wave = Math.sin(m / 300);
      readings.push({ time: await at(Math.floor((9 * 24 * 60 - m) / 60), 59 - (m % 60)), temperature: 18 + 10 * wave, humidity: 60 + 25 * wave });
    }
    for (let i = 0; i < readings.length; i += 97) expect((await ingest(key, readings.slice(i, i + 97))).body.code).toBe(200);
    const folds = (await t.sql.query(`select sum(n)::int as n from zoo_humiture_hour where cage_id = $1`, [cage])).rows[0].n;
    expect(folds).toBe(readings.length);

    // The same answer straight from the readings, bucketed and counted as the route did before the folds.
    const expected = async (span: string, unit: string) => {
      const b = (
        await t.sql.query(
          `select to_char(date_trunc($2, read_time), 'YYYY-MM-DD HH24:MI:SS') as time, round(min(temperature)::numeric, 1)::float8 as "tempMin",
                  round(max(temperature)::numeric, 1)::float8 as "tempMax", count(*)::int as count,
                  bool_or(temperature < 0 or temperature > 26 or humidity < 40 or humidity > 80) as breach
             from zoo_humiture where cage_id = $3 and read_time >= date_trunc('second', localtimestamp - $1::interval) and read_time <= localtimestamp
            group by 1 order by 1`,
          [span, unit, cage],
        )
      ).rows;
      const [s] = (
        await t.sql.query(
          `select count(*)::int as count, count(*) filter (where temperature < 0 or temperature > 26 or humidity < 40 or humidity > 80)::int as breaches
             from zoo_humiture where cage_id = $2 and read_time >= date_trunc('second', localtimestamp - $1::interval) and read_time <= localtimestamp`,
          [span, cage],
        )
      ).rows;
      return { b, s };
    };
    for (const [range, span, unit] of [
      ['day', '1 day', 'hour'],
      ['week', '7 days', 'hour'],
      ['month', '30 days', 'day'],
    ] as const) {
      const got = (await t.request({ url: `${base}/history`, token: zooA, query: { cageId: cage, range } })).body.data;
      const want = await expected(span, unit);
      expect({
        range,
        buckets: got.buckets.map(({ time, tempMin, tempMax, count, breach }: Record<string, unknown>) => ({ time, tempMin, tempMax, count, breach })),
      }).toEqual({
        range,
        buckets: want.b,
      });
      expect({ range, ...got.summary }).toMatchObject({ range, count: want.s.count, breaches: want.s.breaches });
      expect(want.s.breaches).toBeGreaterThan(0);
    }
  });
});
