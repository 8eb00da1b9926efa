import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, optId, optNumber, optText, reqId, reqText } from '../fields';

/**
 * Keeper logs (饲养日志): one log per individual or population per day — what was fed and how much of it was
 * eaten, and the keeper's observations. "Today's %" is the share of the caller's round (the animals and
 * populations of the cages the caller keeps, plus individuals assigned to the caller) logged today.
 */

/** 1 eaten up, 2 partly eaten, 3 refused (the worse, the higher). */
export const INTAKES = [1, 2, 3] as const;
/** Observations; 1 is always the normal value so a one-click entry is all 1s. */
export const APPETITES = [1, 2, 3, 4] as const; // good, normal, poor, none
export const BEHAVIOURS = [1, 2, 3, 4] as const; // normal, active, lethargic, abnormal
export const FAECES = [1, 2, 3, 4, 5] as const; // normal, soft, hard, abnormal, none seen
export const HEALTHS = [1, 2, 3] as const; // good, watch, abnormal (vet told)
/** 1 individual, 2 population (spec §9: individual management 1, population management 2). */
export const LOG_SUBJECTS = [1, 2] as const;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDay = (s: string) => {
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
};
/** A calendar day `yyyy-MM-dd` (a date-time is accepted and cut to its day: pickers may send one). */
export const dayIn = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .transform((s) => s.slice(0, 10))
    .refine(isDay, `${label}格式应为 yyyy-MM-dd`);

export const DietItemIn = z.object({
  food: reqText('食物名称', 50),
  amount: optNumber('投喂量', 0, 1_000_000),
  unit: optText('单位', 10),
  intake: dictInt('采食情况', INTAKES).default(1),
});
export const DietItem = z.object({ food: z.string(), amount: z.union([z.number(), z.literal('')]), unit: z.string(), intake: z.number() });
export type DietItem = z.output<typeof DietItem>;

export const BasicLogRecord = z.object({
  ...TenantRecord,
  animalType: z.number().meta({ title: '对象类型' }),
  animalId: z.string(),
  /** Individual: name (local no.); population: its name. */
  animalName: z.string().meta({ title: '动物' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  cageId: z.string(),
  cageName: z.string().meta({ title: '笼舍' }),
  logDate: z.string().meta({ title: '日期' }),
  logTime: z.string().meta({ title: '时间' }),
  keeperId: z.string(),
  keeperName: z.string().meta({ title: '饲养员' }),
  diet: z.array(DietItem),
  intake: z.number().meta({ title: '采食情况' }),
  appetite: z.number().meta({ title: '食欲' }),
  behaviour: z.number().meta({ title: '行为' }),
  faeces: z.number().meta({ title: '粪便' }),
  health: z.number().meta({ title: '健康状况' }),
  remark: z.string().meta({ title: '备注' }),
  rowVersion: z.number(),
});
export type BasicLogRecord = z.output<typeof BasicLogRecord>;

export const basicLog = defineCrud({
  name: 'basiclog',
  base: '/zoo/basicLog',
  title: '饲养日志',
  record: BasicLogRecord,
  input: z.object({
    id: Id.optional(),
    /** An individual's or a population's id (ids are unique across both). */
    animalId: reqId('动物'),
    logDate: dayIn('日志日期'),
    logTime: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm')
        .optional(),
    ),
    keeperId: optId('饲养员'),
    diet: z.array(DietItemIn, { error: '饲料信息格式不正确' }).max(20, '饲料最多20项').default([]),
    /** Used when no diet item is given; otherwise the worst intake of the items. */
    intake: dictInt('采食情况', INTAKES).default(1),
    appetite: dictInt('食欲', APPETITES).default(1),
    behaviour: dictInt('行为', BEHAVIOURS).default(1),
    faeces: dictInt('粪便', FAECES).default(1),
    health: dictInt('健康状况', HEALTHS).default(1),
    remark: optText('备注', 500),
  }),
  filters: z.object({
    animalId: NumFilter,
    animalType: NumFilter,
    cageId: NumFilter,
    speciesId: NumFilter,
    keeperId: NumFilter,
    health: NumFilter,
    logDate_datege: z.string().optional(),
    logDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
});

/** One logged day of a month calendar. */
export const LoggedDay = z.object({ day: z.string(), id: z.string(), intake: z.number(), health: z.number(), keeperName: z.string() });

/** Today's log as the round keeps it on the device: enough to open its edit offline (decision 0046). */
export const RoundLog = BasicLogRecord.pick({
  logTime: true,
  diet: true,
  intake: true,
  appetite: true,
  behaviour: true,
  faeces: true,
  health: true,
  remark: true,
});
export type RoundLog = z.output<typeof RoundLog>;

/** One animal or population of the caller's round today. */
export const RoundItem = z.object({
  animalType: z.number(),
  animalId: z.string(),
  animalName: z.string(),
  speciesName: z.string(),
  cageId: z.string(),
  cageName: z.string(),
  /** Head count: 1 for an individual, M+F+U for a population. */
  quantity: z.number(),
  /** Today's log, "" when not logged yet. */
  logId: z.string(),
  /** Today's log's row version, 0 when not logged yet (what an offline edit says it saw, decision 0046). */
  logVersion: z.number(),
  health: z.union([z.number(), z.literal('')]),
  /** The diet of the latest earlier log: what a one-click entry records as fed and eaten. */
  lastDiet: z.array(DietItem),
  /** Today's log's values, {} when not logged yet. */
  log: z.union([RoundLog, z.object({})]),
});

export const TodayPercent = z.object({ total: z.number(), logged: z.number(), percent: z.number() });

export const basicLogEndpoints = {
  day: endpoint({
    method: 'GET',
    path: '/zoo/basicLog/detail/day',
    summary: '某动物某日的饲养日志 (无则为空对象)',
    access: 'login',
    query: z.object({ day: dayIn('日期'), animalId: reqId('动物') }),
    data: z.union([BasicLogRecord, z.object({})]),
  }),
  month: endpoint({
    method: 'GET',
    path: '/zoo/basicLog/detail/month',
    summary: '某动物某月的饲养日志日历',
    access: 'login',
    query: z.object({
      year: z.coerce.number({ error: '年份必须是整数' }).int('年份必须是整数').min(1900, '年份不正确').max(2200, '年份不正确'),
      month: z.coerce.number({ error: '月份必须是整数' }).int('月份必须是整数').min(1, '月份应为1-12').max(12, '月份应为1-12'),
      animalId: reqId('动物'),
    }),
    data: z.object({
      animalType: z.number(),
      animalId: z.string(),
      animalName: z.string(),
      speciesName: z.string(),
      cageName: z.string(),
      days: z.array(LoggedDay),
    }),
  }),
  percent: endpoint({
    method: 'GET',
    path: '/zoo/basicLog/today/percent',
    summary: '今日饲养日志完成率 (本人负责的个体和种群)',
    access: 'login',
    data: TodayPercent,
  }),
  round: endpoint({
    method: 'GET',
    path: '/zoo/basicLog/today/round',
    summary: '今日巡查: 本人负责的个体和种群及今日日志',
    access: 'login',
    data: z.object({ day: z.string(), items: z.array(RoundItem), total: z.number(), logged: z.number(), percent: z.number() }),
  }),
};
