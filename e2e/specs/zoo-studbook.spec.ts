import { describe, expect, it } from 'vitest';
import { analyse, compilePedigree, type ParentInput } from '../../server/src/modules/zoo/studbook/kinship';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { choose } from '../lib/antd';
import type { Page } from 'playwright-core';
import { formItem, modal, row, rowAction, save, screen } from '../lib/ui';

/** The studbook row whose animal cell is exactly `label` (a parent's cell may name the same animal). */
/** A studbook row by the animal's local number (other specs may rename the demo animals: 乐乐 → 乐乐E2E). */
const animalRow = (page: Page, localNo: string) =>
  page
    .getByTestId('studbook-table')
    .locator('tr.ant-table-row')
    .filter({ has: page.locator('td:nth-child(3)', { hasText: new RegExp(`^${localNo} `) }) });

const b = useBrowser();
const SLOW = { timeout: 300_000 };

interface Fact {
  ident: string;
  sex: number;
  alive: boolean;
  sire: string | null;
  dam: string | null;
  sire_mark: string;
  dam_mark: string;
}

/**
 * The giant-panda pedigree as the database holds it (every zoo's records, one row per identity), computed
 * independently of the server's request path: the figures the screen shows must agree.
 */
async function pandaFigures() {
  const facts = await dbQuery<Fact>(`
    with recs as (select a.*, coalesce(a.identity_id, a.id) ident from zoo_animal a join zoo_species s on s.id = a.species_id
                   where s.latin_name = 'Ailuropoda melanoleuca' and a.is_deleted = 0)
    select distinct on (r.ident) r.ident::text, r.sex,
           exists (select 1 from recs x where x.ident = r.ident and x.status = 1) alive,
           coalesce(r.sire_identity_id, (select coalesce(p.identity_id, p.id) from zoo_animal p where p.id = r.sire_id))::text sire,
           coalesce(r.dam_identity_id, (select coalesce(p.identity_id, p.id) from zoo_animal p where p.id = r.dam_id))::text dam,
           r.sire_mark, r.dam_mark
      from recs r order by r.ident, (r.sire_id is not null or r.dam_id is not null or r.sire_identity_id is not null or r.dam_identity_id is not null) desc, r.create_time desc`);
  const ids = new Set(facts.map((f) => f.ident));
  const parent = (id: string | null, mark: string): ParentInput =>
    id && ids.has(id) ? { kind: 'animal', id } : mark === 'WILD' ? { kind: 'wild' } : { kind: 'unk' };
  const ped = compilePedigree(
    facts.map((f) => ({ id: f.ident, sex: f.sex, birth: null, alive: f.alive, sire: parent(f.sire, f.sire_mark), dam: parent(f.dam, f.dam_mark) })),
  );
  const g = analyse(ped);
  return { g, mkOf: (ident: string) => g.mk[ped.index.get(ident)!]! };
}

