import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { toolCalls, useToolWorld } from '../../../test/tool-fixtures';
import { createTenantUser } from '../../../test/fixtures';
import { jdbcOf } from './tool-helpers';

// Data models read from the real catalogs, and the code generator's output.
const w = useToolWorld({ mysqlTable: true });
const { post, get, pgForm, myForm, addDatasource } = toolCalls(w);
const { suffix, pgTable, myTable } = w;
let t: TestApp;
let admin: string;
beforeAll(() => {
  ({ t, admin } = w);
});

describe('data models read the real catalog', () => {
  let pgId: string;
  let myId: string;
  beforeAll(async () => {
    pgId =
      (await get('/blade-develop/datasource/select')).body.data.find((d: { name: string }) => d.name === `本库-${suffix}`)?.id ??
      (await addDatasource(pgForm()));
    myId = await addDatasource({ ...myForm(), name: `MariaDB2-${suffix}` });
  });

  it('table-list and table-info on PostgreSQL', async () => {
    const tables = (await get('/blade-develop/model/table-list', { datasourceId: pgId })).body.data;
    expect(tables).toContainEqual({ name: pgTable, comment: `${pgTable}:鸟类环志` });
    expect(tables.some((x: { name: string }) => x.name === 'blade_user')).toBe(true);
    const info = (await get('/blade-develop/model/table-info', { tableName: pgTable, datasourceId: pgId })).body.data;
    expect(info.comment).toBe('鸟类环志');
    expect(info.fields.map((f: { name: string }) => f.name)).toEqual(['id', 'ring_no', 'wing_span', 'hatched', 'remark']);
    expect(info.fields[0]).toMatchObject({ primaryKey: true, type: 'int8' });
    expect(info.fields[1]).toMatchObject({ name: 'ring_no', comment: '环志编号', nullable: false, propertyType: 'string', propertyName: 'ringNo' });
    expect(info.fields[2]).toMatchObject({ type: 'numeric', propertyType: 'number' });
    const missing = await get('/blade-develop/model/table-info', { tableName: 'no_such_table', datasourceId: pgId });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(`数据源 本库-${suffix} 中不存在表 no_such_table`);
  });

  it('table-list and table-info on MariaDB', async () => {
    const tables = (await get('/blade-develop/model/table-list', { datasourceId: myId })).body.data;
    expect(tables).toContainEqual({ name: myTable, comment: `${myTable}:蛋` });
    const info = (await get('/blade-develop/model/table-info', { tableName: myTable, datasourceId: myId })).body.data;
    expect(info.fields.map((f: { name: string; type: string }) => `${f.name}:${f.type}`)).toEqual([
      'id:bigint',
      'clutch:varchar',
      'weight:decimal',
      'laid:datetime',
    ]);
    expect(info.fields[1]).toMatchObject({ comment: '窝号', nullable: false });
  });

  it('a model names a real table; model-prototype proposes columns until submit-list saves settings', async () => {
    const bad = await post('/blade-develop/model/submit', { body: { datasourceId: myId, modelName: '无', modelCode: `none_${suffix}`, modelTable: 'nope' } });
    expect(bad.body.msg).toBe(`数据源 MariaDB2-${suffix} 中不存在表 nope`);
    expect(
      (await post('/blade-develop/model/submit', { body: { datasourceId: myId, modelName: '蛋', modelCode: `egg_${suffix}`, modelTable: myTable } })).body
        .success,
    ).toBe(true);
    const model = (await get('/blade-develop/model/list', { modelCode: `egg_${suffix}` })).body.data.records[0];
    expect(model).toMatchObject({ datasourceName: `MariaDB2-${suffix}`, modelTable: myTable });
    const dup = await post('/blade-develop/model/submit', { body: { datasourceId: myId, modelName: '蛋', modelCode: `egg_${suffix}`, modelTable: myTable } });
    expect(dup.body.msg).toBe(`模型编号 egg_${suffix} 已存在`);
    const byModel = (await get('/blade-develop/model/table-info', { modelId: model.id })).body.data;
    expect(byModel.name).toBe(myTable);

    const proposed = (await get('/blade-develop/model/model-prototype', { modelId: model.id })).body.data;
    expect(proposed.map((p: { jdbcName: string }) => p.jdbcName)).toEqual(['id', 'clutch', 'weight', 'laid']);
    expect(proposed[1]).toMatchObject({ id: '', propertyType: 'string', isRequired: 1, isList: 1, queryType: 'like' });
    expect((await get('/blade-develop/model-prototype/select', { modelId: model.id })).body.data).toEqual([]);

    const edited = proposed.map((p: Record<string, unknown>) =>
      p.jdbcName === 'clutch' ? { ...p, isQuery: 1, dictCode: 'clutch_type', componentType: 'select' } : p,
    );
    expect((await post('/blade-develop/model-prototype/submit-list', { body: edited })).body.success).toBe(true);
    const saved = (await get('/blade-develop/model/model-prototype', { modelId: model.id })).body.data;
    expect(saved).toHaveLength(4);
    expect(saved.every((p: { id: string }) => /^\d+$/.test(p.id))).toBe(true);
    expect(saved[1]).toMatchObject({ jdbcName: 'clutch', isQuery: 1, dictCode: 'clutch_type', componentType: 'select' });
    // Saving again with ids updates in place; leaving a field out drops it.
    const again = saved.filter((p: { jdbcName: string }) => p.jdbcName !== 'laid').map((p: Record<string, unknown>) => ({ ...p, isList: 0 }));
    expect((await post('/blade-develop/model-prototype/submit-list', { body: again })).body.success).toBe(true);
    const after = (await get('/blade-develop/model-prototype/select', { modelId: model.id })).body.data;
    expect(after.map((p: { id: string }) => p.id)).toEqual(saved.slice(0, 3).map((p: { id: string }) => p.id));
    expect(after.every((p: { isList: number }) => p.isList === 0)).toBe(true);
    const badList = await post('/blade-develop/model-prototype/submit-list', { body: [{ ...again[0], propertyType: 'object' }] });
    expect(badList.status).toBe(400);
    expect(badList.body.msg).toBe('实体类型取值不正确');
    const twice = await post('/blade-develop/model-prototype/submit-list', {
      body: [
        { ...again[0], id: '' },
        { ...again[0], id: '' },
      ],
    });
    expect(twice.body.msg).toBe('字段 id 重复');
    expect((await get('/blade-develop/model/select')).body.data).toContainEqual({ id: model.id, modelName: '蛋', modelTable: myTable });
  });
});

