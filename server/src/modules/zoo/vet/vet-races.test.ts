import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCage, speciesId } from '../../../../test/zoo-fixtures';
import { t, admin, panda, today, post, dayOffset, drug, importInto, lastId, movement, openCase, setupVetTests, weigh } from './vet-test-kit';

setupVetTests();

// Veterinary records with a uniqueness or state rule, written by several requests at once: exactly one wins and
// every loser gets a clear 400 (never a 500), and the database holds one outcome.
const PARALLEL = 4;

let pandaSpecies: string;
let quarantineCage: string;

beforeAll(async () => {
  pandaSpecies = await speciesId(t, 'Ailuropoda melanoleuca');
  const venue = (await t.sql.query(`select id::text from zoo_venue where tenant_id = '330001' order by id limit 1`)).rows[0].id as string;
  quarantineCage = await makeCage(t, admin, venue);
  await t.sql.query(`update zoo_cage set cage_type = 6 where id = $1`, [quarantineCage]);
});

const arrival = (localNo: string, importDate: string) => importInto(quarantineCage, pandaSpecies, importDate, localNo);

const outcome = (replies: Array<{ status: number; body: any }>) => ({
  won: replies.filter((r) => r.body.success).length,
  losers: replies.filter((r) => !r.body.success).map((r) => [r.status, r.body.code]),
  messages: [...new Set(replies.filter((r) => !r.body.success).map((r) => r.body.msg as string))],
});

describe('races on veterinary records', () => {
  it('a quarantine released by several vets at once is released once', async () => {
    const animal = await arrival('R-Q1', await dayOffset(-40));
    const q = (await t.sql.query(`select id::text from zoo_med_quarantine where animal_id = $1`, [animal])).rows[0].id as string;
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => post(admin, 'quarantine/release', { id: q, releaseDate: today, findings: `检疫合格 ${i}` })),
    );
    const o = outcome(replies);
    expect(o.won).toBe(1);
    expect(o.losers).toEqual(Array.from({ length: PARALLEL - 1 }, () => [400, 400]));
    expect(o.messages).toEqual(['隔离已解除']);
    const rows = (await t.sql.query(`select quarantine_status as st, findings from zoo_med_quarantine where id = $1`, [q])).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].st).toBe(2);
    // The findings are the winner's, not a mix.
    const winner = replies.findIndex((r) => r.body.success);
    expect(rows[0].findings).toBe(`检疫合格 ${winner}`);
  });

  it('one necropsy per death, however many are submitted at once', async () => {
    const animal = await arrival('R-N1', await dayOffset(-60));
    const died = await movement('die', { animalType: 1, speciesId: pandaSpecies, animalId: animal, dieDate: await dayOffset(-2), dieType: 1 });
    expect(died.body.success, JSON.stringify(died.body)).toBe(true);
    const stockLogId = died.body.data.ids[0] as string;
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post(admin, 'necropsy/submit', {
          stockLogId,
          necropsyDate: today,
          prosector: `兽医${i}`,
          findings: '肺脏实变',
          causeOfDeath: '细菌性肺炎',
          samples: '肺组织',
          disposal: 1,
          disposalDate: today,
          disposalRecord: '无害化焚烧,记录表 FS-1',
          authorityRef: '川林护〔2025〕12号',
        }),
      ),
    );
    const o = outcome(replies);
    expect(o.won).toBe(1);
    expect(o.losers).toEqual(Array.from({ length: PARALLEL - 1 }, () => [400, 400]));
    expect(o.messages).toHaveLength(1);
    expect((await t.sql.query(`select count(*)::int as n from zoo_med_necropsy where stock_log_id = $1 and is_deleted = 0`, [stockLogId])).rows[0].n).toBe(1);
  });

  it('one dose of a treatment ticked by several requests at once is recorded once', async () => {
    await weigh(panda, 100, await dayOffset(-2));
    const drugId = await drug({ drugName: '并发测试药', concentration: 5, doseMin: 0.1, doseMax: 0.2 });
    const caseId = await openCase(panda, today);
    const res = await post(admin, 'treatment/submit', { caseId, drugId, doseMgKg: 0.1, route: 1, frequency: 2, durationDays: 3, startDate: today });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const treatmentId = await lastId('zoo_med_treatment');
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post(admin, 'administration/submit', { treatmentId, dueDate: today, slot: 1, adminStatus: 1, givenTime: `08:3${i}` }),
      ),
    );
    const o = outcome(replies);
    expect(o.won).toBe(1);
    expect(o.losers).toEqual(Array.from({ length: PARALLEL - 1 }, () => [400, 400]));
    for (const m of o.messages) expect(['该次给药已登记', '数据已存在,请勿重复提交']).toContain(m);
    const rows = (await t.sql.query(`select given_time from zoo_med_administration where treatment_id = $1 and slot = 1 and is_deleted = 0`, [treatmentId]))
      .rows;
    expect(rows).toHaveLength(1);
  });

  it('a twin the pre-check could not see yet is refused by the unique index with the same message', async () => {
    const animal = await arrival('R-N2', await dayOffset(-60));
    const died = await movement('die', { animalType: 1, speciesId: pandaSpecies, animalId: animal, dieDate: await dayOffset(-2), dieType: 1 });
    const stockLogId = died.body.data.ids[0] as string;
    const body = {
      stockLogId,
      necropsyDate: today,
      prosector: '兽医甲',
      findings: '肺脏实变',
      causeOfDeath: '细菌性肺炎',
      samples: '肺组织',
      disposal: 1,
      disposalDate: today,
      disposalRecord: '无害化焚烧,记录表 FS-2',
      authorityRef: '川林护〔2025〕13号',
    };
    expect((await post(admin, 'necropsy/submit', body)).body.success).toBe(true);
    const first = (await t.sql.query(`select id::text from zoo_med_necropsy where stock_log_id = $1`, [stockLogId])).rows[0].id as string;
    await t.sql.query(`update zoo_med_necropsy set is_deleted = 1 where id = $1`, [first]);
    // Another transaction brings the first record back and holds it uncommitted: the request's check reads the
    // committed state (none live) and passes; its insert waits on the unique index, and fails once that commits.
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`update zoo_med_necropsy set is_deleted = 0 where id = $1`, [first]);
      const holder = (await other.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const reply = post(admin, 'necropsy/submit', { ...body, prosector: '兽医乙' });
      // Committed once the request waits on the other transaction (its insert on the unique index), not after a
      // guessed while: a request still before its check would read the record live and prove nothing of the index.
      const waiting = async () =>
        (await t.sql.query(`select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))`, [holder])).rows[0].n as number;
      await expect.poll(waiting, { timeout: 10_000, interval: 10 }).toBe(1);
      await other.query('commit');
      expect((await reply).body).toMatchObject({ code: 400, success: false, msg: '该死亡登记已有剖检记录' });
    } finally {
      await other.end();
    }
  });
});