describe('studbook: a curator reads MK, asks a what-if and sees the pedigree', () => {
  it('opens the panda studbook of the demo zoo (keeper of the studbook)', SLOW, async () => {
    const [p3] = await dbQuery<{ id: string; sire: string; dam: string }>(
      `select coalesce(identity_id, id)::text id, sire_id::text sire, dam_id::text dam from zoo_animal where tenant_id = '100000' and local_no = 'P003' and is_deleted = 0`,
    );
    const [p4] = await dbQuery<{ id: string; sire: string; dam: string }>(
      `select coalesce(identity_id, id)::text id, sire_id::text sire, dam_id::text dam from zoo_animal where tenant_id = '100000' and local_no = 'P004' and is_deleted = 0`,
    );
    // 乐乐 (P003) and 欢欢 (P004) are full sibs in the database: their offspring's F is 1/4.
    expect([p3!.sire, p3!.dam]).toEqual([p4!.sire, p4!.dam]);
    const { g, mkOf } = await pandaFigures();

    const page = await b.newPage();
    await loginAs(page, { tenantId: '100000' });
    await page.goto('/zoo/studbook');
    await choose(page, screen(page).locator('.ant-select').first(), '大熊猫');
    await expect.poll(() => page.getByTestId('studbook-living').locator('.ant-statistic-content-value').textContent()).toBe(String(g.figures.living));
    await expect.poll(() => animalRow(page, 'P003').count()).toBe(1);
    // MK of 乐乐 as the table shows it (4 decimals) equals the database's pedigree worked independently.
    const cells = await animalRow(page, 'P003').locator('td').allTextContents();
    expect(cells).toContain(mkOf(p3!.id).toFixed(4));
    await screenshot(page, 'zoo-studbook-table');

    // What-if 乐乐 × 欢欢 → offspring F 0.2500.
    await page.getByTestId('studbook-whatif').click();
    await choose(page, modal(page).locator('.ant-select').nth(0), 'P003');
    await choose(page, modal(page).locator('.ant-select').nth(1), 'P004');
    await modal(page).getByTestId('whatif-compute').click();
    await expect.poll(() => modal(page).getByTestId('whatif-f').textContent()).toBe('0.2500');
    await screenshot(page, 'zoo-studbook-whatif');
    await page.keyboard.press('Escape');

    // The pedigree chart of 圆圆 (P005): the chart's box is drawn (a canvas).
    const [p5] = await dbQuery<{ id: string }>(
      `select coalesce(identity_id, id)::text id from zoo_animal where tenant_id = '100000' and local_no = 'P005' and is_deleted = 0`,
    );
    await expect.poll(() => animalRow(page, 'P005').count()).toBe(1);
    await page.getByTestId(`pedigree-${p5!.id}`).click();
    await expect.poll(() => modal(page).getByTestId('studbook-pedigree-chart').locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(page, 'zoo-studbook-pedigree');
  });
});

describe('studbook administration: the platform grants the keeper right, imports a studbook and numbers an animal (en)', () => {
  const keepers = async () =>
    (
      await dbQuery<{ t: string }>(
        `select k.keeper_tenant_id t from zoo_studbook_keeper k join zoo_species s on s.id = k.species_id
          where s.latin_name = 'Ailuropoda melanoleuca' and k.is_deleted = 0 order by 1`,
      )
    ).map((r) => r.t);

  it('keepers dialog, import with its refused rows, a studbook number; usable at 768 px and 390 px', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page);
    await page.getByTestId('shell-header').getByText('English').click();
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto('/zoo/studbook');
    await choose(page, page.getByTestId('studbook-species'), 'Ailuropoda', { type: 'Ailuropoda' });
    await expect.poll(() => page.getByTestId('studbook-summary').count()).toBe(1);
    await screenshot(page, 'zoo-studbook-platform-en-768');

    // The keeper right: the demo zoo holds it (seed); grant it to 100001 too, then take it back.
    expect(await keepers()).toEqual(['100000']);
    await page.getByTestId('studbook-keepers').click();
    await expect.poll(() => modal(page).locator('.ant-select-selection-item').count()).toBe(1);
    await choose(page, modal(page).getByTestId('keepers-select'), '100001');
    await modal(page).locator('.ant-modal-title').click();
    await screenshot(page, 'zoo-studbook-keepers-en-768');
    await modal(page).getByTestId('keepers-save').click();
    await expect.poll(keepers).toEqual(['100000', '100001']);
    await page.getByTestId('studbook-keepers').click();
    await expect.poll(() => modal(page).locator('.ant-select-selection-item').count()).toBe(2);
    await modal(page).locator('.ant-select-selection-item', { hasText: '100001' }).locator('.ant-select-selection-item-remove').click();
    await modal(page).getByTestId('keepers-save').click();
    await expect.poll(keepers).toEqual(['100000']);

    // Import: two founders and their daughter are taken, a row with an unknown sire is listed with its reason.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('studbook-import').click();
    const csv = [
      'UniqueID,Sire,Dam,Sex,Alive,BirthDate,Location',
      '9901,WILD,WILD,M,0,1990-01-01,Wolong',
      '9902,WILD,WILD,F,0,1991-01-01,Wolong',
      '9903,9901,9902,F,0,1998-06-01,Wolong',
      '9904,9999,9902,M,0,1999-01-01,Wolong',
    ].join('\r\n');
    await modal(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'pmx.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await modal(page).getByTestId('studbook-import-start').click();
    const result = modal(page).getByTestId('studbook-import-result');
    await expect.poll(() => result.textContent()).toContain('4 rows: 3 created, 0 matched, 1 not imported');
    expect(await result.locator('tr.ant-table-row').allTextContents()).toEqual(['5父本 9999 不在文件中,也不在该物种的谱系中']);
    await screenshot(page, 'zoo-studbook-import-en-390');
    const made = await dbQuery<{ local_no: string; sire: string | null; dam: string | null }>(
      `select a.local_no, s.local_no sire, d.local_no dam from zoo_animal a left join zoo_animal s on s.id = a.sire_id left join zoo_animal d on d.id = a.dam_id
        where a.tenant_id = '000000' and a.local_no like 'SB99%' order by 1`,
    );
    expect(made).toEqual([
      { local_no: 'SB9901', sire: null, dam: null },
      { local_no: 'SB9902', sire: null, dam: null },
      { local_no: 'SB9903', sire: 'SB9901', dam: 'SB9902' },
    ]);
    await modal(page).locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // A studbook number: 9903 gets the international number 55.
    const keyword = page.getByPlaceholder('Local no. / name / studbook no.');
    await keyword.fill('9903');
    await keyword.press('Enter');
    const [ident] = await dbQuery<{ id: string }>(`select id::text from zoo_animal where tenant_id = '000000' and local_no = 'SB9903'`);
    await expect.poll(() => page.getByTestId(`number-${ident!.id}`).count()).toBe(1);
    await page.getByTestId(`number-${ident!.id}`).click();
    await modal(page).getByText('International studbook').click();
    await modal(page).getByTestId('number-input').fill('055');
    await modal(page).getByTestId('number-save').click();
    await expect.poll(() => modal(page).getByText('A studbook number is a positive integer').count()).toBe(1);
    await modal(page).getByTestId('number-input').fill('55');
    await screenshot(page, 'zoo-studbook-number-en-390');
    await modal(page).getByTestId('number-save').click();
    await expect
      .poll(async () =>
        dbQuery(
          `select n.studbook_no, b.scope from zoo_studbook_no n join zoo_studbook b on b.id = n.studbook_id where n.identity_id = $1 and n.is_deleted = 0 order by b.scope`,
          [ident!.id],
        ),
      )
      .toEqual([
        { studbook_no: '9903', scope: 1 },
        { studbook_no: '55', scope: 2 },
      ]);
    await screenshot(page, 'zoo-studbook-table-en-390');
  });
});

