import { z } from 'zod';
import { Page, PageQuery, TenantRecord } from '../common';
import { endpoint } from '../endpoint';
import { defineReadonly } from '../resource';

/**
 * 数据质量 (decision 0047): checks that find records a zoo's registers miss or contradict, each with its offending
 * records and a link to the screen that fixes them; counted nightly and on demand, one count per check and day kept.
 *
 * - noIdentifier: individuals in stock without a current identifier (microchip, ring, tattoo, 专用标识…)
 * - noCage: individuals in stock without a cage
 * - parentage: a sire recorded female or a dam male, or a parent born after its offspring
 * - populationLedger: a population whose M.F.U counts differ from the sum of its stock-ledger movements
 * - noKeeperLog: individuals and populations held with no keeper log for `logDays` days
 * - cageNoSensor: cages holding animals with no live temperature/humidity sensor key
 * - permitExpiring: licences and permits whose validity ends within `permitDays` days
 */
export const QUALITY_CHECKS = ['noIdentifier', 'noCage', 'parentage', 'populationLedger', 'noKeeperLog', 'cageNoSensor', 'permitExpiring'] as const;
export type QualityCheck = (typeof QUALITY_CHECKS)[number];

/** Why a parentage row is flagged. */
export const PARENTAGE_REASONS = ['sireFemale', 'damMale', 'sireYounger', 'damYounger'] as const;

export const QUALITY_LOG_DAYS = 7;
export const QUALITY_PERMIT_DAYS = 60;

const days = (label: string, def: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? def : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${label}必须是整数` })
      .int(`${label}必须是整数`)
      .min(1, `${label}不能小于1`)
      .max(max, `${label}不能大于${max}`),
  );

/** The checks' parameters: days without a keeper log (default 7) and days ahead for expiring permits (default 60). */
export const QualityParams = z.object({
  logDays: days('未记日志天数', QUALITY_LOG_DAYS, 365),
  permitDays: days('到期提醒天数', QUALITY_PERMIT_DAYS, 3650),
});

const checkIn = z.enum(QUALITY_CHECKS, { error: '检查项取值不正确' });

export const QualityCount = z.object({ check: z.enum(QUALITY_CHECKS), count: z.number() });

/** The last run's counts (today's, or the latest day's); `runTime` is "" when the zoo was never checked. */
export const QualitySummary = z.object({
  day: z.string(),
  runTime: z.string(),
  logDays: z.number(),
  permitDays: z.number(),
  checks: z.array(QualityCount),
});

/**
 * One offending record. `id` is the record the fix screen opens (animal, population, cage or permit); the other
 * fields are filled as the check has them: `reasons` (parentage), `stock`/`ledger` as M.F.U (populationLedger),
 * `date` and `days` (the last keeper log and days since it, or a permit's last valid day and days left),
 * `permitKind`.
 */
export const QualityRow = z.object({
  id: z.string(),
  kind: z.enum(['animal', 'population', 'cage', 'permit']),
  code: z.string(),
  name: z.string(),
  speciesName: z.string(),
  reasons: z.array(z.string()),
  stock: z.string(),
  ledger: z.string(),
  date: z.string(),
  days: z.union([z.number(), z.literal('')]),
  /** The permit's kind (dictionary permit_kind) for permitExpiring. */
  permitKind: z.union([z.number(), z.literal('')]),
});
export type QualityRow = z.output<typeof QualityRow>;

/** One day's count of one check, as the nightly or on-demand run left it. */
export const qualityHistory = defineReadonly({
  name: 'quality_history',
  base: '/zoo/quality/history',
  title: '数据质量历史',
  perm: 'quality',
  record: z.object({
    ...TenantRecord,
    day: z.string().meta({ title: '日期' }),
    check: z.enum(QUALITY_CHECKS).meta({ title: '检查项' }),
    count: z.number().meta({ title: '问题数' }),
    runTime: z.string().meta({ title: '检查时间' }),
  }),
  filters: z.object({
    check_equal: z.string().optional(),
    day_datege: z.string().optional(),
    day_datele: z.string().optional(),
  }),
});

const VIEW = { perm: 'quality' } as const;

export const qualityEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/zoo/quality/summary',
    summary: '数据质量概览 (最近一次检查的各项问题数)',
    access: VIEW,
    data: QualitySummary,
  }),
  list: endpoint({
    method: 'GET',
    path: '/zoo/quality/list',
    summary: '某检查项当前的问题记录 (分页)',
    access: VIEW,
    query: PageQuery.extend({ check: checkIn }).extend(QualityParams.shape),
    data: Page(QualityRow),
  }),
  /** One check (`check`) or all: counts now and keeps them as today's (a re-run the same day replaces them). */
  run: endpoint({
    method: 'POST',
    path: '/zoo/quality/run',
    summary: '立即检查数据质量 (一项或全部, 结果记为当天)',
    access: { perm: 'quality_run' },
    query: QualityParams.extend({ check: z.preprocess((v) => (v === '' || v === null ? undefined : v), checkIn.optional()) }),
    data: z.object({ day: z.string(), runTime: z.string(), checks: z.array(QualityCount) }),
  }),
};
