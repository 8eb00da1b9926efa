import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { NumOut, optNumber, optText, reqId, reqText } from '../fields';
import { basicLog, dayIn } from './basic-log';

/**
 * Diet plans and feedings (decision 0046). A plan says what an individual or a population is fed from a date on:
 * several feedings a day, each a time, a food item of the zoo's business dictionary `zoo_food`, an amount and
 * unit, an optional unit price and a preparation note. A feeding record is what the keeper did with one planned
 * feeding on one day: offered and leftover (weighed), or refused with a reason.
 */

/** The business dictionary of food items (seeded per zoo, editable in 业务字典). */
export const FOOD_DICT = 'zoo_food';
/** A day's roll-up deviates from the plan when offered differs from planned by more than this share. */
export const DIET_DEVIATION = 0.1;
/** And when less than this share of what was offered was eaten. */
export const DIET_LOW_INTAKE = 0.75;

const HM = /^([01]\d|2[0-3]):[0-5]\d$/;
const amountIn = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .min(0, `${label}不能小于0`)
      .max(1_000_000, `${label}不能大于1000000`),
  );

export const DietFeedingIn = z.object({
  /** The feeding's number within its plan; kept when the plan is edited, so records stay attached. */
  no: z.number().int().min(1).max(1000).optional(),
  time: z.string({ error: '请输入饲喂时间' }).trim().regex(HM, '饲喂时间格式应为 HH:mm'),
  foodKey: reqText('食物', 50, '请选择'),
  amount: amountIn('计划量').refine((n) => n > 0, '计划量必须大于0'),
  unit: reqText('单位', 10),
  /** Price per unit (元); empty when not known. */
  price: optNumber('单价', 0, 1_000_000),
  note: optText('加工说明', 200),
});
export const DietFeeding = z.object({
  no: z.number(),
  time: z.string(),
  foodKey: z.string(),
  foodName: z.string(),
  amount: z.number(),
  unit: z.string(),
  price: NumOut,
  note: z.string(),
});
export type DietFeeding = z.output<typeof DietFeeding>;

export const DietPlanRecord = z.object({
  ...TenantRecord,
  animalType: z.number().meta({ title: '对象类型' }),
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  cageName: z.string().meta({ title: '笼舍' }),
  effectiveFrom: z.string().meta({ title: '生效日期' }),
  remark: z.string().meta({ title: '备注' }),
  feedings: z.array(DietFeeding).meta({ title: '饲喂次数' }),
});
export type DietPlanRecord = z.output<typeof DietPlanRecord>;

export const dietPlan = defineCrud({
  name: 'diet_plan',
  base: '/zoo/diet',
  title: '饲喂计划',
  record: DietPlanRecord,
  input: z.object({
    id: Id.optional(),
    animalId: reqId('动物'),
    effectiveFrom: dayIn('生效日期'),
    remark: optText('备注', 500),
    feedings: z.array(DietFeedingIn, { error: '饲喂次数格式不正确' }).min(1, '请至少添加一次饲喂').max(12, '每日饲喂最多12次'),
  }),
  filters: z.object({ animalId: NumFilter, speciesId: NumFilter, animalType: NumFilter }),
  filterMode: 'entity',
});

export const FeedingRecord = z.object({
  ...TenantRecord,
  planId: z.string(),
  feedingNo: z.number(),
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesId: z.string(),
  cageId: z.string(),
  feedDate: z.string().meta({ title: '日期' }),
  feedTime: z.string().meta({ title: '计划时间' }),
  foodKey: z.string(),
  foodName: z.string().meta({ title: '食物' }),
  planned: z.number().meta({ title: '计划量' }),
  unit: z.string().meta({ title: '单位' }),
  offered: z.number().meta({ title: '投喂量' }),
  leftover: z.number().meta({ title: '剩余量' }),
  refused: z.number().meta({ title: '拒食' }),
  refuseReason: z.string().meta({ title: '拒食原因' }),
  price: NumOut,
  keeperId: z.string(),
  keeperName: z.string().meta({ title: '饲养员' }),
  /** Bumped on every change: what a device saw when it queued an edit (sync conflict detection). */
  rowVersion: z.number(),
});
export type FeedingRecord = z.output<typeof FeedingRecord>;

export const FeedingIn = z
  .object({
    id: Id.optional(),
    planId: reqId('饲喂计划'),
    feedingNo: z.coerce.number({ error: '请选择饲喂次数' }).int('请选择饲喂次数').min(1, '请选择饲喂次数').max(1000, '请选择饲喂次数'),
    feedDate: dayIn('饲喂日期'),
    /** Empty: the planned amount. */
    offered: optNumber('投喂量', 0, 1_000_000),
    leftover: optNumber('剩余量', 0, 1_000_000),
    refused: z.union([z.literal(0), z.literal(1)], { error: '拒食取值不正确' }).default(0),
    refuseReason: optText('拒食原因', 200),
  })
  .refine((f) => f.refused === 0 || (f.refuseReason ?? '').length > 0, { message: '拒食时请填写原因', path: ['refuseReason'] })
  .refine((f) => f.offered == null || f.leftover == null || f.leftover <= f.offered, { message: '剩余量不能大于投喂量', path: ['leftover'] });

