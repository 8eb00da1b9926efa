import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { multipart } from '../../../../test/upload-helpers';
import { authorise, makeAnimal, makeCageChain, platformToken, speciesId, zooAdmin } from '../../../../test/zoo-fixtures';
import { writeSheet } from '../../../platform/excel';

/**
 * Studbook import through HTTP on PostgreSQL: zoo A keeps the panda studbook and holds S × D → X; C keeps none.
 * Good and bad rows in one file, malformed files, and export → import round trips (CSV and xlsx).
 */
let t: TestApp;
let zooA: string;
let zooC: string;
let panda: string;
const A = '300391';
const C = '300393';
const base = '/zoo-studbook/studbook';
const ids: Record<string, string> = {};

const upload = (token: string, file: Buffer, name = 'studbook.csv', query: Record<string, string> = {}) => {
  const { body, headers } = multipart(name, file);
  return t.request({ method: 'POST', url: `${base}/import`, token, query: { speciesId: panda, ...query }, body, headers });
};
const csv = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
const q = async (sql: string, params: unknown[] = []) => (await t.sql.query(sql, params)).rows;
const records = async () =>
  (await t.request({ url: `${base}/list`, token: zooA, query: { speciesId: panda, current: '1', size: '100' } })).body.data.records as Array<
    Record<string, any>
  >;

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, A, undefined, '甲动物园');
  zooC = await zooAdmin(t, C, undefined, '丙动物园');
  for (const z of [A, C]) await authorise(t, z, [{ latin: 'Ailuropoda melanoleuca' }]);
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  const cageA = (await makeCageChain(t, zooA)).cageId;
  const mk = async (localNo: string, sex: number, birthDate: string, more: Record<string, unknown> = {}) =>
    (ids[localNo] = await makeAnimal(t, zooA, { speciesId: panda, cageId: cageA, localNo, sex, birthDate, birthPrecision: 1, ...more }));
  await mk('S', 1, '2010-01-01 00:00:00', { sireMark: 'WILD', damMark: 'WILD' });
  await mk('D', 2, '2010-06-01 00:00:00', { sireMark: 'WILD', damMark: 'WILD' });
  await mk('X', 1, '2016-08-01 00:00:00', { sireId: ids.S, damId: ids.D });
  const platform = await platformToken(t);
  const res = await t.request({ method: 'POST', url: `${base}/keepers`, token: platform, body: { speciesId: panda, tenantIds: [A] } });
  expect(res.body.msg).toBe('操作成功');
});
afterAll(async () => t?.close());