describe('animal form: a MULT sire with its candidates and weights', () => {
  it('the curator sets 安安 (P006) a MULT sire of 福福 (P000) and 阳阳 (P002), weights 3:1, then back to WILD', SLOW, async () => {
    const page = await b.newPage();
    await loginAs(page, { tenantId: '100000' });
    await page.goto('/zoo/animal');
    await page.getByLabel('本园编号').fill('P006');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => row(page, 'P006').count()).toBe(1);
    const edit = async () => {
      await Promise.all([page.waitForResponse((r) => r.url().includes('/api/zoo-animal/animal/detail') && r.ok()), rowAction(row(page, 'P006'), '编辑')]);
      await expect.poll(() => modal(page).getByLabel('本园编号').inputValue()).toBe('P006');
    };
    await edit();
    await choose(page, formItem(page, modal(page), '父本').locator('.ant-select').first(), '多个可能 (MULT)');
    // One candidate is not a MULT: the form says so before anything is sent.
    await choose(page, modal(page).getByTestId('mult-1-candidate-0'), 'P000');
    await modal(page)
      .getByRole('button', { name: /^(保\s*存|修改)$/ })
      .click();
    await expect.poll(() => modal(page).getByText('请至少选择两个候选个体').count()).toBe(1);
    await choose(page, modal(page).getByTestId('mult-1-candidate-1'), 'P002');
    await modal(page).getByLabel('权重 1', { exact: true }).fill('3');
    await modal(page).getByLabel('权重 2', { exact: true }).fill('1');
    await screenshot(page, 'zoo-animal-mult-sire');
    await save(page, '更新成功');
    const ids = Object.fromEntries(
      (
        await dbQuery<{ local_no: string; ident: string }>(
          `select local_no, coalesce(identity_id, id)::text ident from zoo_animal where tenant_id = '100000' and local_no in ('P000', 'P002') and is_deleted = 0`,
        )
      ).map((r) => [r.local_no, r.ident]),
    );
    const sireOf = async () =>
      (
        await dbQuery<{ sire_mark: string; sire_candidates: unknown }>(
          `select sire_mark, sire_candidates from zoo_animal where tenant_id = '100000' and local_no = 'P006'`,
        )
      )[0];
    await expect.poll(sireOf).toEqual({
      sire_mark: 'MULT',
      sire_candidates: [
        { id: ids.P000, w: 3 },
        { id: ids.P002, w: 1 },
      ],
    });
    // Back to the seed's WILD sire (the other specs' pedigrees stay as the demo has them).
    await edit();
    await choose(page, formItem(page, modal(page), '父本').locator('.ant-select').first(), '野外 (WILD)');
    await save(page, '更新成功');
    await expect.poll(sireOf).toEqual({ sire_mark: 'WILD', sire_candidates: null });
  });
});
