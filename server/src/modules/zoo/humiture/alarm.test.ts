import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { authorise, makeAnimal, makeCageChain, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
let keeper: string;
let cage: string;
let key: string;
const base = '/zoo-cage/humiture';
const ingest = (k: string, readings: unknown) => t.request({ method: 'POST', url: `${base}/ingest`, headers: { 'Device-Key': k }, body: { readings } });
const alarms = async (token: string, query: Record<string, string> = {}) =>
  (await t.request({ url: `${base}/alarm/list`, token, query: { current: '1', size: '50', ...query } })).body.data.records as Array<Record<string, unknown>>;
const count = async (token: string) => (await t.request({ url: `${base}/alarm/count`, token })).body.data;
/** A time `m` minutes after the start of the current hour minus `h` hours, on the database clock. */
const at = async (h: number, m: number) =>
  (
    await t.sql.query(
      `select to_char(date_trunc('hour', localtimestamp) - make_interval(hours => $1) + make_interval(mins => $2), 'YYYY-MM-DD HH24:MI:SS') as v`,
      [h, m],
    )
  ).rows[0].v as string;

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '340001');
  zooB = await zooAdmin(t, '340002');
  await authorise(t, '340001', [{ latin: 'Ailuropoda melanoleuca' }]);
  await t.sql.query(`update zoo_species set temp_min = 0, temp_max = 26, humidity_min = 40, humidity_max = 80 where latin_name = 'Ailuropoda melanoleuca'`);
  cage = (await makeCageChain(t, zooA)).cageId;
  await makeAnimal(t, zooA, { speciesId: await speciesId(t, 'Ailuropoda melanoleuca'), cageId: cage, sex: 1 });
  // A keeper of the cage, with the alarm screen and its acknowledge button.
  const k = await createTenantUser(t.sql, { tenantId: '340001', account: 'keeper1', password: 'pw', roleAlias: 'keeper' });
  await t.sql.query(
    `insert into blade_role_menu (tenant_id, role_id, menu_id) select '340001', $1, id from blade_menu where code in ('zoo', 'humiture_alarm', 'humiture_alarm_ack')`,
    [k.roleId],
  );
  await t.sql.query(`insert into zoo_cage_breeder (tenant_id, cage_id, user_id) values ('340001', $1, $2)`, [cage, k.userId]);
  keeper = await t.login('keeper1', 'pw', '340001');
  key = (await t.request({ method: 'POST', url: `${base}/device/generate`, token: zooA, query: { cageId: cage } })).body.data.key;
});
afterAll(async () => t?.close());