describe('code rows and gen-code', () => {
  let modelId: string;
  let codeId: string;
  beforeAll(async () => {
    const dsId = await addDatasource({ ...pgForm(), name: `本库3-${suffix}` });
    await post('/blade-develop/model/submit', { body: { datasourceId: dsId, modelName: '环志', modelCode: `ring3_${suffix}`, modelTable: pgTable } });
    modelId = (await get('/blade-develop/model/list', { modelCode: `ring3_${suffix}` })).body.data.records[0].id;
  });

  const codeForm = () => ({
    modelId,
    serviceName: 'zoo',
    codeName: '鸟类环志',
    tableName: 'zoo_bird_ring',
    tablePrefix: 'zoo_',
    pkName: 'id',
    packageName: 'bird_ring',
    baseMode: 1,
    wrapMode: 2,
    apiPath: '/zoo-bird/birdRing',
    webPath: '/zoo/birdring',
  });

  it('list, detail, submit, copy, remove', async () => {
    expect((await post('/blade-develop/code/submit', { body: { ...codeForm(), packageName: 'Bird' } })).body.msg).toBe(
      '实体名只能包含小写字母、数字和下划线,且以字母开头',
    );
    expect((await post('/blade-develop/code/submit', { body: { ...codeForm(), modelId: '123' } })).body.msg).toBe('数据模型不存在或已被删除');
    expect((await post('/blade-develop/code/submit', { body: codeForm() })).body.success).toBe(true);
    const rec = (await get('/blade-develop/code/list', { codeName: '鸟类' })).body.data.records[0];
    expect(rec).toMatchObject({ modelName: '环志', packageName: 'bird_ring', apiPath: '/zoo-bird/birdRing' });
    codeId = rec.id;
    expect((await get('/blade-develop/code/detail', { id: codeId })).body.data.tableName).toBe('zoo_bird_ring');
    const copy = await post('/blade-develop/code/copy', { query: { id: codeId } });
    expect(copy.body.data.id).toMatch(/^\d+$/);
    expect((await get('/blade-develop/code/detail', { id: copy.body.data.id })).body.data.codeName).toBe('鸟类环志(副本)');
    expect((await post('/blade-develop/code/remove', { query: { ids: copy.body.data.id } })).body.success).toBe(true);
    expect((await get('/blade-develop/code/detail', { id: copy.body.data.id })).body.success).toBe(false);
    // A model a code row uses cannot be removed.
    expect((await post('/blade-develop/model/remove', { query: { ids: modelId } })).body.msg).toBe('数据模型已被代码生成配置使用,请先删除对应的配置');
  });

  it('gen-code answers the file list; download is a zip of the module', async () => {
    const res = await post('/blade-develop/code/gen-code', { query: { ids: codeId, system: 'saber' } });
    expect(res.body.success).toBe(true);
    expect(res.body.data.files).toEqual([
      'codegen/bird-ring/README.md',
      'codegen/bird-ring/wiring.json',
      'contract/src/zoo/bird-ring.ts',
      'server/src/modules/zoo/bird-ring/bird-ring.routes.ts',
      'server/src/modules/zoo/bird-ring/bird-ring.tables.ts',
      'server/src/modules/zoo/bird-ring/bird-ring.test.ts',
      'web/src/features/zoo/bird-ring/bird-ring.crud.ts',
      'web/src/features/zoo/bird-ring/bird-ring.i18n.ts',
      'web/src/features/zoo/bird-ring/bird-ring.page.tsx',
    ]);
    expect(res.body.data.saved).toBe('');
    const dl = await t.app.inject({ method: 'GET', url: `/api${res.body.data.download}&Blade-Auth=${encodeURIComponent(`bearer ${admin}`)}` });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/zip');
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(new Uint8Array(dl.rawPayload));
    expect(Object.keys(files).sort()).toEqual(res.body.data.files);
    const contract = strFromU8(files['contract/src/zoo/bird-ring.ts']!);
    expect(contract).toContain("ringNo: reqText('环志编号', 255)");
    expect(contract).toContain("base: '/zoo-bird/birdRing'");
    expect((await post('/blade-develop/code/gen-code', { query: { ids: '999' } })).body.msg).toBe('数据不存在或已被删除');
    expect((await post('/blade-develop/code/gen-code', { query: { ids: codeId, system: 'elementui' } })).body.msg).toBe('不支持的前端系统');
  });

  it('writes a copy of the zip only inside CODEGEN_DIR', async () => {
    const { mkdtemp, readdir, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'zoo-codegen-'));
    const other = await startTestApp({ CODEGEN_DIR: dir });
    try {
      // Same database template, so the rows are recreated in this app's database.
      const token = await other.login();
      const ds = await other.request({
        method: 'POST',
        url: '/blade-develop/datasource/submit',
        token,
        body: { ...pgForm(), ...jdbcOf(other.config.databaseUrl!), password: 'x' },
      });
      expect(ds.body.success).toBe(true);
      await other.sql.query(`create table ${pgTable} (id bigint primary key, ring_no varchar(30) not null)`);
      const dsId = (await other.request({ url: '/blade-develop/datasource/select', token })).body.data[0].id;
      await other.request({
        method: 'POST',
        url: '/blade-develop/model/submit',
        token,
        body: { datasourceId: dsId, modelName: '环志', modelCode: 'ring', modelTable: pgTable },
      });
      const mid = (await other.request({ url: '/blade-develop/model/select', token })).body.data[0].id;
      await other.request({ method: 'POST', url: '/blade-develop/code/submit', token, body: { ...codeForm(), modelId: mid } });
      const cid = (await other.request({ url: '/blade-develop/code/list', token })).body.data.records[0].id;
      const res = await other.request({ method: 'POST', url: '/blade-develop/code/gen-code', token, query: { ids: cid } });
      expect(res.body.data.saved).toBe(`code-${cid}.zip`);
      expect(await readdir(dir)).toEqual([`code-${cid}.zip`]);
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('rights', () => {
  it('other tenants get 403 even as their admin; platform users need the buttons', async () => {
    await createTenantUser(t.sql, { tenantId: '300021', account: 'tadmin', password: 'pw', roleAlias: 'admin' });
    const tenantAdmin = await t.login('tadmin', 'pw', '300021');
    for (const url of ['/blade-develop/datasource/list', '/blade-develop/datasource/select', '/blade-develop/model/list', '/blade-develop/code/list']) {
      expect((await get(url, undefined, tenantAdmin)).status).toBe(403);
    }
    expect((await post('/blade-develop/datasource/test', { body: pgForm(), token: tenantAdmin })).status).toBe(403);
    expect((await get('/blade-develop/model/table-list', { datasourceId: '1' }, tenantAdmin)).status).toBe(403);

    await createTenantUser(t.sql, { tenantId: '000000', account: 'plain_dt', password: 'pw', roleAlias: 'user' });
    const plain = await t.login('plain_dt', 'pw', '000000');
    expect((await get('/blade-develop/datasource/list', undefined, plain)).status).toBe(403);
    expect((await post('/blade-develop/datasource/submit', { body: pgForm(), token: plain })).status).toBe(403);
    expect((await post('/blade-develop/code/gen-code', { query: { ids: '1' }, token: plain })).status).toBe(403);
    const proto = { modelId: '1', jdbcName: 'a', jdbcType: 'int4', propertyType: 'number', propertyName: 'a' };
    expect((await post('/blade-develop/model-prototype/submit-list', { body: [proto], token: plain })).status).toBe(403);
    expect((await get('/blade-develop/datasource/list')).status).toBe(200);
    expect((await t.request({ url: '/blade-develop/datasource/list' })).status).toBe(401);
  });
});
