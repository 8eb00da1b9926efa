import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { A, B, today, transferCalls, useTransferWorld } from '../../../../test/transfer-fixtures';
import { authorise, platformToken, speciesId, uid } from '../../../../test/zoo-fixtures';

/**
 * The annual reports of decision 0040 through HTTP on PostgreSQL: a year of zoo A's ledger booked by hand (2024,
 * with the stock before it), whose inventory must equal the sums worked out below, reconcile with the ledger, and
 * come out in the xlsx row for row; the CITES report of that year; the status history a report reads; and a
 * transfer between two zoos this year, reported as out at one and in at the other.
 */
const w = useTransferWorld();
const calls = transferCalls(w);
const Y = 2024;
let crane: string;
let python: string;
let cageA: string;
let pandaMarked: string;
let pandaBare: string;

const post = (url: string, body: Record<string, unknown>, token = w.zooA) => w.t.request({ method: 'POST', url, token, body });
const ok = async (kind: string, body: Record<string, unknown>) => {
  const res = await post(`/zoo-stockLog/stockLog/${kind}_enroll`, body);
  expect(res.body.success, `${kind}: ${JSON.stringify(res.body)}`).toBe(true);
  return res.body.data;
};
async function permit(body: Record<string, unknown>): Promise<string> {
  const res = await post('/zoo-permit/permit/submit', {
    issuingAuthority: '国家濒危物种进出口管理办公室',
    validFrom: '2024-01-01',
    validTo: '2024-12-31',
    ...body,
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return (await calls.q(`select id::text from zoo_permit where permit_no = $1`, [body.permitNo]))[0].id;
}
const report = async (year: number, token = w.zooA, kind = 'inventory') =>
  (await w.t.request({ url: `/zoo-permit/report/${kind}`, token, query: { year: String(year) } })).body;
const rowOf = (rows: Array<Record<string, any>>, id: string) => rows.find((r) => r.speciesId === id);

beforeAll(async () => {
  // Licences from 2015: the python's stock predates the 2021 list.
  await authorise(w.t, A, [
    { latin: 'Grus japonensis', validFrom: '2015-01-01' },
    { latin: 'Python bivittatus', validFrom: '2015-01-01' },
  ]);
  crane = await speciesId(w.t, 'Grus japonensis');
  python = await speciesId(w.t, 'Python bivittatus');
  cageA = w.cageA;
  const pop = (bornDate: string, m: number, f: number, u: number, species = crane) =>
    ok('born', { animalType: 2, speciesId: species, cageId: cageA, bornDate, maleQuantity: m, femaleQuantity: f, theyQuantity: u });
  // Before the year: 3 cranes, 2 pythons.
  await pop('2019-06-01', 1, 1, 0, python);
  await pop('2023-06-01', 1, 1, 1);
  // The year: +2 born, +4 imported from Germany, −1 exported to Japan, −1 died, −1 deregistered, +1 born (reversed later).
  await pop('2024-03-01', 1, 1, 0);
  await permit({ kind: 5, permitNo: 'DE-IM-2024-01', purposeCode: 'Z', sourceCode: 'C', counterpart: '德国', lines: [{ speciesId: crane, quantity: 4 }] });
  await ok('import', {
    animalType: 2,
    speciesId: crane,
    cageId: cageA,
    importDate: '2024-04-01',
    importType: 1,
    source: '德国柏林动物园',
    permitNo: 'DE-IM-2024-01',
    femaleQuantity: 2,
    theyQuantity: 2,
  });
  const cites = await permit({
    kind: 4,
    permitNo: 'CN-EX-2024-07',
    purposeCode: 'Z',
    sourceCode: 'C',
    counterpart: '日本',
    lines: [{ speciesId: crane, quantity: 1 }],
  });
  const transport = await permit({ kind: 3, permitNo: `YS-${uid()}`, issuingAuthority: '北京市园林绿化局', lines: [{ speciesId: crane, quantity: 5 }] });
  await ok('export', {
    animalType: 2,
    speciesId: crane,
    cageId: cageA,
    exportDate: '2024-06-01',
    exportType: 1,
    output: '日本上野动物园',
    theyQuantity: 1,
    permitIds: [transport, cites],
    crossBorder: true,
    purposeCode: 'Z',
    sourceCode: 'C',
  });
  await ok('die', { animalType: 2, speciesId: crane, cageId: cageA, dieDate: '2024-07-01', dieType: 1, maleQuantity: 1 });
  await ok('cancel', { animalType: 2, speciesId: crane, cageId: cageA, cancelDate: '2024-08-01', cancelType: 1, femaleQuantity: 1 });
  await pop('2024-09-01', 0, 0, 1);
  // Two pandas born in the year, one with its 专用标识.
  pandaMarked = await calls.pandaIn(`PM-${uid()}`);
  const born = await ok('born', { animalType: 1, speciesId: w.panda, cageId: cageA, bornDate: '2024-10-01', animals: [{ localNo: `PB-${uid()}`, sex: 1 }] });
  pandaBare = born.animalIds[0];
  const flag = await post('/zoo-animal/animalFlag/submit', { animalId: pandaMarked, type: 4, code: 'ZY-2024-0001' });
  expect(flag.body.success, JSON.stringify(flag.body)).toBe(true);
});

describe('annual inventory of state-protected animals', () => {
  it('gives per species the hand-worked sums, reconciled with the ledger', async () => {
    const body = await report(Y);
    expect(body.success, JSON.stringify(body)).toBe(true);
    const { rows, reconciled } = body.data;
    expect(reconciled).toBe(true);
    expect(rowOf(rows, crane)).toMatchObject({
      protectionClass: 1,
      citesAppendix: 'I',
      opening: 3,
      born: 3,
      imported: 4,
      transferredIn: 0,
      exported: 1,
      transferredOut: 0,
      died: 1,
      cancelled: 1,
      closing: 7,
      difference: 0,
      // M 1 + 1 − 1 died; F 1 + 1 + 2 imported − 1 deregistered; U 1 + 2 imported − 1 exported + 1.
      male: 1,
      female: 3,
      unknown: 3,
    });
    expect(rowOf(rows, crane)!.permitNos).toContain('CN-EX-2024-07');
    expect(rowOf(rows, crane)!.licenceNo).toMatch(/^LIC-/);
    const panda = rowOf(rows, w.panda)!;
    expect(panda).toMatchObject({ opening: 0, born: 2, closing: 2, difference: 0 });
    const [marked, bare] = await calls.q(`select local_no from zoo_animal where id = any($1::bigint[]) order by id`, [[pandaMarked, pandaBare]]);
    expect(panda.identifiers.split('、').sort()).toEqual([`${marked.local_no}(ZY-2024-0001)`, bare.local_no].sort());
    expect(rowOf(rows, python)).toMatchObject({ protectionClass: 2, opening: 2, born: 0, closing: 2 });
    // The deer came in 2025: not in 2024's report.
    expect(rowOf(rows, w.deer)).toBeUndefined();
  });

  it('reports a reversal in the year it is booked; every year still reconciles', async () => {
    const [last] = await calls.q(
      `select id::text from zoo_stock_log where tenant_id = $1 and species_id = $2 and movement_type = 'born' order by id desc limit 1`,
      [A, crane],
    );
    const rev = await w.t.request({ method: 'POST', url: '/zoo-stockLog/stockLog/remove', token: w.zooA, query: { ids: last.id } });
    expect(rev.body.success, JSON.stringify(rev.body)).toBe(true);
    expect(rowOf((await report(Y)).data.rows, crane)).toMatchObject({ born: 3, closing: 7, difference: 0 });
    const now = await report(Number(today.slice(0, 4)));
    expect(now.data.reconciled).toBe(true);
    expect(rowOf(now.data.rows, crane)).toMatchObject({ opening: 7, born: -1, closing: 6 });
    // Closing of one year is the opening of the next, for every species of 2024.
    const next = await report(Y + 1);
    for (const r of (await report(Y)).data.rows) expect(rowOf(next.data.rows, r.speciesId)?.opening, r.speciesName).toBe(r.closing);
  });

  it("lists each population's heads and its members' identifiers, reconciled with the closing stock to the animal", async () => {
    const year = Number(today.slice(0, 4));
    const [pop] = await calls.q(`select id::text, cage_id::text from zoo_population where tenant_id = $1 and species_id = $2`, [A, python]);
    const born = await ok('born', {
      animalType: 1,
      speciesId: python,
      cageId: cageA,
      bornDate: today,
      animals: [
        { localNo: `PY-M-${uid()}`, sex: 1 },
        { localNo: `PY-S-${uid()}`, sex: 2 },
      ],
    });
    const [member, single] = born.animalIds as string[];
    expect((await post('/zoo-animal/animalFlag/submit', { animalId: member, type: 1, code: '156000000009901' })).body.success).toBe(true);
    const link = await post('/zoo-populationAnimal/populationAnimal/submit', { populationId: pop.id, animalId: member });
    expect(link.body.success, JSON.stringify(link.body)).toBe(true);
    const [m, s] = await calls.q(`select local_no from zoo_animal where id = any($1::bigint[]) order by id`, [[member, single]]);
    const [cage] = await calls.q(`select cage_code from zoo_cage where id = $1`, [pop.cage_id]);
    const body = await report(year);
    expect(body.data.reconciled).toBe(true);
    // 2 heads of the 2019 population (unmarked) + 2 individuals born today, one of them a member of the population.
    expect(rowOf(body.data.rows, python)).toMatchObject({
      closing: 4,
      individuals: 2,
      populationHeads: 2,
      unlisted: 0,
      identifiers: s.local_no,
      populations: [{ populationId: pop.id, populationName: cage.cage_code, heads: 2, memberCount: 1, members: `${m.local_no}(156000000009901)` }],
    });
    // The xlsx has the same cell; last year's report knew no members (the link is of today).
    const res = await w.t.app.inject({ url: `/api/zoo-permit/report/inventory/export?year=${year}&Blade-Auth=${w.zooA}` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    const row = ws.getRow(body.data.rows.findIndex((r: any) => r.speciesId === python) + 2);
    expect(row.getCell(header.indexOf('种群(无标识头数;成员标识)') + 1).text).toBe(`${cage.cage_code}：2只无个体标识；成员 ${m.local_no}(156000000009901)`);
    expect(row.getCell(header.indexOf('个体标识(年末在养)') + 1).text).toBe(s.local_no);
    expect(row.getCell(header.indexOf('未列明') + 1).text).toBe('0');
    expect(rowOf((await report(year - 1)).data.rows, python)).toMatchObject({
      individuals: 0,
      populationHeads: 2,
      populations: [expect.objectContaining({ members: '' })],
    });
    // A member removed from the population is listed with the individuals again.
    const links = await w.t.request({ url: '/zoo-populationAnimal/populationAnimal/list', token: w.zooA, query: { populationId: pop.id } });
    expect(
      (
        await w.t.request({
          method: 'POST',
          url: '/zoo-populationAnimal/populationAnimal/remove',
          token: w.zooA,
          query: { ids: links.body.data.records[0].id },
        })
      ).body.success,
    ).toBe(true);
    const after = rowOf((await report(year)).data.rows, python)!;
    expect(after.identifiers.split('、').sort()).toEqual([`${m.local_no}(156000000009901)`, s.local_no].sort());
    expect(after.populations[0]).toMatchObject({ heads: 2, memberCount: 0, members: '' });
  });

  it('downloads the same rows as xlsx, with a total row', async () => {
    const screen = (await report(Y)).data.rows as Array<Record<string, any>>;
    const res = await w.t.app.inject({ url: `/api/zoo-permit/report/inventory/export?year=${Y}&Blade-Auth=${w.zooA}` });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 7)).toEqual(['物种', '学名', '保护级别', '主管部门', 'CITES附录', '人工繁育许可证', '年初存栏']);
    expect(ws.rowCount).toBe(screen.length + 2);
    const col = (name: string) => header.indexOf(name) + 1;
    const craneRow = ws.getRow(screen.findIndex((r) => r.speciesId === crane) + 2);
    expect(['物种', '保护级别', '年初存栏', '出生', '引进', '输出', '死亡', '注销', '年末存栏', '差异'].map((h) => craneRow.getCell(col(h)).text)).toEqual([
      '丹顶鹤',
      '国家一级',
      '3',
      '3',
      '4',
      '1',
      '1',
      '1',
      '7',
      '0',
    ]);
    const total = ws.getRow(ws.rowCount);
    expect(total.getCell(1).text).toBe('合计');
    expect(total.getCell(col('年末存栏')).text).toBe(String(screen.reduce((s, r) => s + r.closing, 0)));
  });

  it('refuses a bad year with a Chinese message; another zoo sees none of it', async () => {
    const bad = await w.t.request({ url: '/zoo-permit/report/inventory', token: w.zooA, query: { year: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('年份');
    expect((await w.t.request({ url: '/zoo-permit/report/cites', token: w.zooA, query: { year: '1900' } })).body.msg).toBe('年份不能早于1990');
    // Another zoo sees none of A's animals.
    const c = await report(Y, w.zooC);
    expect(c.data.rows).toEqual([]);
  });
});

describe('status history', () => {
  it('a report for an earlier year uses the protection class then in force', async () => {
    const token = await platformToken(w.t);
    // The python was class I until the 2021 list (published 5 Feb 2021) lowered it to class II.
    for (const [validFrom, protectionClass] of [
      ['1989-01-14', 1],
      ['2021-02-05', 2],
    ] as const) {
      const res = await post(
        '/zoo-permit/species-status/submit',
        { speciesId: python, validFrom, protectionClass, protectionAuthority: 1, citesAppendix: 'II', iucnCategory: 'VU', remark: '国家重点保护野生动物名录' },
        token,
      );
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    }
    expect(rowOf((await report(2020)).data.rows, python)).toMatchObject({ protectionClass: 1, opening: 2, closing: 2 });
    expect(rowOf((await report(Y)).data.rows, python)).toMatchObject({ protectionClass: 2 });
    // Only the platform enters back-dated status; a zoo may read the history.
    const refused = await post('/zoo-permit/species-status/submit', {
      speciesId: python,
      validFrom: '2022-01-01',
      protectionClass: 1,
      citesAppendix: 'I',
      iucnCategory: 'VU',
    });
    expect(refused.status).toBe(403);
    const hist = await w.t.request({ url: '/zoo-permit/species-status/list', token: w.zooA, query: { speciesId: python } });
    expect(hist.body.data.map((r: any) => [r.validFrom, r.protectionClass])).toEqual([
      ['2021-02-05', 2],
      ['1989-01-14', 1],
      ['', 2],
    ]);
  });

  it('an edit of the species library adds a dated, audited row; an edit that changes no status adds none', async () => {
    const token = await platformToken(w.t);
    const sp = (await w.t.request({ url: '/species/species/detail', token, query: { id: python } })).body.data;
    const edit = (over: Record<string, unknown>) => post('/species/species/submit', { ...sp, ...over }, token);
    expect((await edit({ remark: '仅修改备注' })).body.success).toBe(true);
    expect((await edit({ iucnCategory: 'EN' })).body.success).toBe(true);
    const rows = await calls.q(
      `select to_char(valid_from, 'YYYY-MM-DD') d, iucn_category, remark, id::text from zoo_species_status where species_id = $1 order by id`,
      [python],
    );
    expect(rows.map((r) => [r.d, r.iucn_category])).toEqual([
      [null, 'VU'],
      ['1989-01-14', 'VU'],
      ['2021-02-05', 'VU'],
      [today, 'EN'],
    ]);
    expect((await calls.q(`select count(*)::int n from sys_audit where table_name = 'zoo_species_status' and record_id = $1`, [rows[3].id]))[0].n).toBe(1);
  });
});

describe('CITES annual report', () => {
  it("lists the year's imports and exports of listed species with permit, purpose and source codes", async () => {
    const body = await report(Y, w.zooA, 'cites');
    expect(body.success, JSON.stringify(body)).toBe(true);
    expect(body.data.rows).toEqual([
      expect.objectContaining({
        direction: 'I',
        date: '2024-04-01',
        appendix: 'I',
        latinName: 'Grus japonensis',
        term: 'LIV',
        quantity: 4,
        partner: '德国柏林动物园',
        permitNo: 'DE-IM-2024-01',
        purposeCode: 'Z',
        sourceCode: 'C',
      }),
      expect.objectContaining({
        direction: 'E',
        date: '2024-06-01',
        quantity: 1,
        partner: '日本',
        permitNo: 'CN-EX-2024-07',
        purposeCode: 'Z',
        sourceCode: 'C',
      }),
    ]);
    const res = await w.t.app.inject({ url: `/api/zoo-permit/report/cites/export?year=${Y}&Blade-Auth=${w.zooA}` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(3).getCell(11).text).toBe('CN-EX-2024-07');
  });
});

describe('transfers between zoos', () => {
  it("are this year's transfers out at the sender and in at the receiver, both reconciled", async () => {
    const id = await calls.proposeOk({ animalType: 2, speciesId: w.deer, cageId: w.cageA, maleQuantity: 1, femaleQuantity: 1 });
    expect((await calls.confirm({ id, status: 1, transferOpinion: '同意接收', toCageId: w.cageB })).body.msg).toBe('操作成功');
    const year = Number(today.slice(0, 4));
    const a = await report(year);
    const b = await report(year, w.zooB);
    expect(a.data.reconciled && b.data.reconciled).toBe(true);
    expect(rowOf(a.data.rows, w.deer)).toMatchObject({ transferredOut: 2, exported: 0 });
    expect(rowOf(b.data.rows, w.deer)).toMatchObject({ transferredIn: 2, imported: 0, closing: 2 });
    expect(B).toBe('300032');
  });
});

describe('the sheets in English (lang=en, as the web links a download)', () => {
  // CJK ideographs, CJK punctuation (、：；) and full-width forms: none may remain outside the data people typed.
  const CJK = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
  const download = async (kind: string, year: number, lang?: string) => {
    const res = await w.t.app.inject({
      url: `/api/zoo-permit/report/${kind}/export`,
      query: { year: String(year), 'Blade-Auth': w.zooA, ...(lang ? { lang } : {}) },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const file = decodeURIComponent(String(res.headers['content-disposition']).split("filename*=UTF-8''")[1] ?? '');
    return { ws: wb.worksheets[0]!, file };
  };
  /** What people entered: species, populations (named or by enclosure), animals' numbers and marks, trade partners. */
  async function typedData(year: number): Promise<string[]> {
    const en = { 'accept-language': 'en' };
    const inv = (await w.t.request({ url: '/zoo-permit/report/inventory', token: w.zooA, query: { year: String(year) }, headers: en })).body.data.rows;
    const cites = (await w.t.request({ url: '/zoo-permit/report/cites', token: w.zooA, query: { year: String(year) }, headers: en })).body.data.rows;
    const typed = await calls.q(
      `select local_no as v from zoo_animal where tenant_id = $1 union select code from zoo_animal_flag where tenant_id = $1
       union select permit_no from zoo_permit where tenant_id = $1 union select licence_no from zoo_tenant_species where tenant_id = $1`,
      [A],
    );
    return [
      ...inv.flatMap((r: any) => [r.speciesName, ...r.populations.map((p: any) => p.populationName)]),
      ...cites.flatMap((r: any) => [r.speciesName, r.partner, r.origin]),
      ...typed.map((r: any) => r.v),
    ]
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
  }
  /** Each cell with the typed data taken out must hold no Chinese. */
  function expectEnglish(ws: ExcelJS.Worksheet, data: string[]): void {
    expect(ws.name).not.toMatch(CJK);
    ws.eachRow((row, r) =>
      row.eachCell((cell, c) => {
        const fixed = data.reduce((text, d) => text.split(d).join(' '), cell.text);
        expect(fixed, `${ws.name} row ${r} column ${c}: ${cell.text}`).not.toMatch(CJK);
      }),
    );
  }

  it('writes sheet and file names, headers, class labels, lists, populations and the total in English; Chinese stays the default', async () => {
    for (const year of [Y, Number(today.slice(0, 4))]) {
      const data = await typedData(year);
      for (const kind of ['inventory', 'cites']) {
        const { ws, file } = await download(kind, year, 'en');
        expect(file).not.toMatch(CJK);
        expectEnglish(ws, data);
      }
    }
    const { ws, file } = await download('inventory', Y, 'en');
    expect([ws.name, file]).toEqual([`Inventory ${Y}`, `Annual inventory of state-protected wildlife_${Y}.xlsx`]);
    const header = (ws.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 7)).toEqual([
      'Species',
      'Scientific name',
      'Protection class',
      'Competent authority',
      'CITES appendix',
      'Breeding licence',
      'Stock 1 Jan',
    ]);
    const screen = (await report(Y)).data.rows as Array<Record<string, any>>;
    const at = (id: string) => ws.getRow(screen.findIndex((r) => r.speciesId === id) + 2);
    expect(at(crane).getCell(3).text).toBe('National Class I');
    // The pandas' two identifiers, listed with an English comma.
    expect(at(w.panda).getCell(header.indexOf('Identifiers (held on 31 Dec)') + 1).text).toMatch(/^[^,]+, [^,]+$/);
    expect(ws.getRow(ws.rowCount).getCell(1).text).toBe('Total');
    // The population cell of this year (one population of the python with heads and no member left).
    const now = await download('inventory', Number(today.slice(0, 4)), 'en');
    const nowHeader = (now.ws.getRow(1).values as string[]).slice(1);
    const cells: string[] = [];
    now.ws.getColumn(nowHeader.indexOf('Populations (heads without identifiers; members)') + 1).eachCell((c) => void cells.push(c.text));
    expect(cells.some((c) => /: 2 without individual identifier/.test(c))).toBe(true);
    const cites = await download('cites', Y, 'en');
    expect([cites.ws.name, cites.file, cites.ws.getRow(1).getCell(2).text]).toEqual([`CITES ${Y}`, `CITES annual report_${Y}.xlsx`, 'Date']);
    // Chinese without lang: the names and headers as before.
    const zh = await download('inventory', Y);
    expect([zh.ws.name, zh.file, zh.ws.getRow(1).getCell(1).text, zh.ws.getRow(zh.ws.rowCount).getCell(1).text]).toEqual([
      `${Y}年度存栏`,
      `国家重点保护野生动物年度存栏报告_${Y}.xlsx`,
      '物种',
      '合计',
    ]);
    const zhCites = await download('cites', Y);
    expect([zhCites.file, zhCites.ws.getRow(1).getCell(2).text]).toEqual([`CITES年度报告_${Y}.xlsx`, '日期 Date']);
  });
});