describe('environment alarms', () => {
  it('opens one alarm per cage and kind on a breach, follows its peak, closes it on the next reading back inside the band by the margin', async () => {
    expect((await ingest(key, [{ time: await at(3, 0), temperature: 20, humidity: 50 }])).body.success).toBe(true);
    expect(await alarms(zooA)).toEqual([]);

    // 28 ℃ is above the panda's 26 ℃: one temperature alarm; humidity stays inside.
    expect((await ingest(key, [{ time: await at(2, 0), temperature: 28, humidity: 60 }])).body.data).toEqual({ accepted: 1 });
    let list = await alarms(zooA);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      cageId: cage,
      kind: 1,
      value: 28,
      peak: 28,
      rangeMin: 0,
      rangeMax: 26,
      startTime: await at(2, 0),
      endTime: '',
      open: true,
      ackTime: '',
    });
    const cageRow = (await t.request({ url: '/zoo-cage/cage/detail', token: zooA, query: { id: cage } })).body.data;
    expect(cageRow.openAlarms).toBe(1);

    // Still out (and further out): the same alarm, a new peak; a humidity breach is its own alarm.
    await ingest(key, [{ time: await at(1, 50), temperature: 30.5, humidity: 85 }]);
    list = await alarms(zooA, { state: 'open' });
    expect(list.map((a) => [a.kind, a.value, a.peak]).sort()).toEqual([
      [1, 28, 30.5],
      [2, 85, 85],
    ]);
    expect((await t.sql.query(`select count(*)::int n from zoo_humiture_alarm where end_time is null`)).rows[0].n).toBe(2);

    // Back inside for both: closed at that reading's time.
    await ingest(key, [
      { time: await at(1, 0), temperature: 29, humidity: 70 },
      { time: await at(1, 10), temperature: 22, humidity: 65 },
    ]);
    list = await alarms(zooA);
    expect(list.map((a) => a.open)).toEqual([false, false]);
    expect(list.find((a) => a.kind === 1)).toMatchObject({ endTime: await at(1, 10), peak: 30.5 });
    expect((await t.request({ url: '/zoo-cage/cage/detail', token: zooA, query: { id: cage } })).body.data.openAlarms).toBe(0);

    // A breach inside one batch that ends inside the band is still recorded, already closed.
    await ingest(key, [
      { time: await at(0, 1), temperature: -3, humidity: 60 },
      { time: await at(0, 2), temperature: 5, humidity: 60 },
    ]);
    expect((await alarms(zooA, { state: 'closed' })).length).toBe(3);
    expect((await t.sql.query(`select count(*)::int n from zoo_humiture_alarm where end_time is null`)).rows[0].n).toBe(0);
  });

  it('notifies the keepers of the cage, who see and acknowledge it; the count endpoint follows', async () => {
    await ingest(key, [{ time: await at(0, 5), temperature: 35, humidity: 60 }]);
    expect(await count(zooA)).toMatchObject({ open: 1 });
    const mine = await alarms(keeper, { mine: '1', state: 'open' });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ value: 35, notifiedToMe: true });
    // Four alarms so far, all raised while keeper1 kept the cage, none acknowledged.
    expect(await count(keeper)).toEqual({ open: 1, unacknowledged: 4, mine: 4 });
    // The admin is no keeper of the cage: nothing notified to them.
    expect(await alarms(zooA, { mine: '1' })).toEqual([]);
    expect((await count(zooA)).mine).toBe(0);

    const ack = await t.request({ method: 'POST', url: `${base}/alarm/ack`, token: keeper, query: { ids: String(mine[0]!.id) } });
    expect(ack.body).toMatchObject({ success: true, data: { acknowledged: 1 } });
    const after = (await alarms(keeper, { mine: '1', state: 'open' }))[0]!;
    expect(after).toMatchObject({ ackUserName: 'keeper1', notifiedToMe: false, open: true });
    expect(after.ackTime).not.toBe('');
    // Acknowledging again changes nothing; unknown ids are refused by the contract.
    expect((await t.request({ method: 'POST', url: `${base}/alarm/ack`, token: keeper, query: { ids: String(mine[0]!.id) } })).body.data).toEqual({
      acknowledged: 0,
    });
    expect((await t.request({ method: 'POST', url: `${base}/alarm/ack`, token: keeper, query: { ids: 'x;drop' } })).body.code).toBe(400);
    expect(await count(keeper)).toEqual({ open: 1, unacknowledged: 3, mine: 3 });
    // Without the button: refused.
    await createTenantUser(t.sql, { tenantId: '340001', account: 'viewer2', password: 'pw', roleAlias: 'viewer' });
    const viewer = await t.login('viewer2', 'pw', '340001');
    expect((await t.request({ method: 'POST', url: `${base}/alarm/ack`, token: viewer, query: { ids: String(mine[0]!.id) } })).body.code).toBe(403);
  });

  it('keeps alarms to their zoo; wrong and revoked keys raise nothing', async () => {
    expect(await alarms(zooB)).toEqual([]);
    expect(await count(zooB)).toEqual({ open: 0, unacknowledged: 0, mine: 0 });
    const id = (await alarms(zooA, { state: 'open' }))[0]!.id as string;
    expect((await t.request({ url: `${base}/alarm/detail`, token: zooB, query: { id } })).body.success).toBe(false);
    expect((await t.request({ method: 'POST', url: `${base}/alarm/ack`, token: zooB, query: { ids: id } })).body.data).toEqual({ acknowledged: 0 });

    const before = (await t.sql.query(`select count(*)::int n from zoo_humiture_alarm`)).rows[0].n;
    const wrong = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect((await ingest(wrong, [{ temperature: 50, humidity: 5 }])).body.code).toBe(401);
    expect((await t.request({ method: 'POST', url: `${base}/device/revoke`, token: zooA, query: { cageId: cage } })).body.success).toBe(true);
    expect((await ingest(key, [{ temperature: 50, humidity: 5 }])).body.code).toBe(401);
    expect((await t.sql.query(`select count(*)::int n from zoo_humiture_alarm`)).rows[0].n).toBe(before);
  });

  it('a sensor hovering on the bound raises one alarm: closing needs the dead-band margin and the configured readings in a row', async () => {
    const hover = (await makeCageChain(t, zooA)).cageId;
    await makeAnimal(t, zooA, { speciesId: await speciesId(t, 'Ailuropoda melanoleuca'), cageId: hover, sex: 2 });
    const k2 = (await t.request({ method: 'POST', url: `${base}/device/generate`, token: zooA, query: { cageId: hover } })).body.data.key as string;
    const mine = async () =>
      (
        await t.sql.query(
          `select kind, value, peak, to_char(end_time, 'YYYY-MM-DD HH24:MI:SS') as end_time from zoo_humiture_alarm where cage_id = $1 order by id`,
          [hover],
        )
      ).rows;
    let minute = 0;
    const send = async (temps: number[], humidity = 60) => {
      const readings = [];
      for (const temperature of temps) readings.push({ time: await at(5, minute++), temperature, humidity });
      expect((await ingest(k2, readings)).body.data).toEqual({ accepted: temps.length });
      return readings.at(-1)!.time;
    };

    // Around the panda's 26 ℃ maximum, one reading per batch: the readings at 25.7–25.9 are inside the band but
    // not by the 0.5 ℃ margin, so the alarm stays open (it used to open and close three times).
    for (const v of [26.3, 25.8, 26.2, 25.9, 26.4, 25.7]) await send([v]);
    expect(await mine()).toEqual([{ kind: 1, value: 26.3, peak: 26.4, end_time: null }]);
    const closedAt = await send([25.5]);
    expect(await mine()).toEqual([{ kind: 1, value: 26.3, peak: 26.4, end_time: closedAt }]);

    // The same within one batch: one alarm, closed at the reading that came back by the margin.
    const last = await send([26.1, 25.9, 26.05, 25.8, 25.2, 25.9]);
    expect((await mine()).slice(1)).toEqual([{ kind: 1, value: 26.1, peak: 26.1, end_time: expect.any(String) }]);
    expect((await mine())[1]!.end_time < last).toBe(true);

    // Humidity has its own margin (2 %RH under the 80 % maximum).
    await send([20], 81);
    await send([20], 79);
    expect((await mine()).filter((a) => a.kind === 2).map((a) => a.end_time)).toEqual([null]);
    const hClosed = await send([20], 78);
    expect((await mine()).filter((a) => a.kind === 2).map((a) => a.end_time)).toEqual([hClosed]);

    // Three readings in a row to close (platform param): a breach in between starts the count again, also across batches.
    const admin = await t.login();
    const setParam = async (value: string) => {
      const { rows } = await t.sql.query(
        `select id::text, param_name from blade_param where param_key = 'zoo.humiture.alarm.clearReadings' and is_deleted = 0`,
      );
      const res = await t.request({
        method: 'POST',
        url: '/blade-system/param/submit',
        token: admin,
        body: { id: rows[0].id, paramName: rows[0].param_name, paramKey: 'zoo.humiture.alarm.clearReadings', paramValue: value },
      });
      expect(res.body.success).toBe(true);
    };
    await setParam('3');
    try {
      await send([27, 24, 24, 26.5, 24]);
      await send([24]);
      expect((await mine()).slice(2).filter((a) => a.kind === 1)).toEqual([{ kind: 1, value: 27, peak: 27, end_time: null }]);
      const third = await send([24, 24]);
      expect((await mine()).filter((a) => a.kind === 1).map((a) => a.end_time)).toHaveLength(3);
      expect((await mine()).filter((a) => a.kind === 1).at(-1)!.end_time).not.toBe(third);
      expect((await mine()).filter((a) => a.kind === 1).at(-1)!.end_time).toBe(await at(5, minute - 2));
    } finally {
      await setParam('1');
    }
  });

  it('8 out-of-range readings for one cage sent at once leave one open alarm, every reading kept', async () => {
    const racing = (await makeCageChain(t, zooA)).cageId;
    await makeAnimal(t, zooA, { speciesId: await speciesId(t, 'Ailuropoda melanoleuca'), cageId: racing, sex: 2 });
    const k = (await t.request({ method: 'POST', url: `${base}/device/generate`, token: zooA, query: { cageId: racing } })).body.data.key;
    const times = await Promise.all(Array.from({ length: 8 }, (_, i) => at(0, 10 + i)));
    const answers = await Promise.all(times.map((time, i) => ingest(k, [{ time, temperature: 30 + i, humidity: 60 }])));
    expect(answers.map((r) => [r.status, r.body.msg])).toEqual(times.map(() => [200, '操作成功']));
    const open = await t.sql.query(`select kind, peak from zoo_humiture_alarm where cage_id = $1 and end_time is null`, [racing]);
    expect(open.rows).toEqual([{ kind: 1, peak: 37 }]);
    expect((await t.sql.query(`select count(*)::int n from zoo_humiture where cage_id = $1`, [racing])).rows[0].n).toBe(8);
  });
});
