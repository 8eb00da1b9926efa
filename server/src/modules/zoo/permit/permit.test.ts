import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermitRecord } from '@zoo/contract';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { platformToken, speciesId, uid, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let admin: string;
let adminB: string;
let panda: string;
let crane: string;

const ZOO = '340001';
const post = (token: string, url: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/zoo-permit/permit/${url}`, token, body });
const get = (token: string, url: string, query: Record<string, string> = {}) => t.request({ url: `/zoo-permit/permit/${url}`, token, query });
const q = async (text: string, params: unknown[] = []) => (await t.sql.query(text, params)).rows;

const transport = (over: Record<string, unknown> = {}) => ({
  kind: 3,
  permitNo: `YS-${uid()}`,
  issuingAuthority: '北京市园林绿化局',
  validFrom: '2024-01-01',
  validTo: '2099-12-31',
  lines: [{ speciesId: panda, sex: 0, quantity: 2 }],
  ...over,
});
async function submit(body: Record<string, unknown>): Promise<string> {
  const res = await post(admin, 'submit', body);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return (await q(`select id::text from zoo_permit where permit_no = $1 and is_deleted = 0`, [body.permitNo]))[0].id;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await zooAdmin(t, ZOO);
  adminB = await zooAdmin(t, '340002');
  panda = await speciesId(t, 'Ailuropoda melanoleuca');
  crane = await speciesId(t, 'Grus japonensis');
});
afterAll(async () => t?.close());

describe('permits as records', () => {
  it('keeps a transport certificate with its species lines, remaining quantity and state', async () => {
    const id = await submit(
      transport({
        permitNo: 'YS-0001',
        lines: [
          { speciesId: panda, sex: 1, quantity: 2 },
          { speciesId: crane, quantity: '3' },
        ],
      }),
    );
    const res = await get(admin, 'detail', { id });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const rec = PermitRecord.parse(res.body.data);
    expect(rec).toMatchObject({ kind: 3, permitNo: 'YS-0001', validFrom: '2024-01-01', validTo: '2099-12-31', state: 'valid', licenceOrigin: '' });
    expect(rec.lines).toEqual([
      { speciesId: panda, speciesName: '大熊猫', sex: 1, quantity: 2, used: 0, remaining: 2 },
      { speciesId: crane, speciesName: expect.any(String), sex: 0, quantity: 3, used: 0, remaining: 3 },
    ]);
    const list = await get(admin, 'list', { permitNo: 'YS-0001', current: '1', size: '10' });
    expect(list.body.data.total).toBe(1);
    // Searching by species finds it; another zoo does not see it (row-level security).
    const bySpecies = await get(admin, 'list', { speciesId: crane, current: '1', size: '50' });
    expect(bySpecies.body.data.records.map((r: { id: string }) => r.id)).toContain(id);
    expect((await get(adminB, 'detail', { id })).body.success).toBe(false);
    expect((await get(adminB, 'uses', { permitId: id })).body.msg).toBe('许可证不存在或已删除');
    // Audited by the central trigger.
    expect(await q(`select action from sys_audit where table_name = 'zoo_permit' and record_id = $1`, [id])).toHaveLength(1);
  });

  it('refuses bad input with a Chinese message naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [transport({ permitNo: '' }), '请输入证件编号'],
      [transport({ issuingAuthority: undefined }), '请输入发证机关'],
      [transport({ lines: [] }), '请填写至少一个许可物种'],
      [transport({ lines: [{ speciesId: panda, quantity: 0 }] }), '许可数量不能小于1'],
      [transport({ validTo: '2023-01-01' }), '有效期至不能早于生效日期'],
      [transport({ kind: 4, purposeCode: 'Z' }), 'CITES证件须填写来源代码'],
      [transport({ kind: 4, purposeCode: 'K', sourceCode: 'C' }), 'CITES交易目的代码只能是'],
      [transport({ kind: 4, purposeCode: 'Z', sourceCode: 'A' }), 'A、Y 仅用于植物'],
      [transport({ kind: 12 }), '许可证类型取值不正确'],
      [transport({ lines: [{ speciesId: '99999999', quantity: 1 }] }), '许可物种不存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(admin, 'submit', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toContain(msg);
    }
    // Lower-case codes are the same codes.
    await submit(transport({ kind: 4, purposeCode: 'z', sourceCode: 'c' }));
  });

  it('refuses a number twice for one kind and removes an unused permit', async () => {
    const id = await submit(transport({ permitNo: 'YS-DUP' }));
    const dup = await post(admin, 'submit', transport({ permitNo: 'YS-DUP' }));
    expect(dup.body.msg).toBe('证件编号「YS-DUP」已登记');
    const rm = await post(admin, `remove?ids=${id}`, {});
    expect(rm.body.success).toBe(true);
    expect((await q(`select is_deleted from zoo_permit where id = $1`, [id]))[0].is_deleted).toBe(1);
  });

  it('one number of one kind submitted by several requests at once: one permit is registered, the others get a clear 400', async () => {
    const body = transport();
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(admin, 'submit', body)));
    expect(answers.map((r) => [r.status, r.body.success]).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([
      [200, true],
      [400, false],
      [400, false],
      [400, false],
    ]);
    for (const r of answers.filter((a) => !a.body.success)) expect(r.body.msg).toBe(`证件编号「${body.permitNo}」已登记`);
    expect(await q(`select 1 from zoo_permit where permit_no = $1 and kind = 3 and is_deleted = 0`, [body.permitNo])).toHaveLength(1);
  });

  it('lists permits expiring within the given days, soonest first', async () => {
    const soon = (await q(`select to_char(current_date + 20, 'YYYY-MM-DD') d, to_char(current_date + 5, 'YYYY-MM-DD') e`))[0];
    const a = await submit(transport({ validTo: soon.d }));
    const b = await submit(transport({ validTo: soon.e }));
    const res = await get(admin, 'expiring', { days: '30' });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const ids = res.body.data.map((r: { id: string }) => r.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(res.body.data.find((r: { id: string }) => r.id === b).daysLeft).toBe(5);
    expect((await get(admin, 'expiring', { days: '7' })).body.data.map((r: { id: string }) => r.id)).not.toContain(a);
    expect((await get(admin, 'expiring', { days: 'x' })).status).toBe(400);
  });
});

describe("today's breeding licences become permits", () => {
  it('mirrors the species authorisation: one permit per licence number, a line per species with its approved quantity', async () => {
    const token = await platformToken(t);
    const species = [
      { speciesId: panda, licenceNo: 'FY-2024-01', issuingAuthority: '国家林业和草原局', validFrom: '2024-01-01', validTo: '2028-12-31', approvedQuantity: 6 },
      { speciesId: crane, licenceNo: 'FY-2024-01', issuingAuthority: '国家林业和草原局', validFrom: '2024-01-01', validTo: '2028-12-31' },
    ];
    const res = await t.request({ method: 'POST', url: '/blade-system/tenant/authspecies', token, body: { tenantId: ZOO, species } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const list = await get(admin, 'list', { kind: '1', current: '1', size: '10' });
    expect(list.body.data.total).toBe(1);
    const rec = PermitRecord.parse(list.body.data.records[0]);
    expect(rec).toMatchObject({
      kind: 1,
      permitNo: 'FY-2024-01',
      issuingAuthority: '国家林业和草原局',
      validFrom: '2024-01-01',
      validTo: '2028-12-31',
      licenceOrigin: 'licence',
    });
    expect(rec.lines.map((l) => [l.speciesId, l.quantity])).toEqual([
      [panda, 6],
      [crane, 0],
    ]);
    // Kept by the authorisation: the zoo cannot edit or remove the mirror.
    const edit = await post(admin, 'submit', { ...transport(), id: rec.id, kind: 1, permitNo: 'X' });
    expect(edit.body.msg).toContain('由物种授权');
    expect((await post(admin, `remove?ids=${rec.id}`, {})).body.msg).toContain('由物种授权');
    // Withdrawing the crane leaves one line; withdrawing all removes the permit.
    await t.request({ method: 'POST', url: '/blade-system/tenant/authspecies', token, body: { tenantId: ZOO, species: [species[0]] } });
    expect((await get(admin, 'detail', { id: rec.id })).body.data.lines).toHaveLength(1);
  });

  it('the migration adopts every licence held, nothing lost (all zoos of the seeded database)', async () => {
    const token = await platformToken(t);
    for (const [zoo, no] of [
      ['340003', 'FY-A'],
      ['340004', 'FY-B'],
    ]) {
      await zooAdmin(t, zoo);
      const species = [panda, crane].map((s, i) => ({
        speciesId: s,
        licenceNo: i ? `${no}-2` : no,
        issuingAuthority: '省林业局',
        validFrom: '2023-05-01',
        validTo: i ? null : '2030-04-30',
        approvedQuantity: i ? null : 4,
      }));
      const res = await t.request({ method: 'POST', url: '/blade-system/tenant/authspecies', token, body: { tenantId: zoo, species } });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    }
    // Start from no mirrors at all, as a database migrated from before permits existed.
    await q(`delete from zoo_permit where origin = 'licence'`);
    const adopted = (await q(`select zoo_permit_adopt_licences() as n`))[0].n;
    const licences = await q(`select tenant_id, licence_no, issuing_authority, to_char(valid_from, 'YYYY-MM-DD') vf, to_char(valid_to, 'YYYY-MM-DD') vt,
        species_id::text sid, approved_quantity aq from zoo_tenant_species where is_deleted = 0`);
    expect(licences.length).toBeGreaterThan(3);
    expect(adopted).toBe(new Set(licences.map((l) => `${l.tenant_id}/${l.licence_no}`)).size);
    const permits = await q(`select tenant_id, permit_no, issuing_authority, to_char(valid_from, 'YYYY-MM-DD') vf, to_char(valid_to, 'YYYY-MM-DD') vt, lines
        from zoo_permit where origin = 'licence' and kind = 1 and is_deleted = 0`);
    for (const l of licences) {
      const p = permits.find((x) => x.tenant_id === l.tenant_id && x.permit_no === l.licence_no);
      expect(p, `${l.tenant_id} ${l.licence_no}`).toBeDefined();
      expect([p.issuing_authority, p.vf, p.vt ?? null]).toEqual([l.issuing_authority, l.vf, l.vt ?? null]);
      expect(p.lines).toContainEqual({ speciesId: l.sid, sex: 0, quantity: l.aq });
    }
    expect(permits.reduce((n, p) => n + p.lines.length, 0)).toBe(licences.length);
    // Idempotent: adopting again adds nothing.
    await q(`select zoo_permit_adopt_licences()`);
    expect((await q(`select count(*)::int n from zoo_permit where origin = 'licence' and is_deleted = 0`))[0].n).toBe(permits.length);
  });
});
