import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dbQuery, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { modal, open, openAdd, pick, row, rowAction, save } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };
/** The zoo's day: the server's sessions run in TIME_ZONE (default Asia/Shanghai), this test's connection in UTC. */
const TODAY = `(now() at time zone 'Asia/Shanghai')::date`;

/** Types into an antd picker input and confirms with Enter. */
async function typeDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('veterinary care (decision 0038)', () => {
  it('a vet opens a case, records a weight, prescribes by weight and sees the volume; the database agrees', SLOW, async () => {
    const page = await b.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, { tenantId: '100000', account: 'vet1', password: 'vet1' });
    const [vet] = await dbQuery<{ id: string }>(`select id::text from blade_user where tenant_id = '100000' and account = 'vet1'`);

    // 病例管理: a case for 欢欢 (P004).
    await open(page, '/zoo/vet/case', '病例管理');
    await openAdd(page, page);
    let dlg = modal(page);
    await pick(page, dlg, '动物', '欢欢 (P004)', '欢欢');
    await dlg.getByLabel('主诉').fill('右眼流泪,眼睑红肿');
    await dlg.getByLabel('体温(°C)').fill('37.9');
    await dlg.getByLabel('诊断').fill('结膜炎');
    await save(page, '新增成功');
    const cases = () =>
      dbQuery<{ id: string; complaint: string; vet_id: string; case_status: number; temperature: string }>(
        `select c.id::text, c.complaint, c.vet_id::text, c.case_status, c.temperature::text from zoo_med_case c join zoo_animal a on a.id = c.animal_id
          where a.local_no = 'P004' and c.tenant_id = '100000' and c.is_deleted = 0 and c.open_date = ${TODAY}`,
      );
    await expect.poll(async () => (await cases()).length).toBe(1);
    expect((await cases())[0]).toMatchObject({ complaint: '右眼流泪,眼睑红肿', vet_id: vet!.id, case_status: 1, temperature: '37.9' });

    // 体重记录: today's weighing of 欢欢, 96 kg; her curve shows it with the seeded months.
    await open(page, '/zoo/vet/weight', '体重记录');
    await page.locator('.ant-card .ant-select').first().click();
    await page.keyboard.type('欢欢');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '欢欢 (P004)' }).first().click();
    await expect.poll(() => page.getByTestId('weight-chart').getAttribute('data-points')).toBe('7');
    await openAdd(page, page);
    dlg = modal(page);
    await dlg.getByLabel('体重', { exact: true }).fill('96');
    await save(page, '新增成功');
    await expect.poll(() => page.getByTestId('weight-chart').getAttribute('data-points')).toBe('8');
    const [weight] = await dbQuery<{ id: string; weight_kg: string; unit: string }>(
      `select w.id::text, w.weight_kg::text, w.unit from zoo_med_weight w join zoo_animal a on a.id = w.animal_id
        where a.local_no = 'P004' and w.weigh_date = ${TODAY} and w.is_deleted = 0 and w.create_user = $1`,
      [vet!.id],
    );
    expect(weight).toMatchObject({ weight_kg: '96.0000', unit: 'kg' });
    await screenshot(page, 'vet-weight-curve');

    // The case's 处方: meloxicam 0.1 mg/kg, the calculator shows 9.6 mg = 1.92 mL at 5 mg/mL from today's 96 kg.
    await open(page, '/zoo/vet/case', '病例管理');
    await row(page, '结膜炎').getByTestId('case-treatments').click();
    const drawer = page.locator('.ant-drawer:visible');
    await expect.poll(() => drawer.getByText('欢欢 (P004) 的治疗处方').count()).toBe(1);
    await openAdd(page, drawer);
    dlg = modal(page);
    await pick(page, dlg, '药品', '美洛昔康注射液');
    await dlg.getByLabel('剂量(mg/kg)').fill('0.1');
    await dlg.getByTestId('dose-calc').click();
    await expect.poll(() => dlg.getByTestId('dose-amount').textContent()).toBe('用量 1.92 mL');
    expect(await dlg.getByTestId('dose-mg').textContent()).toBe('剂量 9.6 mg');
    await expect.poll(() => dlg.getByTestId('dose-result').textContent()).toContain('体重 96 kg');
    await screenshot(page, 'vet-dose-calculator');
    await save(page, '新增成功');
    await expect.poll(() => row(drawer, '美洛昔康注射液').textContent()).toContain('1.92 mL');

    const [rx] = await dbQuery<{ case_id: string; weight_id: string; weight_kg: string; dose_mg: string; amount: string; out_of_range: number }>(
      `select case_id::text, weight_id::text, weight_kg::text, dose_mg::text, amount::text, out_of_range from zoo_med_treatment
        where case_id = $1 and is_deleted = 0`,
      [(await cases())[0]!.id],
    );
    expect(rx).toEqual({ case_id: (await cases())[0]!.id, weight_id: weight!.id, weight_kg: '96.0000', dose_mg: '9.60', amount: '1.92', out_of_range: 0 });
    // Every write is in the audit trail, by the vet.
    const audit = await dbQuery<{ table_name: string }>(
      `select distinct table_name from sys_audit where tenant_id = '100000' and user_id = $1 and table_name like 'zoo_med_%' order by 1`,
      [vet!.id],
    );
    expect(audit.map((r) => r.table_name)).toEqual(['zoo_med_case', 'zoo_med_treatment', 'zoo_med_weight']);
  });

  it('a vet releases an animal from quarantine: the list shows it released, the database records who and when', SLOW, async () => {
    // An arrival 40 days ago into quarantine (30 days), as the ledger opens one; the demo has no 隔离检疫 cage.
    const [q] = await dbQuery<{ id: string }>(
      `insert into zoo_med_quarantine (tenant_id, animal_id, cage_id, start_date, days, end_date)
       select tenant_id, id, cage_id, ${TODAY} - 40, 30, ${TODAY} - 10 from zoo_animal where tenant_id = '100000' and local_no = 'P004'
       returning id::text`,
    );
    const page = await b.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, { tenantId: '100000', account: 'vet1', password: 'vet1' });
    const [vet] = await dbQuery<{ id: string }>(`select id::text from blade_user where tenant_id = '100000' and account = 'vet1'`);
    await open(page, '/zoo/vet/quarantine', '隔离检疫');
    await expect.poll(() => row(page, '欢欢').textContent()).toContain('隔离中');
    await rowAction(row(page, '欢欢'), '解除隔离');
    const dlg = modal(page);
    await dlg.getByLabel('检疫结论').fill('隔离期满,临床检查及粪检未见异常');
    await dlg.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => page.getByText('已解除隔离').count()).toBeGreaterThan(0);
    await expect.poll(() => row(page, '欢欢').textContent()).toContain('已解除');
    await screenshot(page, 'vet-quarantine-released-390');
    const [saved] = await dbQuery<{ quarantine_status: number; release_vet_id: string; released_today: boolean; findings: string }>(
      `select quarantine_status, release_vet_id::text, release_date = ${TODAY} as released_today, findings from zoo_med_quarantine where id = $1`,
      [q!.id],
    );
    expect(saved).toEqual({ quarantine_status: 2, release_vet_id: vet!.id, released_today: true, findings: '隔离期满,临床检查及粪检未见异常' });
  });
  it('a vet opens a case from a keeper’s alert, prescribes by weight, records the dose on the round and closes the case', SLOW, async () => {
    // A keeper marked 美美 (P001) 异常 yesterday (the keeper's form writes this row; the alert is what the vet sees).
    const [log] = await dbQuery<{ id: string }>(
      `insert into zoo_basic_log (tenant_id, animal_type, animal_id, species_id, cage_id, log_date, log_time, health, remark)
       select tenant_id, 1, id, species_id, cage_id, ${TODAY} - 1, '08:10', 3, '左眼流泪,畏光' from zoo_animal where tenant_id = '100000' and local_no = 'P001'
       on conflict (tenant_id, animal_id, log_date) where is_deleted = 0 do update set health = 3, remark = excluded.remark
       returning id::text`,
    );
    const page = await b.newPage();
    await page.setViewportSize({ width: 768, height: 1024 });
    await loginAs(page, { tenantId: '100000', account: 'vet1', password: 'vet1' });

    // 兽医工作台: the alert, and 开立病例 from it.
    await open(page, '/zoo/vet/home', '兽医工作台');
    const alerts = page.getByTestId('home-keeper-alerts');
    // The demo's keeper logs may hold other alerts for 美美 (random health marks): this log's by its remark.
    const alert = alerts.locator('.ant-list-item', { hasText: '美美 (P001)' }).filter({ hasText: '左眼流泪,畏光' });
    await expect.poll(() => alert.textContent()).toContain('左眼流泪,畏光');
    await screenshot(page, 'vet-home-768');
    await alert.getByRole('button', { name: '开立病例' }).click();
    let dlg = modal(page);
    expect(await dlg.getByLabel('主诉').inputValue()).toBe('左眼流泪,畏光');
    await dlg.getByLabel('诊断').fill('浅表性角膜炎');
    await dlg.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => page.locator('.ant-message').getByText('病例已开立').count()).toBeGreaterThan(0);
    await expect.poll(() => alert.count()).toBe(0);
    const caseOf = () =>
      dbQuery<{ id: string; basic_log_id: string; case_status: number; outcome: number | null; closed_today: boolean | null }>(
        `select id::text, basic_log_id::text, case_status, outcome, close_date = ${TODAY} as closed_today from zoo_med_case
          where tenant_id = '100000' and diagnosis = '浅表性角膜炎' and is_deleted = 0`,
      );
    expect(await caseOf()).toEqual([expect.objectContaining({ basic_log_id: log!.id, case_status: 1 })]);
    const caseId = (await caseOf())[0]!.id;

    // 处方 by weight: meloxicam 0.1 mg/kg from 美美's latest weight.
    await open(page, '/zoo/vet/case', '病例管理');
    await row(page, '浅表性角膜炎').getByTestId('case-treatments').click();
    const drawer = page.locator('.ant-drawer:visible');
    await openAdd(page, drawer);
    dlg = modal(page);
    await pick(page, dlg, '药品', '美洛昔康注射液');
    await dlg.getByLabel('剂量(mg/kg)').fill('0.1');
    await dlg.getByTestId('dose-calc').click();
    await expect.poll(() => dlg.getByTestId('dose-result').textContent()).toContain('体重');
    await save(page, '新增成功');
    const [rx] = await dbQuery<{ id: string; weight_kg: string; dose_mg: string; amount: string; latest: string }>(
      `select t.id::text, t.weight_kg::text, t.dose_mg::text, t.amount::text,
              (select w.weight_kg::text from zoo_med_weight w where w.animal_id = t.animal_id and w.is_deleted = 0 order by w.weigh_date desc, w.id desc limit 1) as latest
         from zoo_med_treatment t where t.case_id = $1 and t.is_deleted = 0`,
      [caseId],
    );
    expect(rx!.weight_kg).toBe(rx!.latest);
    expect(Number(rx!.dose_mg)).toBeCloseTo(Number(rx!.weight_kg) * 0.1, 2);
    expect(Number(rx!.amount)).toBeCloseTo(Number(rx!.dose_mg) / 5, 2);
    await expect.poll(() => row(drawer, '美洛昔康注射液').textContent()).toContain(`${Number(rx!.amount)} mL`);
    await page.keyboard.press('Escape');

    // 给药执行: today's dose appears on the round and is ticked given.
    await open(page, '/zoo/vet/administration', '今日给药');
    const dose = page.getByTestId('round-dose').filter({ hasText: '美美 (P001)' }).filter({ hasText: '美洛昔康注射液' });
    await expect.poll(() => dose.textContent()).toContain('待执行');
    await dose.getByRole('button', { name: '已给药' }).click();
    // The button bears the same words as the state: the state is read from the tag's change.
    await expect.poll(() => dose.textContent()).not.toContain('待执行');
    await screenshot(page, 'vet-round-doses-768');
    // The tick may travel through the round's offline queue: the database holds it once it was sent.
    const given = () =>
      dbQuery<{ admin_status: number; slot: number; today: boolean }>(
        `select admin_status, slot, due_date = ${TODAY} as today from zoo_med_administration where treatment_id = $1 and is_deleted = 0`,
        [rx!.id],
      );
    await expect.poll(given).toEqual([{ admin_status: 1, slot: 1, today: true }]);

    // The case is closed: 已结案 today, outcome 痊愈.
    await open(page, '/zoo/vet/case', '病例管理');
    await row(page, '浅表性角膜炎').getByRole('button', { name: '编辑' }).click();
    dlg = modal(page);
    await pick(page, dlg, '状态', '已结案');
    const today = (await dbQuery<{ d: string }>(`select to_char(${TODAY}, 'YYYY-MM-DD') as d`))[0]!.d;
    await typeDate(dlg.getByLabel('结案日期'), today);
    await pick(page, dlg, '转归', '痊愈');
    await save(page, '更新成功');
    await expect.poll(() => row(page, '浅表性角膜炎').textContent()).toContain('已结案');
    expect(await caseOf()).toEqual([expect.objectContaining({ case_status: 3, outcome: 1, closed_today: true })]);
    // The animal's 医疗 tab shows the case, the prescription, the dose and the keeper's log on one timeline.
    const [animal] = await dbQuery<{ id: string }>(`select id::text from zoo_animal where tenant_id = '100000' and local_no = 'P001'`);
    await open(page, `/animal/detail/${animal!.id}`, '医疗');
    const timeline = page.getByTestId('medical-timeline');
    await expect.poll(() => timeline.textContent()).toContain('左眼流泪,畏光');
    for (const text of ['病例', '处方', '给药', '饲养日志']) expect(await timeline.textContent()).toContain(text);
    await screenshot(page, 'vet-animal-medical-tab-768');
  });
});
