import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { dbQuery, mine, screenshot, useBrowser } from '../lib/browser';
import { loginAs } from '../lib/login';
import { formItem, modal, open, openAdd, pick, row, rowAction, save, tip } from '../lib/ui';

const b = useBrowser();
const SLOW = { timeout: 300_000 };

describe('developer tools: datasource → model → code → zip', () => {
  it('adds the server’s own PostgreSQL, tests it, models a table, generates code and downloads the zip', SLOW, async () => {
    const page = await b.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await loginAs(page);
    const db = new URL(mine().dbUrl);
    const jdbc = `jdbc:postgresql://${db.hostname}:${db.port || '5432'}${db.pathname}`;

    // 数据源管理: test the form before saving, then save.
    await open(page, '/tool/datasource', '数据源管理');
    await openAdd(page, page);
    const ds = modal(page);
    await formItem(page, ds, '名称').locator('input').fill('本服务数据库');
    await pick(page, ds, '驱动类', 'PostgreSQL');
    await formItem(page, ds, '连接地址').locator('input').fill(jdbc);
    await formItem(page, ds, '用户名')
      .locator('input')
      .fill(decodeURIComponent(db.username) || 'postgres');
    await formItem(page, ds, '密码').locator('input').fill('e2e-secret');
    await ds.getByRole('button', { name: '测试连接' }).click();
    await tip(page, '连接成功');
    await screenshot(page, 'devtools-datasource-form');
    await save(page, '新增成功');
    const [stored] = await dbQuery<{ password: string }>(`select password from blade_datasource where name = '本服务数据库' and is_deleted = 0`);
    expect(stored!.password).toMatch(/^v1\./); // the sealed box (decision 0028)
    expect(stored!.password).not.toContain('e2e-secret');
    // The row's own 测试连接 uses the stored (encrypted) password.
    await rowAction(row(page, '本服务数据库'), '测试连接');
    await tip(page, '连接成功');

    // 数据模型: the table comes from the datasource's catalog.
    await open(page, '/tool/model', '数据模型');
    await openAdd(page, page);
    const md = modal(page);
    await pick(page, md, '数据源', '本服务数据库');
    await pick(page, md, '物理表名', 'blade_param', 'blade_param');
    await formItem(page, md, '模型名称').locator('input').fill('参数表');
    await formItem(page, md, '模型编号').locator('input').fill('param_model');
    await save(page, '新增成功');
    await rowAction(row(page, '参数表'), '模型配置');
    const proto = modal(page);
    await expect.poll(() => proto.getByText('param_key', { exact: true }).count()).toBe(1);
    await proto.getByLabel('param_name 查询').check();
    await screenshot(page, 'devtools-model-fields');
    await proto.getByRole('button', { name: /保\s*存/ }).click();
    await tip(page, '操作成功!');
    const saved = await dbQuery<{ n: number }>(
      `select count(*)::int as n from blade_model_prototype p join blade_model m on m.id = p.model_id where m.model_code = 'param_model' and p.is_deleted = 0`,
    );
    expect(saved[0]!.n).toBeGreaterThan(3);

    // 代码生成: a row for the model, then generate and download.
    await open(page, '/tool/code', '代码生成');
    await openAdd(page, page);
    const cd = modal(page);
    await pick(page, cd, '数据模型', '参数表');
    await formItem(page, cd, '模块名').locator('input').fill('zoo');
    await formItem(page, cd, '菜单名称').locator('input').fill('参数副本');
    await formItem(page, cd, '表名').locator('input').fill('zoo_param_copy');
    await formItem(page, cd, '实体名').locator('input').fill('param_copy');
    await formItem(page, cd, '接口路径').locator('input').fill('/zoo-param/paramCopy');
    await formItem(page, cd, '前端路径').locator('input').fill('/zoo/paramcopy');
    await save(page, '新增成功');
    await rowAction(row(page, '参数副本'), '代码生成');
    const gen = modal(page);
    await expect.poll(() => gen.getByText('contract/src/zoo/param-copy.ts', { exact: true }).count()).toBe(1);
    await screenshot(page, 'devtools-generated');
    const [download] = await Promise.all([page.waitForEvent('download'), gen.getByRole('button', { name: '下载 zip' }).click()]);
    const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(zip).sort()).toEqual([
      'codegen/param-copy/README.md',
      'codegen/param-copy/wiring.json',
      'contract/src/zoo/param-copy.ts',
      'server/src/modules/zoo/param-copy/param-copy.routes.ts',
      'server/src/modules/zoo/param-copy/param-copy.tables.ts',
      'server/src/modules/zoo/param-copy/param-copy.test.ts',
      'web/src/features/zoo/param-copy/param-copy.crud.ts',
      'web/src/features/zoo/param-copy/param-copy.i18n.ts',
      'web/src/features/zoo/param-copy/param-copy.page.tsx',
    ]);
    expect(new TextDecoder().decode(zip['contract/src/zoo/param-copy.ts'])).toContain("paramKey: reqText('paramKey', 255)");
  });
});
