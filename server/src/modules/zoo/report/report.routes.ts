import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { stockReportEndpoints } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { sendXlsx, writeSheet, type SheetColumn } from '../../../platform/excel';
import { route } from '../../../platform/http/route';
import { systemDictItems, dictLabel } from '../../../platform/dict/dict-cache';
import { rows, today } from '../keeper/basic-log.service';
import { speciesPeriod, stockAt, sumFigures, type Filters, type SpeciesPeriodRow } from './stock-at';

/** Protection level names as the dictionary the screens show (`protection_class`). */
async function levelNames(app: FastifyInstance, db: Tx): Promise<Map<string, string>> {
  return new Map((await systemDictItems(app.zoo.cache, db, 'protection_class')).map((i) => [i.dictKey, dictLabel(i)]));
}

/** The default period: the current month up to today. */
async function period(db: Tx, q: { from?: string; to?: string }): Promise<{ from: string; to: string }> {
  const day = await today(db);
  return { from: q.from ?? `${day.slice(0, 8)}01`, to: q.to ?? day };
}

const NUMBERS = [
  'opening',
  'born',
  'imported',
  'census',
  'exported',
  'died',
  'cancelled',
  'other',
  'closing',
  'individuals',
  'populationHeads',
  'male',
  'female',
  'unknown',
] as const;

function totals(rs: readonly SpeciesPeriodRow[]) {
  return Object.fromEntries(NUMBERS.map((k) => [k, rs.reduce((s, r) => s + r[k], 0)])) as Record<(typeof NUMBERS)[number], number>;
}

/** The sheet has the screen's columns in the screen's order, and a total row. */
const SHEET: SheetColumn<'speciesName' | 'latinName' | 'className' | 'protection' | (typeof NUMBERS)[number]>[] = [
  { key: 'speciesName', header: '物种', en: 'Species', width: 18 },
  { key: 'latinName', header: '学名', en: 'Scientific name', width: 26 },
  { key: 'className', header: '纲', en: 'Class', width: 10 },
  { key: 'protection', header: '保护级别', en: 'Protection class', width: 14 },
  { key: 'opening', header: '期初存栏', en: 'Opening stock', width: 10 },
  { key: 'born', header: '出生', en: 'Births', width: 8 },
  { key: 'imported', header: '引进', en: 'Acquisitions', width: 8 },
  { key: 'census', header: '期初登记', en: 'Initial census', width: 10 },
  { key: 'exported', header: '输出', en: 'Dispositions', width: 8 },
  { key: 'died', header: '死亡', en: 'Deaths', width: 8 },
  { key: 'cancelled', header: '注销', en: 'Write-offs', width: 8 },
  { key: 'other', header: '迁移及撤销', en: 'Moves and reversals', width: 12 },
  { key: 'closing', header: '期末存栏', en: 'Closing stock', width: 10 },
  { key: 'individuals', header: '个体', en: 'Individuals', width: 8 },
  { key: 'populationHeads', header: '种群', en: 'Group heads', width: 8 },
  { key: 'male', header: '雄', en: 'Male', width: 6 },
  { key: 'female', header: '雌', en: 'Female', width: 6 },
  { key: 'unknown', header: '未知', en: 'Unknown', width: 6 },
];

async function homeInfo(db: Tx) {
  const day = await today(db);
  const [now] = await rows<{
    animals: number;
    populations: number;
    heads: number;
    species: number;
    month: number;
    t_in: number;
    t_out: number;
    alarms: number;
  }>(
    db,
    sql`select (select count(*) from zoo_animal where is_deleted = 0 and status = 1)::int as animals,
               (select count(*) from zoo_population where is_deleted = 0 and male_quantity + female_quantity + they_quantity > 0)::int as populations,
               (select coalesce(sum(male_quantity + female_quantity + they_quantity), 0) from zoo_population where is_deleted = 0)::int as heads,
               (select count(*) from (select species_id from zoo_animal where is_deleted = 0 and status = 1
                                      union select species_id from zoo_population where is_deleted = 0 and male_quantity + female_quantity + they_quantity > 0) s)::int as species,
               (select count(*) from zoo_stock_log where event_date >= date_trunc('month', ${day}::date) and event_date < ${day}::date + 1)::int as month,
               (select count(*) from zoo_transfer_log where transfer_status = 0 and to_tenant_id = current_setting('app.tenant_id'))::int as t_in,
               (select count(*) from zoo_transfer_log where transfer_status = 0 and tenant_id = current_setting('app.tenant_id'))::int as t_out,
               (select count(*) from zoo_humiture_alarm where is_deleted = 0 and end_time is null)::int as alarms`,
  );
  const months = await rows<{ month: string; in: number; out: number }>(
    db,
    sql`select to_char(m, 'YYYY-MM') as month,
               coalesce(sum(l.male_quantity + l.female_quantity + l.they_quantity) filter (where l.movement_type in ('born', 'import')), 0)::int as in,
               coalesce(sum(l.male_quantity + l.female_quantity + l.they_quantity) filter (where l.movement_type in ('export', 'die', 'cancel')), 0)::int as out
          from generate_series(date_trunc('month', ${day}::date) - interval '11 months', date_trunc('month', ${day}::date), interval '1 month') m
          left join zoo_stock_log l on l.event_date >= m and l.event_date < m + interval '1 month'
         group by m order by m`,
  );
  const byClass = await stockAt(db, day, 'class', {}, new Map());
  return {
    animals: now!.animals,
    populations: now!.populations,
    populationHeads: now!.heads,
    species: now!.species,
    movementsThisMonth: now!.month,
    transfersIn: now!.t_in,
    transfersOut: now!.t_out,
    openAlarms: now!.alarms,
    stockByClass: byClass.map((r) => ({ key: r.key, name: r.name, total: r.total })),
    movementsByMonth: months,
  };
}

/** `/blade-zoo/basic/*`: stock at a day, movements of a period per species, its xlsx, and the zoo's home figures. */
export function reportRoutes(app: FastifyInstance): void {
  route(app, stockReportEndpoints.stock, async ({ db, query }) => {
    const date = query.date ?? (await today(db));
    const r = await stockAt(db, date, query.groupBy, query as Filters, await levelNames(app, db));
    return { date, groupBy: query.groupBy, rows: r, total: sumFigures(r) };
  });

  route(app, stockReportEndpoints.speciesStock, async ({ db, query }) => {
    const { from, to } = await period(db, query);
    const r = await speciesPeriod(db, from, to, query as Filters);
    return { from, to, rows: r, total: totals(r) };
  });

  route(app, stockReportEndpoints.export, async ({ db, query, reply }) => {
    const { from, to } = await period(db, query);
    const r = await speciesPeriod(db, from, to, query as Filters);
    const levels = await levelNames(app, db);
    const data = [
      ...r.map((x) => ({ ...x, protection: levels.get(String(x.protectionClass)) ?? String(x.protectionClass) })),
      { speciesName: '合计', ...totals(r) },
    ];
    return sendXlsx(
      reply,
      { zh: `存栏报表_${from}_${to}.xlsx`, en: `Stock report_${from}_${to}.xlsx` },
      await writeSheet({ zh: '存栏报表', en: 'Stock report' }, SHEET, data),
    ) as never;
  });

  route(app, stockReportEndpoints.info, async ({ db }) => homeInfo(db));
}
