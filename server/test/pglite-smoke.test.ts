import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, runMigrations, type Database } from '../src/db/client';
import { seed } from '../src/seed';
import { md5Hex } from '../src/platform/auth/password';
import { sysCaptcha } from '../src/platform/auth/auth.tables';
import { eq, sql } from 'drizzle-orm';
import { finalStatement, inTenant } from '../src/platform/tenancy/tenant-tx';
import { aggregateAcrossTenants } from '../src/platform/tenancy/across-tenants';
import { BASIC } from './harness';
import { usualLog } from '../src/platform/log/usual-log';
import { runNightlyQuality } from '../src/modules/zoo/quality/nightly';

/** The embedded path a newcomer runs: PGlite in DATA_DIR, same migrations, seed and auth rules. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-pglite-'));
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  database = await openPglite(config.dataDir, config.timeZone);
  await runMigrations(database);
  await seed(database, { demo: false });
  app = await buildApp(config, database, { logger: false });
  // Migrating and seeding the embedded database is CPU-bound: allow for a busy machine.
}, 300_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function login(account = 'admin', tenantId = '000000'): Promise<string> {
  const cap = await app.inject({ url: '/api/blade-auth/oauth/captcha' });
  const { key } = cap.json();
  const [row] = await database.db.select().from(sysCaptcha).where(eq(sysCaptcha.key, key));
  const tok = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { username: account, password: md5Hex('admin'), grant_type: 'captcha', scope: 'all', type: 'account' },
    headers: { authorization: BASIC, 'tenant-id': tenantId, 'captcha-key': key, 'captcha-code': row!.code },
  });
  expect(tok.statusCode).toBe(200);
  return tok.json().access_token;
}

describe('embedded PGlite', () => {
  it('refuses a second server on the same data directory', async () => {
    await expect(openPglite(dir, 'Asia/Shanghai')).rejects.toThrow(/已被另一个服务进程占用/);
  });

  it('logs in with a captcha, serves the menu and applies row-level security', async () => {
    const token = await login();
    const routes = await app.inject({ url: '/api/blade-system/menu/routes', headers: { 'blade-auth': `bearer ${token}` } });
    expect(routes.json().data.map((m: { code: string }) => m.code)).toContain('system');
    const params = await app.inject({ url: '/api/blade-system/param/list', headers: { 'blade-auth': `bearer ${token}` } });
    expect(params.json().data.total).toBeGreaterThanOrEqual(6);
    await database.db.execute(`insert into blade_top_menu (tenant_id, code, name) values ('000000', 'mine', '本租户'), ('999999', 'theirs', '他人')` as never);
    const top = await app.inject({ url: '/api/blade-system/menu/top-menu', headers: { 'blade-auth': `bearer ${token}` } });
    expect(top.json().data.map((m: { code: string }) => m.code)).toEqual(['mine']);
  });

  it('runs the log, notice and storage SQL: buffered logs, append-only and cached counts, row locks', async () => {
    const h = { 'blade-auth': `bearer ${await login()}` };
    const n = await app.inject({
      method: 'POST',
      url: '/api/blade-desk/notice/submit',
      headers: h,
      payload: { title: 't', category: 1, releaseTime: '2024-01-01' },
    });
    expect(n.json().success).toBe(true);
    expect((await app.inject({ url: '/api/blade-desk/notice/list?category=1', headers: h })).json().data.total).toBe(1);
    usualLog(app, undefined, 'INFO', 'pglite', 'probe');
    await app.zoo.logs.flush();
    expect((await app.inject({ url: '/api/blade-log/api/list', headers: h })).json().data.total).toBeGreaterThan(0);
    expect((await app.inject({ url: '/api/blade-log/usual/list?logId=pglite', headers: h })).json().data.total).toBe(1);
    await app.inject({ method: 'POST', url: '/api/blade-resource/oss/submit', headers: h, payload: { category: 5, ossCode: 'l1' } });
    const oss = (await app.inject({ url: '/api/blade-resource/oss/list', headers: h })).json().data.records[0];
    expect((await app.inject({ method: 'POST', url: `/api/blade-resource/oss/enable?id=${oss.id}`, headers: h })).json().success).toBe(true);
  });

  it('writes bigint values beyond 2^53 into the audit trail as strings, and converts old rows (migration 0043)', async () => {
    const h = { 'blade-auth': `bearer ${await login()}` };
    const n = await app.inject({
      method: 'POST',
      url: '/api/blade-desk/notice/submit',
      headers: h,
      payload: { title: 'big', category: 2, releaseTime: '2024-01-01' },
    });
    expect(n.json().success, n.body).toBe(true);
    const [notice] = (
      (await database.db.execute(sql`select id::text as id from blade_notice where title = 'big'`)) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    const list = await app.inject({ url: `/api/blade-log/audit/list?tableName_equal=blade_notice&recordId_equal=${notice!.id}`, headers: h });
    const changes = list.json().data.records[0].changes as Array<{ field: string; after: unknown }>;
    expect(changes.find((c) => c.field === 'id')?.after).toBe(notice!.id);
    expect(changes.find((c) => c.field === 'category')?.after).toBe(2);
    const old = (await database.db.execute(
      sql`select audit_exact_changes('{"dept_id": [null, 1869581234567890123], "sort": [1, 2]}'::jsonb) as c,
                 jsonb_path_exists('{"a": [null, -1869581234567890123]}'::jsonb, '$.*[*] ? (@.type() == "number" && @.abs() > 9007199254740991)') as unsafe`,
    )) as unknown as { rows: Array<{ c: Record<string, unknown[]>; unsafe: boolean }> };
    expect(old.rows[0]).toEqual({ c: { dept_id: [null, '1869581234567890123'], sort: [1, 2] }, unsafe: true });
  });

  it('keeps live-row counts in the writing transaction (statement triggers with transition tables)', async () => {
    const live = async () =>
      (await inTenant(database.db, { tenantId: '100077', audit: false }, (tx) =>
        tx.execute(sql`select coalesce(sum(live), 0)::int as n from sys_row_count where table_name = 'zoo_animal'`),
      )) as unknown as { rows: Array<{ n: number }> };
    await inTenant(database.db, { tenantId: '100077', audit: false }, (tx) =>
      tx.execute(sql`insert into zoo_animal (species_id, local_no, sex) select 1, 'L' || g, 1 from generate_series(1, 3) g`),
    );
    expect((await live()).rows[0]!.n).toBe(3);
    await inTenant(database.db, { tenantId: '100077', audit: false }, (tx) => tx.execute(sql`update zoo_animal set is_deleted = 1 where local_no = 'L1'`));
    expect((await live()).rows[0]!.n).toBe(2);
  });

  it('keeps data across a restart', async () => {
    await app.close();
    await database.close();
    database = await openPglite(dir, 'Asia/Shanghai');
    await runMigrations(database);
    await seed(database, { demo: false });
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    app = await buildApp(config, database, { logger: false });
    const { rows } = (await database.db.execute('select count(*)::int as n from blade_user' as never)) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(1);
  });
  it('runs the stock ledger SQL: demo movements, upserted births, locked moves and takes', async () => {
    await seed(database, { demo: true });
    const h = { 'blade-auth': `bearer ${await login('admin', '100000')}` };
    const q = async (text: string) => ((await database.db.execute(text as never)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const [deer] = await q(`select id::text from zoo_species where latin_name = 'Cervus nippon'`);
    const cages = await q(`select id::text, cage_code from zoo_cage where tenant_id = '100000' and cage_code in ('HB-01', 'RP-01') order by cage_code`);
    const [hb, rp] = [cages[0]!.id, cages[1]!.id];
    // 梅花鹿 is class I: its export needs a transport certificate covering it (decision 0040).
    const permit = await app.inject({
      method: 'POST',
      url: '/api/zoo-permit/permit/submit',
      headers: h,
      payload: { kind: 3, permitNo: 'YS-PGLITE-1', issuingAuthority: '测试发证机关', validFrom: '2000-01-01', lines: [{ speciesId: deer!.id, quantity: 10 }] },
    });
    expect(permit.json().msg).toBe('操作成功');
    const [{ id: permitId }] = (await q(`select id::text from zoo_permit where permit_no = 'YS-PGLITE-1'`)) as Array<{ id: string }>;
    const post = (kind: string, body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/zoo-stockLog/stockLog/${kind}_enroll`,
        headers: h,
        payload: { animalType: 2, speciesId: deer!.id, ...(kind === 'export' ? { permitIds: [permitId] } : {}), ...body },
      });
    expect((await post('born', { cageId: hb, bornDate: '2025-05-01', theyQuantity: 2 })).json().msg).toBe('操作成功');
    expect((await post('move', { cageId: hb, toCageId: rp, moveDate: '2025-05-02', maleQuantity: 1 })).json().msg).toBe('操作成功');
    expect((await post('export', { cageId: rp, exportDate: '2025-05-03', exportType: 1, output: '某园', maleQuantity: 2 })).json().msg).toMatch(
      /雄性存栏 1 只,不能减少 2 只$/,
    );
    expect((await post('export', { cageId: rp, exportDate: '2025-05-03', exportType: 1, output: '某园', maleQuantity: 1 })).json().msg).toBe('操作成功');
    const pops = await q(
      `select c.cage_code, p.male_quantity m, p.they_quantity u from zoo_population p join zoo_cage c on c.id = p.cage_id where p.species_id = ${deer!.id} and p.tenant_id = '100000' order by 1`,
    );
    expect(pops).toEqual([
      { cage_code: 'HB-01', m: 3, u: 4 },
      { cage_code: 'RP-01', m: 0, u: 0 },
    ]);
  });

  it('runs the compliance SQL: the annual inventory reconciles, species status history, reminders once', async () => {
    const h = { 'blade-auth': `bearer ${await login('admin', '100000')}` };
    const q = async (text: string) => ((await database.db.execute(text as never)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const inv = (await app.inject({ url: '/api/zoo-permit/report/inventory?year=2025', headers: h })).json();
    expect(inv.success, JSON.stringify(inv)).toBe(true);
    expect(inv.data.reconciled).toBe(true);
    const deer = inv.data.rows.find((r: { latinName: string }) => r.latinName === 'Cervus nippon');
    expect(deer.born).toBeGreaterThanOrEqual(2);
    expect(deer.exported).toBeGreaterThanOrEqual(1);
    await q(`update zoo_species set iucn_category = 'NT' where latin_name = 'Cervus nippon'`);
    expect(
      await q(`select h.iucn_category, h.valid_from = current_date as today from zoo_species_status h join zoo_species s on s.id = h.species_id
        where s.latin_name = 'Cervus nippon' order by h.id`),
    ).toEqual([
      { iucn_category: 'LC', today: null },
      { iucn_category: 'NT', today: true },
    ]);
    await q(
      `insert into zoo_permit (tenant_id, kind, permit_no, issuing_authority, valid_from, valid_to) values ('100000', 3, 'YS-PGLITE-R', '测试', current_date - 1, current_date + 3)`,
    );
    const { sendPermitReminders } = await import('../src/modules/zoo/permit/reminders');
    const first = await sendPermitReminders(database.db);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await sendPermitReminders(database.db)).toBe(0);
  });

  it('runs the ingestion function (key, readings, alarm with its dead band) and the month view statement', async () => {
    const h = { 'blade-auth': `bearer ${await login('admin', '100000')}` };
    const q = async (text: string) => ((await database.db.execute(text as never)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const [cage] = await q(`select c.id::text, s.temp_max from zoo_cage c join zoo_animal a on a.cage_id = c.id and a.status = 1 and a.is_deleted = 0
                              join zoo_species s on s.id = a.species_id where c.tenant_id = '100000' and s.temp_max is not null order by c.id limit 1`);
    const gen = await app.inject({ method: 'POST', url: `/api/zoo-cage/humiture/device/generate?cageId=${cage!.id}`, headers: h });
    const key = gen.json().data.key as string;
    const ingest = (temperature: number) =>
      app.inject({
        method: 'POST',
        url: '/api/zoo-cage/humiture/ingest',
        headers: { 'device-key': key },
        payload: { readings: [{ temperature, humidity: 60 }] },
      });
    const max = Number(cage!.temp_max);
    expect((await ingest(max + 3)).json().data).toEqual({ accepted: 1 });
    expect((await ingest(max - 0.2)).json().data).toEqual({ accepted: 1 });
    const open = async () => (await q(`select count(*)::int n from zoo_humiture_alarm where cage_id = ${cage!.id} and kind = 1 and end_time is null`))[0]!.n;
    expect(await open()).toBe(1);
    await ingest(max - 1);
    expect(await open()).toBe(0);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/zoo-cage/humiture/ingest',
          headers: { 'device-key': `${key.slice(0, -1)}x` },
          payload: { readings: [{ temperature: 20, humidity: 60 }] },
        })
      ).json().code,
    ).toBe(401);

    const [log] = await q(
      `select animal_id::text, to_char(log_date, 'YYYY-MM-DD') d from zoo_basic_log where tenant_id = '100000' and is_deleted = 0 order by log_date desc limit 1`,
    );
    const day = String(log!.d);
    const month = await app.inject({
      url: `/api/zoo/basicLog/detail/month?year=${day.slice(0, 4)}&month=${Number(day.slice(5, 7))}&animalId=${String(log!.animal_id)}`,
      headers: h,
    });
    expect(month.json().data.days.map((d: { day: string }) => d.day)).toContain(day);
  });

  it('runs the data-quality checks, keeps one count per check and day, and the nightly run per zoo (decision 0047)', async () => {
    const h = { 'blade-auth': `bearer ${await login('admin', '100000')}` };
    const q = async (text: string) => ((await database.db.execute(text as never)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    for (let i = 0; i < 2; i++) {
      const run = await app.inject({ method: 'POST', url: '/api/zoo/quality/run', headers: h });
      expect(run.json().data.checks).toHaveLength(7);
    }
    for (const check of ['noIdentifier', 'noCage', 'parentage', 'populationLedger', 'noKeeperLog', 'cageNoSensor', 'permitExpiring']) {
      const list = await app.inject({ url: '/api/zoo/quality/list', headers: h, query: { check } });
      expect(list.json().success, check).toBe(true);
    }
    expect(await q(`select count(*)::int n from zoo_quality_day where tenant_id = '100000'`)).toEqual([{ n: 7 }]);
    await q(`delete from zoo_quality_day`);
    expect(await runNightlyQuality(database.db)).toBeGreaterThanOrEqual(1);
    expect(await q(`select count(*)::int n from zoo_quality_day where tenant_id = '100000'`)).toEqual([{ n: 7 }]);
  });

  it('fires BPMN timers from the database (the scheduler on one PGlite connection)', async () => {
    await app.close();
    app = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', FLOW_TIMER_POLL_MS: '100' }), database, { logger: false });
    await app.ready();
    const { deploy } = await import('../src/modules/flow/deploy');
    const { startProcess } = await import('../src/modules/flow/runtime');
    const q = async (text: string) => ((await database.db.execute(text as never)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const [admin] = await q(`select id::text from blade_user where tenant_id = '000000' and account = 'admin'`);
    const session = { userId: admin!.id, tenantId: '000000', account: 'admin', realName: 'admin', roleAliases: ['administrator'] } as never;
    const xml = `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">
      <process id="pglite_timer" isExecutable="true"><startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="w"/>
      <intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>PT0.3S</timeDuration></timerEventDefinition></intermediateCatchEvent>
      <sequenceFlow id="f2" sourceRef="w" targetRef="e"/><endEvent id="e"/></process></definitions>`;
    const id = await inTenant(database.db, { tenantId: '000000', userId: admin!.id as string }, async (tx) => {
      await deploy(tx, session, [{ name: 't.bpmn', xml }], 'flow_2', ['000000']);
      const [def] = (
        (await tx.execute(sql`select definition_id from flow_definition where process_key = 'pglite_timer'`)) as unknown as {
          rows: Array<{ definition_id: string }>;
        }
      ).rows;
      return startProcess(tx, session, def!.definition_id, '', {});
    });
    const state = async () => (await q(`select state from flow_instance where id = ${id}`))[0]!.state;
    expect(await state()).toBe('running');
    for (let i = 0; i < 100 && (await state()) !== 'finished'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await state()).toBe('finished');
    expect(await q(`select 1 from flow_timer where instance_id = ${id}`)).toHaveLength(0);
  });
});

/** The request layer's behaviour on PGlite's one connection (its PostgreSQL side: platform/tenancy/request-layer.test.ts). */
describe('the request transaction on PGlite', () => {
  const zoo = { tenantId: '000000', userName: 'tester' };
  const rows = async <T>(tx: Parameters<Parameters<typeof inTenant>[2]>[0], q: ReturnType<typeof sql>) =>
    ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
  const pgError = (e: unknown) => String(((e as { cause?: Error }).cause ?? (e as Error)).message);

  it('opens with the settings as bind values, as zoo_app; read-only calls are refused their writes', async () => {
    const nasty = "o'k \\ $1 $$ -- ; \u2028";
    const [row] = await inTenant(database.db, { ...zoo, reason: nasty }, (tx) =>
      rows<Record<string, string>>(
        tx,
        sql`select current_setting('app.tenant_id') as tenant, current_user as role, current_setting('app.audit_reason') as reason`,
      ),
    );
    expect(row).toEqual({ tenant: '000000', role: 'zoo_app', reason: nasty });
    const e = await inTenant(database.db, { ...zoo, readOnly: true }, (tx) =>
      tx.execute(sql`insert into blade_param (param_name, param_key, param_value) values ('x', 'ro', 'y')`),
    ).catch((x: unknown) => x);
    expect(pgError(e)).toMatch(/read-only transaction/);
  });

  it('finalStatement is the last statement of the same transaction; a failure rolls everything back', async () => {
    const [r] = await inTenant(database.db, zoo, async (tx) => {
      await tx.execute(sql`insert into blade_param (param_name, param_key, param_value) values ('x', 'pglite-final', 'y')`);
      return finalStatement<{ n: number }>(tx, sql`select count(*)::int as n from blade_param where param_key = 'pglite-final'`);
    });
    expect(r).toEqual({ n: 1 });
    const e = await inTenant(database.db, zoo, async (tx) => {
      await tx.execute(sql`insert into blade_param (param_name, param_key, param_value) values ('x', 'pglite-gone', 'y')`);
      return finalStatement(tx, sql`select 1 / ${0}::int`);
    }).catch((x: unknown) => x);
    expect(pgError(e)).toMatch(/division by zero/);
    const [gone] = await inTenant(database.db, zoo, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from blade_param where param_key = 'pglite-gone'`),
    );
    expect(gone).toEqual({ n: 0 });
  });

  it('aggregates across tenants see every zoo and give the request its role back', async () => {
    await database.db.execute(sql`insert into blade_role (tenant_id, role_name, role_alias) values ('300077', '别园角色', 'other')`);
    const [own, every, role] = await inTenant(database.db, { tenantId: '000000', readOnly: true }, async (tx) => [
      (await rows<{ n: number }>(tx, sql`select count(distinct tenant_id)::int as n from blade_role`))[0]!.n,
      await aggregateAcrossTenants(tx, async (all) => (await rows<{ n: number }>(all, sql`select count(distinct tenant_id)::int as n from blade_role`))[0]!.n),
      (await rows<{ r: string }>(tx, sql`select current_user as r`))[0]!.r,
    ]);
    expect(own).toBe(1);
    expect(every).toBeGreaterThan(1);
    expect(role).toBe('zoo_app');
  });
});
