import { sql } from 'drizzle-orm';
import type { ReportDesignIn } from '@zoo/contract';
import { ReportDesign } from '@zoo/contract';
import type { Database } from '../db/client';
import { inTenant } from '../platform/tenancy/tenant-tx';
import { bladeReport } from '../modules/report/report.tables';
import { DEMO_TENANT } from './zoo-demo-data';

/** The demo zoo's three starter reports (issue 15). The keeper-log report covers the 30 days before seeding. */
export function demoReports(today: string): Array<{ name: string; remark: string; design: ReportDesignIn }> {
  const from = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
  return [
    {
      name: '年度存栏(按保护级别)',
      remark: '每年年末的存栏头数,按国家保护级别汇总(由存栏变动台账推算)',
      design: {
        dataset: 'stock_annual',
        groupBy: ['year', 'protectionClass'],
        aggregates: [
          { fn: 'sum', column: 'heads' },
          { fn: 'sum', column: 'individuals' },
          { fn: 'sum', column: 'populationHeads' },
        ],
        sort: [
          { column: 'year', dir: 'asc' },
          { column: 'protectionClass', dir: 'asc' },
        ],
        chart: { type: 'bar', x: 'year', y: ['sum_heads'] },
      },
    },
    {
      name: '月度存栏变动',
      remark: '每月出生、引进、输出、迁移、死亡、注销的头数(不含期初登记与撤销)',
      design: {
        dataset: 'movements',
        filters: [{ column: 'movementType', op: 'in', value: ['born', 'import', 'export', 'move', 'die', 'cancel'] }],
        groupBy: ['month', 'movementType'],
        aggregates: [
          { fn: 'sum', column: 'heads' },
          { fn: 'count', column: 'heads' },
        ],
        sort: [
          { column: 'month', dir: 'asc' },
          { column: 'movementType', dir: 'asc' },
        ],
        chart: { type: 'line', x: 'month', y: ['sum_heads'] },
      },
    },
    {
      name: '饲养日志完成率',
      remark: '各笼舍应记录与已记录的饲养日志(应记录按笼舍当前的个体与种群计)',
      design: {
        dataset: 'keeper_completeness',
        params: { from, to: today },
        groupBy: ['cageName', 'keeperName'],
        aggregates: [
          { fn: 'sum', column: 'expected' },
          { fn: 'sum', column: 'logged' },
          { fn: 'sum', column: 'missing' },
          { fn: 'avg', column: 'rate' },
        ],
        sort: [{ column: 'avg_rate', dir: 'asc' }],
        chart: { type: 'bar', x: 'cageName', y: ['avg_rate'] },
      },
    },
  ];
}

/**
 * Starter reports for the demo zoo, and the report menu for its administrators (databases seeded before the
 * report list existed lack it). Runs once: a zoo that already has reports is left alone.
 */
export async function seedDemoReports(database: Database): Promise<void> {
  await inTenant(database.db, { tenantId: DEMO_TENANT.tenantId, audit: false }, async (tx) => {
    await tx.execute(sql`
      insert into blade_role_menu (role_id, menu_id)
      select r.id, m.id from blade_role r cross join blade_menu m
       where r.role_alias = 'admin' and r.is_deleted = 0 and (m.code = 'report' or m.code like 'report\\_list%') and m.is_deleted = 0
         and not exists (select 1 from blade_role_menu x where x.role_id = r.id and x.menu_id = m.id)`);
    const any = (await tx.execute(sql`select 1 from blade_report limit 1`)) as unknown as { rows: unknown[] };
    if (any.rows.length) return;
    const res = (await tx.execute(sql`select to_char(current_date, 'YYYY-MM-DD') as d`)) as unknown as { rows: Array<{ d: string }> };
    for (const r of demoReports(res.rows[0]!.d)) {
      const design = ReportDesign.parse(r.design);
      await tx.insert(bladeReport).values({ name: r.name, remark: r.remark, dataset: design.dataset, design });
    }
  });
}
