import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, NumOut, optId, optInt, optNumber, optText, reqId } from '../fields';
import { dayIn } from './basic-log';

/**
 * Eggs of a bird's clutch (decision 0042): each egg's measurements, candlings over time, incubation, hatch and the
 * chick it became; the clutch's counts and hatch rates are derived from them.
 */

/** Candling results: 0 not known yet, 1 fertile (veins / embryo seen), 2 infertile (clear), 3 died in shell. */
export const CANDLING_RESULTS = [0, 1, 2, 3] as const;
/** Incubation: 1 incubator (artificial), 2 parent-incubated. */
export const EGG_INCUBATIONS = [1, 2] as const;
/** Outcome of an egg: 1 hatched, 2 failed to hatch, 3 broken, 4 removed (taken out: infertile, pulled, transferred). */
export const EGG_OUTCOMES = [1, 2, 3, 4] as const;
export const HATCHED = 1;

const optDay = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), dayIn(label).optional());
const optDict = <T extends readonly number[]>(label: string, keys: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), dictInt(label, keys).optional());

export const Candling = z.object({ date: z.string(), result: z.number() });

export const EggRecord = z.object({
  ...TenantRecord,
  litterId: z.string(),
  eggNo: z.number().meta({ title: '卵号' }),
  laidDate: z.string().meta({ title: '产卵日期' }),
  weightG: NumOut.meta({ title: '卵重(g)' }),
  lengthMm: NumOut.meta({ title: '长径(mm)' }),
  breadthMm: NumOut.meta({ title: '短径(mm)' }),
  candlings: z.array(Candling).meta({ title: '照蛋记录' }),
  /** The latest candling's result (0 when not candled). */
  fertility: z.number().meta({ title: '受精情况' }),
  incubation: NumOut.meta({ title: '孵化方式' }),
  incubationStart: z.string().meta({ title: '入孵日期' }),
  tempC: NumOut.meta({ title: '温度(°C)' }),
  humidityPct: NumOut.meta({ title: '湿度(%)' }),
  /** Incubation start plus the species' incubation range ('' without either). */
  expectedHatchFrom: z.string().meta({ title: '预计出壳' }),
  expectedHatchTo: z.string(),
  hatchDate: z.string().meta({ title: '出壳日期' }),
  outcome: NumOut.meta({ title: '结局' }),
  chickId: z.string(),
  chickName: z.string().meta({ title: '雏鸟' }),
  remark: z.string().meta({ title: '备注' }),
});
export type EggRecord = z.output<typeof EggRecord>;

export const breedEgg = defineCrud({
  name: 'breed_egg',
  base: '/zoo-breeding/egg',
  title: '卵记录',
  record: EggRecord,
  perms: { add: 'breed_litter_edit', edit: 'breed_litter_edit', delete: 'breed_litter_edit', view: 'breed_litter' },
  input: z
    .object({
      id: Id.optional(),
      litterId: reqId('窝卵'),
      /** Blank: the clutch's next number. */
      eggNo: optInt('卵号', 1, 100),
      laidDate: dayIn('产卵日期'),
      weightG: optNumber('卵重', 0, 10_000),
      lengthMm: optNumber('长径', 0, 1000),
      breadthMm: optNumber('短径', 0, 1000),
      incubation: optDict('孵化方式', EGG_INCUBATIONS),
      incubationStart: optDay('入孵日期'),
      tempC: optNumber('孵化温度', 20, 45),
      humidityPct: optNumber('孵化湿度', 0, 100),
      hatchDate: optDay('出壳日期'),
      outcome: optDict('结局', EGG_OUTCOMES),
      chickId: optId('雏鸟'),
      remark: optText('备注', 500),
    })
    .refine((v) => !v.incubationStart || v.incubation != null, { message: '请选择孵化方式', path: ['incubation'] })
    .refine((v) => v.outcome !== HATCHED || Boolean(v.hatchDate), { message: '已出壳的卵请填写出壳日期', path: ['hatchDate'] })
    .refine((v) => !v.hatchDate || v.outcome === HATCHED, { message: '填写出壳日期时结局应为"已出壳"', path: ['outcome'] })
    .refine((v) => !v.chickId || v.outcome === HATCHED, { message: '只有已出壳的卵可以关联雏鸟', path: ['chickId'] }),
  filters: z.object({ litterId: NumFilter, outcome: NumFilter }),
  filterMode: 'entity',
});

/** A clutch's counts derived from its eggs; rates in % ('' when nothing to divide by). */
export const ClutchSummary = z.object({
  laid: z.number(),
  fertile: z.number(),
  hatched: z.number(),
  /** Hatched of the eggs laid. */
  hatchRate: NumOut,
  /** Hatched of the fertile eggs (hatchability). */
  fertileHatchRate: NumOut,
  /** The species' incubation range in days ('' when it has none). */
  incubationMinDays: NumOut,
  incubationMaxDays: NumOut,
});
export type ClutchSummary = z.output<typeof ClutchSummary>;

export const breedingEggEndpoints = {
  candle: endpoint({
    method: 'POST',
    path: '/zoo-breeding/egg/candle',
    summary: '照蛋: 记录某枚卵某日的照蛋结果(未知、受精、未受精、胚胎死亡)',
    access: { perm: 'breed_litter_edit' },
    body: z.object({ id: reqId('卵记录'), date: dayIn('照蛋日期'), result: dictInt('照蛋结果', CANDLING_RESULTS) }),
    data: EggRecord,
  }),
  clutch: endpoint({
    method: 'GET',
    path: '/zoo-breeding/egg/clutch',
    summary: '一窝卵的统计: 产卵数、受精卵数、出壳数与出壳率(由各枚卵得出)',
    access: { perm: 'breed_litter' },
    query: z.object({ id: reqId('窝卵') }),
    data: ClutchSummary,
  }),
};