export const feeding = defineCrud({
  name: 'diet_feeding',
  base: '/zoo/basicLog/feeding',
  title: '饲喂记录',
  record: FeedingRecord,
  input: FeedingIn,
  // Keepers record feedings with the keeper-log buttons: one right for the day's round.
  perms: { add: 'basiclog_add', edit: 'basiclog_edit', delete: 'basiclog_delete', view: 'basiclog_view' },
  filters: z.object({ animalId: NumFilter, planId: NumFilter, feedDate: z.string().optional() }),
  filterMode: 'entity',
});

/** One planned feeding of today with what was recorded for it ('' fields when not recorded yet). */
export const RoundFeeding = DietFeeding.extend({
  planId: z.string(),
  recordId: z.string(),
  rowVersion: z.number(),
  offered: NumOut,
  leftover: NumOut,
  refused: z.number(),
  refuseReason: z.string(),
});
export type RoundFeeding = z.output<typeof RoundFeeding>;

export const IntakeRow = z.object({
  /** yyyy-MM-dd (by day) or yyyy-MM (by month). */
  period: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  /** Planned feedings of the group and period: those recorded and those missed. */
  feedings: z.number(),
  refused: z.number(),
  /** Planned feedings of a past day with no record: each counts as nothing offered and nothing eaten. */
  missed: z.number(),
  /** Mean over the feedings of eaten ÷ offered (0–1, 4 decimals); a refused or missed feeding counts 0. */
  intake: z.number(),
  /** Mean over the feedings of (offered − planned) ÷ planned (4 decimals); a missed feeding counts −1. */
  deviation: z.number(),
  /** 1 when |deviation| > 10 % or intake < 75 %. */
  flagged: z.number(),
  /** Σ offered × unit price of the priced feedings (元, 2 decimals); '' when none was priced. */
  cost: NumOut,
});
export type IntakeRow = z.output<typeof IntakeRow>;

export const INTAKE_GROUPS = ['animal', 'cage', 'species'] as const;
export const INTAKE_PERIODS = ['day', 'month'] as const;

/** One queued offline entry (a keeper-log upsert or a feeding record) with its idempotency key. */
const SyncBase = {
  /** Chosen by the device (a UUID); the server applies one key once. */
  key: z.string({ error: '缺少同步键' }).regex(/^[A-Za-z0-9-]{8,64}$/, '同步键格式不正确'),
  /** The row version the device saw (0: it saw none). */
  base: z.number({ error: '缺少基准版本' }).int().min(0),
};
export const SyncEntry = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...SyncBase, kind: z.literal('log'), body: basicLog.input.omit({ id: true }) }),
    z.object({ ...SyncBase, kind: z.literal('feeding'), body: FeedingIn }),
  ],
  { error: '同步条目类型不正确' },
);
export type SyncEntryIn = z.input<typeof SyncEntry>;

export const SyncResult = z.object({
  key: z.string(),
  /** applied, duplicate (this key was applied before), conflict (changed meanwhile), rejected (a rule refused it). */
  status: z.enum(['applied', 'duplicate', 'conflict', 'rejected']),
  id: z.string(),
  rowVersion: z.number(),
  msg: z.string(),
  /** conflict: the server's current version (a keeper-log or feeding record). */
  server: z.record(z.string(), z.unknown()).optional(),
});
export type SyncResult = z.output<typeof SyncResult>;

export const dietEndpoints = {
  intake: endpoint({
    method: 'GET',
    path: '/zoo/diet/intake',
    summary: '采食率统计 (按个体/笼舍/物种, 按日/月)',
    access: { perm: 'diet_intake' },
    query: z.object({
      by: z.enum(INTAKE_GROUPS, { error: '统计维度应为 animal、cage 或 species' }).default('animal'),
      period: z.enum(INTAKE_PERIODS, { error: '统计周期应为 day 或 month' }).default('day'),
      from: dayIn('开始日期'),
      to: dayIn('结束日期'),
    }),
    data: z.array(IntakeRow),
  }),
  feedings: endpoint({
    method: 'GET',
    path: '/zoo/basicLog/today/feedings',
    summary: '今日巡查: 本人负责对象今日的计划饲喂及记录',
    access: 'login',
    data: z.object({ day: z.string(), items: z.array(z.object({ animalId: z.string(), feedings: z.array(RoundFeeding) })) }),
  }),
  sync: endpoint({
    method: 'POST',
    path: '/zoo/basicLog/sync',
    summary: '离线同步: 一批带幂等键的饲养日志和饲喂记录',
    access: { perm: 'basiclog_add' },
    body: z.object({ entries: z.array(SyncEntry, { error: '同步条目格式不正确' }).min(1, '没有要同步的条目').max(200, '每批最多200条') }),
    data: z.object({ results: z.array(SyncResult) }),
  }),
};