describe('studbook import', () => {
  it('takes the good rows parents first, lists every bad row with its reason, links the pedigree', async () => {
    const res = await upload(
      zooA,
      csv([
        '谱系号,性别,出生日期,父本,母本,所在单位,存活',
        '101,M,2000-01-01,WILD,WILD,卧龙,0',
        '102,F,2001-01-01,WILD,WILD,卧龙,0',
        // 105's sire comes later in the file: the order is free.
        '105,F,2008-05-01,103,102,成都,1',
        '103,M,2005-03-01,101,102,"卧龙, 核桃坪",1',
        '106,M,2009-01-01,102,101,,1',
        '107,X,2009-01-01,UNK,UNK,,1',
        '108,M,2009-13-01,UNK,UNK,,1',
        '109,M,2004-01-01,103,102,,1',
        '110,M,2010-01-01,999,UNK,,1',
        '111,M,2010-01-01,112,UNK,,1',
        '112,M,2010-01-01,111,UNK,,1',
        '103,M,2005-03-01,101,102,,1',
        '007,M,,UNK,UNK,,1',
        '114,M,2012-01-01,UNK,WILD,,活着',
        '115,M,2012-01-01,MULT,WILD,,1',
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ total: 15, created: 4, matched: 0 });
    const reasons = Object.fromEntries((res.body.data.rejected as Array<{ row: number; reason: string }>).map((r) => [r.row, r.reason]));
    expect(reasons).toEqual({
      6: '父本 102 必须是雄性个体',
      7: '性别“X”无法识别:应为 M / F / U(雄 / 雌 / 未知)',
      8: '出生日期“2009-13-01”不是有效日期(格式 yyyy-MM-dd)',
      9: '父本 103 的出生日期 2005-03-01 不早于该个体的出生日期 2004-01-01',
      10: '父本 999 不在文件中,也不在该物种的谱系中',
      11: '谱系号 111 的系谱成环(它是自己的祖先)',
      12: '父本 111 所在行未导入',
      13: '谱系号 103 在文件中重复',
      14: '谱系号“007”格式不正确:须为不以0开头的正整数,临时谱系号以 T 开头',
      15: '存活“活着”无法识别:应为 1 / 0(存活 / 死亡)',
      16: '父本为 MULT,但文件没有列出候选个体:请改为 UNK,导入后在个体档案中填写 MULT 候选',
    });
    // The database holds the four new identities with their numbers; the dead are pedigree facts, not stock.
    const rows = await q(
      `select a.local_no, a.status, a.sex, a.remark, n.studbook_no from zoo_animal a join zoo_studbook_no n on n.identity_id = a.id and n.is_deleted = 0
        where a.tenant_id = $1 and a.local_no like 'SB%' order by a.local_no`,
      [A],
    );
    expect(rows.map((r) => [r.local_no, r.status, r.sex, r.studbook_no])).toEqual([
      ['SB101', 0, 1, '101'],
      ['SB102', 0, 2, '102'],
      ['SB103', 1, 1, '103'],
      ['SB105', 1, 2, '105'],
    ]);
    expect(rows[2].remark).toBe('谱系导入;所在单位:卧龙, 核桃坪');
    // 105 is the offspring of a parent (102) and its son (103): F = 1/4; 103's parents are unrelated: F = 0.
    const by = Object.fromEntries((await records()).map((r) => [r.studbookNo, r]));
    expect(by['105']).toMatchObject({ f: 0.25, alive: true, known: 1 });
    expect(by['103']).toMatchObject({ f: 0 });
    expect(by['101']).toMatchObject({ alive: false });
    // A living import entered the stock ledger as an import; the dead did not.
    const ledger = await q(
      `select count(*)::int n from zoo_stock_log l join zoo_animal a on a.id = l.animal_id where a.local_no like 'SB%' and a.tenant_id = $1`,
      [A],
    );
    expect(ledger[0].n).toBe(2);
  });

  it('round trip: the exported PMx CSV and xlsx import again as matches, nothing created or refused', async () => {
    const before = (await q(`select count(*)::int n from zoo_animal where species_id = $1`, [panda]))[0].n;
    const exported = await t.request({ url: `${base}/export`, token: zooA, query: { speciesId: panda, format: 'csv' } });
    expect(exported.status).toBe(200);
    const file = Buffer.from(String(exported.body), 'utf8');
    const res = await upload(zooA, file);
    expect(res.body.data).toEqual({ total: 7, created: 0, matched: 7, rejected: [] });
    const xlsx = await t.app.inject({ method: 'GET', url: `/api${base}/export`, query: { 'Blade-Auth': zooA, speciesId: panda, format: 'xlsx' } });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const raw = xlsx.rawPayload;
    const res2 = await upload(zooA, raw, 'studbook.xlsx');
    expect(res2.body.data, JSON.stringify(res2.body)).toEqual({ total: 7, created: 0, matched: 7, rejected: [] });
    expect((await q(`select count(*)::int n from zoo_animal where species_id = $1`, [panda]))[0].n).toBe(before);
  });

  it('an xlsx with Chinese headers creates rows under the international studbook', async () => {
    const cols = ['谱系号', '性别', '出生日期', '父本', '母本', '所在单位', '存活'].map((h) => ({ key: h, header: h }));
    const file = await writeSheet('谱系', cols, [
      { 谱系号: '7', 性别: '雌', 出生日期: '2018-02-03', 父本: String(ids.X), 母本: 'UNK', 所在单位: '甲动物园', 存活: '1' },
    ]);
    const res = await upload(zooA, file, 'book.xlsx', { scope: '2' });
    expect(res.body.data).toMatchObject({ total: 1, created: 1, rejected: [] });
    const [row] = await q(`select sire_id::text, dam_mark from zoo_animal where tenant_id = $1 and local_no = 'SBI7'`, [A]);
    expect(row).toEqual({ sire_id: ids.X, dam_mark: 'UNK' });
  });

  it('a malformed file or a caller without the right is a 400 with a Chinese message, never a 500', async () => {
    const msg = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      return r.body.msg as string;
    };
    expect(await msg(upload(zooA, csv(['UniqueID,Sex,BirthDate', '1,M,2000-01-01'])))).toBe('导入文件缺少列: 父本(sire)、母本(dam)');
    expect(await msg(upload(zooA, csv(['UniqueID,Sire,Dam,Sex', '"1,UNK,UNK,M'])))).toBe('CSV 文件格式不正确:引号未闭合');
    expect(await msg(upload(zooA, Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00]), 'x.csv'))).toBe('CSV 文件须为 UTF-8 文本');
    expect(await msg(upload(zooA, Buffer.from('PK\u0003\u0004broken zip'), 'x.xlsx'))).toBe('请上传正确的 Excel 文件(.xlsx)或 CSV 文件');
    expect(await msg(upload(zooC, csv(['UniqueID,Sire,Dam,Sex', '1,UNK,UNK,M'])))).toBe('只有平台或该物种的谱系管理员可以导入谱系');
    expect(await msg(upload(zooA, csv(['UniqueID,Sire,Dam,Sex', '1,UNK,UNK,M']), 'a.csv', { scope: '3' }))).toBe('谱系范围只能是 1(国家)或 2(国际)');
    expect(await msg(t.request({ method: 'POST', url: `${base}/import`, token: zooA, query: { speciesId: panda }, body: {} }))).toBe(
      '请以 multipart/form-data 方式上传文件 (字段 file)',
    );
  });
});
