import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { authorise, makeAnimal, makeCageChain, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';

/** The permanent audit trail: written by the database for every endpoint, masked, isolated, append-only. */
let t: TestApp;
let zooA: string;
let zooB: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '300001', 'audita');
  zooB = await zooAdmin(t, '300002', 'auditb');
  admin = await platformToken(t);
  await authorise(t, '300001', [{ latin: 'Ailuropoda melanoleuca' }]);
});
afterAll(async () => t?.close());

const history = async (token: string, table: string, id: string) =>
  (await t.request({ url: '/blade-log/audit/history', token, query: { table, id, current: '1', size: '50' } })).body;
const byField = (entry: { changes: Array<{ field: string; before: unknown; after: unknown }> }) =>
  Object.fromEntries(entry.changes.map((c) => [c.field, [c.before, c.after]]));

describe('audit trail', () => {
  it('records create, update and logical delete of a zoo record with who, when, before and after', async () => {
    const { cageId } = await makeCageChain(t, zooA);
    const animalId = await makeAnimal(t, zooA, {
      speciesId: await speciesId(t, 'Ailuropoda melanoleuca'),
      cageId,
      sex: 1,
      localNo: 'AUD-1',
      animalName: '团团',
    });
    const upd = await t.request({
      method: 'POST',
      url: '/zoo-animal/animal/update',
      token: zooA,
      headers: { 'audit-reason': encodeURIComponent('更正名字') },
      body: { id: animalId, speciesId: await speciesId(t, 'Ailuropoda melanoleuca'), localNo: 'AUD-1', animalName: '圆圆', sex: 1, cageId },
    });
    expect(upd.body.success, JSON.stringify(upd.body)).toBe(true);
    await t.request({ method: 'POST', url: '/zoo-animal/animal/remove', token: zooA, query: { ids: animalId } });

    const h = await history(zooA, 'zoo_animal', animalId);
    expect(h.success, JSON.stringify(h)).toBe(true);
    const [del, change, create] = h.data.records;
    expect([del.action, change.action, create.action]).toEqual(['delete', 'update', 'create']);
    expect(create).toMatchObject({ userName: 'audita', tenantId: '300001', actorTenantId: '300001', title: '动物个体', resource: 'animal' });
    expect(byField(create).localNo).toEqual(['', 'AUD-1']);
    expect(byField(change)).toEqual({ animalName: ['团团', '圆圆'] });
    expect(change.reason).toBe('更正名字');
    expect(change.clientIp).not.toBe('');
    expect(change.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byField(del)).toEqual({ isDeleted: [0, 1] });
  });

  it('records framework records through any endpoint and masks secrets', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/blade-system/client/submit',
      token: admin,
      body: {
        clientId: 'audit_client',
        clientSecret: 'top-secret-1',
        authorizedGrantTypes: 'password',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
        scope: 'all',
      },
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const { rows } = await t.sql.query(
      `select id::text, changes from sys_audit where table_name = 'blade_client' and record_id = (select id::text from blade_client where client_id = 'audit_client')`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].changes.client_secret).toEqual([null, '******']);
    expect(JSON.stringify(rows)).not.toContain('top-secret-1');
    // A password reset changes the stored hash: recorded, never shown.
    await zooAdmin(t, '300003', 'auditc');
    const { rows: u } = await t.sql.query(`select id::text from blade_user where account = 'auditc'`);
    await t.request({ method: 'POST', url: '/blade-user/reset-password', token: admin, query: { userIds: u[0].id } });
    const { rows: pw } = await t.sql.query(`select changes from sys_audit where table_name = 'blade_user' and record_id = $1 order by id desc limit 1`, [
      u[0].id,
    ]);
    expect(pw[0].changes.password).toEqual(['******', '******']);
    // Users are served by hand-written routes, yet their 变更记录 reads like any resource's, with secrets masked.
    // The reset ended auditc's sessions; the new password is the initial one.
    const zooC = await t.login('auditc', '123456', '300003');
    const h = await history(zooC, 'blade_user', u[0].id);
    expect(h.success, JSON.stringify(h)).toBe(true);
    expect(h.data.records[0]).toMatchObject({ title: '用户', resource: 'user', action: 'update' });
    expect(byField(h.data.records[0]).password).toEqual(['******', '******']);
    expect((await history(zooA, 'blade_user', u[0].id)).success).toBe(false);
  });

  it('shows a record history only to those who may see the record', async () => {
    const { cageId } = await makeCageChain(t, zooA);
    const h = await history(zooA, 'zoo_cage', cageId);
    expect(h.data.records.length).toBeGreaterThan(0);
    expect((await history(zooB, 'zoo_cage', cageId)).success).toBe(false);
    // Tenant B's own audit list and the raw rows under its tenant never show tenant A's changes.
    const listB = await t.request({ url: '/blade-log/audit/list', token: zooB, query: { current: '1', size: '200' } });
    expect(listB.body.data.records.every((r: { tenantId: string }) => r.tenantId === '300002')).toBe(true);
    expect((await history(zooA, 'no_such_table', '1')).success).toBe(false);
    expect((await history(zooA, 'zoo_cage', 'abc')).msg).toBe('ID格式不正确');
  });

  it('keeps audit rows append-only for the request role', async () => {
    const c = t.sql;
    for (const stmt of ['update sys_audit set reason = $1', 'delete from sys_audit where reason <> $1', 'truncate sys_audit']) {
      await c.query('begin');
      await c.query('set local role zoo_app');
      await c.query(`select set_config('app.tenant_id', '300001', true)`);
      const err = await c.query(stmt, stmt.includes('$1') ? ['x'] : []).then(
        () => null,
        (e: { code?: string }) => e,
      );
      await c.query('rollback');
      expect(err?.code, stmt).toBe('42501');
    }
    const { rows } = await c.query(`select count(*)::int as n from sys_audit where tenant_id = '300001'`);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('lists the audited tables, filters the trail and exports it', async () => {
    const tables = await t.request({ url: '/blade-log/audit/tables', token: admin });
    expect(tables.body.data).toEqual(expect.arrayContaining([{ tableName: 'zoo_animal', resource: 'animal', title: '动物个体' }]));
    const list = await t.request({
      url: '/blade-log/audit/list',
      token: admin,
      query: { current: '1', size: '10', tableName_equal: 'zoo_animal', action_equal: 'update' },
    });
    expect(list.body.data.records.length).toBeGreaterThan(0);
    expect(list.body.data.records.every((r: { tableName: string; action: string }) => r.tableName === 'zoo_animal' && r.action === 'update')).toBe(true);
    const res = await t.app.inject({ url: `/api/blade-log/audit/export?tableName_equal=zoo_animal&Blade-Auth=${admin}` });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(3).text).toBe('数据类型');
    const all = await t.request({ url: '/blade-log/audit/list', token: admin, query: { current: '1', size: '10', tableName_equal: 'zoo_animal' } });
    expect(ws.rowCount - 1).toBe(all.body.data.total);
  });

  it('keeps bigint values exact: ids beyond 2^53 travel as strings, smaller numbers stay numbers', async () => {
    const sp = await speciesId(t, 'Ailuropoda melanoleuca');
    const { cageId } = await makeCageChain(t, zooA);
    const { cageId: nextCageId } = await makeCageChain(t, zooA);
    // Snowflake ids exceed 2^53: a JSON number would lose its last digits on the way to the screen.
    expect(BigInt(cageId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const animalId = await makeAnimal(t, zooA, { speciesId: sp, cageId, sex: 1, localNo: 'AUD-BIG', animalName: '大数' });
    // A cage changes through movements, not the record's update call: the update path of the trigger, as the
    // request role writes it.
    const c = t.sql;
    await c.query('begin');
    await c.query('set local role zoo_app');
    await c.query(`select set_config('app.tenant_id', '300001', true)`);
    await c.query('update zoo_animal set cage_id = $1 where id = $2', [nextCageId, animalId]);
    await c.query('commit');

    const h = await history(zooA, 'zoo_animal', animalId);
    const [change, create] = h.data.records;
    expect(byField(create).id).toEqual(['', animalId]);
    expect(byField(create).cageId).toEqual(['', cageId]);
    expect(byField(create).speciesId).toEqual(['', sp]);
    expect(byField(create).sex).toEqual(['', 1]);
    expect(byField(change)).toEqual({ cageId: [cageId, nextCageId] });
    // The detail reads the same; an exact id also names the cage it points to.
    const detail = await t.request({ url: '/blade-log/audit/detail', token: admin, query: { id: change.id } });
    expect(detail.body.success, JSON.stringify(detail.body)).toBe(true);
    const cage = detail.body.data.changes.find((c: { field: string }) => c.field === 'cageId');
    expect(cage).toMatchObject({ before: cageId, after: nextCageId });
    expect(cage.afterName).toBeTruthy();
    expect(cage.afterName).not.toBe(nextCageId);
  });

  it('converts trail rows written before bigint values were strings', async () => {
    // An old-style row, written as the owner: a department id as a JSON number beyond 2^53.
    const { rows } = await t.sql.query(
      `insert into sys_audit (tenant_id, table_name, record_id, action, changes)
       values ('300001', 'blade_user', '1', 'update', $1::jsonb) returning id::text`,
      ['{"dept_id": [1869581234567890123, -1869581234567890124], "sort": [1, 2], "real_name": ["a", "b"], "x": [null, 9007199254740991]}'],
    );
    await t.sql.query(`update sys_audit set changes = audit_exact_changes(changes) where id = $1`, [rows[0].id]);
    const detail = await t.request({ url: '/blade-log/audit/detail', token: admin, query: { id: rows[0].id } });
    expect(detail.body.success, JSON.stringify(detail.body)).toBe(true);
    expect(byField(detail.body.data)).toEqual({
      deptId: ['1869581234567890123', '-1869581234567890124'],
      sort: [1, 2],
      realName: ['a', 'b'],
      x: ['', 9007199254740991],
    });
  });

  it('names the roles and department a change points to, for the platform administrator reading a zoo’s trail', async () => {
    const [u] = (
      await t.sql.query(
        `select u.id::text, (select role_name from blade_role where id::text = u.role_id) role_name,
                (select dept_name from blade_dept where id::text = u.dept_id) dept_name
           from blade_user u where u.tenant_id = '300002' and u.role_id <> '' and u.is_deleted = 0 order by u.id limit 1`,
      )
    ).rows;
    expect(u?.role_name).toBeTruthy();
    const list = await t.request({ url: '/blade-log/audit/list', token: admin, query: { tableName_equal: 'blade_user', recordId_equal: u.id } });
    type Entry = { tenantId: string; changes: Array<{ field: string; afterName?: string }> };
    const created = (list.body.data.records as Entry[]).find((r) => r.changes.some((c) => c.field === 'roleId'))!;
    expect(created.tenantId).toBe('300002');
    const change = (f: string) => created.changes.find((c) => c.field === f)!;
    expect(change('roleId').afterName).toBe(u.role_name);
    expect(change('account').afterName).toBeUndefined();
  });
});
