import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { dateIn, dictInt, NumOut, optId, optInt, optNumber, optText, reqId } from '../fields';
import { dayIn } from './basic-log';
import { NewAnimalIn } from './stock-log';

/**
 * Reproduction, second slice (decision 0042): pregnancy diagnoses, litters booked through the ledger's birth
 * movement, cub care (feeds and the twin-swap log; weights are the veterinary weight records), contraception, and
 * the breeding calendar.
 */

/** Diagnosis methods: 1 ultrasound, 2 hormone (urinary progesterone / ceruloplasmin), 3 behaviour, 4 other. */
export const PREG_METHODS = [1, 2, 3, 4] as const;
/** Pregnancy status a diagnosis gives: 1 suspected, 2 confirmed, 3 pseudo-pregnancy, 4 ended (not pregnant / lost). */
export const PREG_STATES = [1, 2, 3, 4] as const;
/**
 * Rearing: 1 mother-reared, 2 hand-reared, 3 twin-swap (alternated between mother and incubator), 4 foster, 5 eggs
 * in an incubator (birds: artificial incubation and brooding).
 */
export const REARINGS = [1, 2, 3, 4, 5] as const;
export const INCUBATOR = 5;
/** Cub vitality at birth: 1 strong, 2 weak. */
export const VITALITIES = [1, 2] as const;
/** Cub log kinds: 1 feed, 2 swap (twin-swap). */
export const CUB_LOG_KINDS = [1, 2] as const;
/** Feed types: 1 nursed by the mother, 2 formula, 3 expressed / colostrum milk. */
export const FEED_TYPES = [1, 2, 3] as const;
/** Where a swap puts the cub: 1 with the mother, 2 incubator (nursery). */
export const PLACEMENTS = [1, 2] as const;
/**
 * Contraception methods: 1 deslorelin implant (GnRH agonist), 2 other GnRH agonist (leuprolide injection),
 * 3 MGA implant (progestin), 4 oral progestin (MGA feed), 5 separation from the opposite sex, 6 other.
 */
export const CONTRA_METHODS = [1, 2, 3, 4, 5, 6] as const;

const optDict = <T extends readonly number[]>(label: string, keys: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), dictInt(label, keys).optional());

// ---------------------------------------------------------------- pregnancy

export const PregnancyRecord = z.object({
  ...TenantRecord,
  femaleId: z.string(),
  femaleName: z.string().meta({ title: '雌性个体' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  eventId: z.string(),
  eventDate: z.string().meta({ title: '配种日期' }),
  checkDate: z.string().meta({ title: '诊断日期' }),
  method: z.number().meta({ title: '诊断方法' }),
  pregStatus: z.number().meta({ title: '妊娠状态' }),
  evidence: z.string().meta({ title: '依据' }),
  expectedFrom: z.string().meta({ title: '预产期起' }),
  expectedTo: z.string().meta({ title: '预产期止' }),
  remark: z.string().meta({ title: '备注' }),
});
export type PregnancyRecord = z.output<typeof PregnancyRecord>;

export const breedPregnancy = defineCrud({
  name: 'breed_pregnancy',
  base: '/zoo-breeding/pregnancy',
  title: '妊娠诊断',
  record: PregnancyRecord,
  input: z.object({
    id: Id.optional(),
    femaleId: reqId('雌性个体'),
    eventId: optId('配种记录'),
    checkDate: dayIn('诊断日期'),
    method: dictInt('诊断方法', PREG_METHODS),
    pregStatus: dictInt('妊娠状态', PREG_STATES),
    evidence: optText('依据', 500),
    remark: optText('备注', 500),
  }),
  filters: z.object({ femaleId: NumFilter, speciesId: NumFilter, pregStatus: NumFilter }),
  params: z.object({ year: optInt('年度', 1900, 2999) }),
  filterMode: 'entity',
});

// ---------------------------------------------------------------- litter

export const CubIn = NewAnimalIn.extend({
  birthWeightG: optNumber('出生体重', 1, 1_000_000),
  vitality: optDict('活力', VITALITIES),
});

export const LitterCub = z.object({
  id: z.string(),
  localNo: z.string(),
  animalName: z.string(),
  sex: z.number(),
  status: z.number(),
  birthWeightG: NumOut,
  vitality: NumOut,
});
export type LitterCub = z.output<typeof LitterCub>;

export const LitterRecord = z.object({
  ...TenantRecord,
  damId: z.string(),
  damName: z.string().meta({ title: '母本' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  eventId: z.string(),
  eventDate: z.string().meta({ title: '配种日期' }),
  birthDate: z.string().meta({ title: '产仔日期' }),
  cageId: z.string(),
  sireIds: z.array(z.string()),
  /** Candidate sires held by other zoos (outside donors), by studbook identity. */
  sireIdentityIds: z.array(z.string()),
  sireNames: z.string().meta({ title: '可能父本' }),
  cubs: z.array(LitterCub).meta({ title: '幼仔' }),
  liveBorn: z.number().meta({ title: '活产数' }),
  stillborn: z.number().meta({ title: '死产数' }),
  rearing: z.number().meta({ title: '育幼方式' }),
  eggsLaid: NumOut.meta({ title: '产卵数' }),
  eggsFertile: NumOut.meta({ title: '受精卵数' }),
  eggsHatched: NumOut.meta({ title: '出壳数' }),
  stockLogIds: z.array(z.string()),
  remark: z.string().meta({ title: '备注' }),
});
export type LitterRecord = z.output<typeof LitterRecord>;

export const breedLitter = defineCrud({
  name: 'breed_litter',
  base: '/zoo-breeding/litter',
  title: '产仔记录',
  record: LitterRecord,
  input: z
    .object({
      id: Id.optional(),
      damId: reqId('母本'),
      eventId: optId('配种记录'),
      birthDate: dayIn('产仔日期'),
      cageId: reqId('笼舍'),
      cubs: z.array(CubIn, { error: '幼仔格式不正确' }).max(20, '一窝最多20个幼仔').default([]),
      stillborn: optInt('死产数', 0, 50).transform((n) => n ?? 0),
      rearing: dictInt('育幼方式', REARINGS).default(1),
      // A bird's clutch: eggs laid, fertile (candled) and hatched; the hatched chicks are the cubs booked.
      eggsLaid: optInt('产卵数', 0, 100),
      eggsFertile: optInt('受精卵数', 0, 100),
      eggsHatched: optInt('出壳数', 0, 100),
      remark: optText('备注', 500),
    })
    .refine((v) => Boolean(v.id) || v.cubs.length + v.stillborn > 0 || (v.eggsLaid ?? 0) > 0, { message: '请填写至少一个幼仔或死产数', path: ['cubs'] })
    .refine((v) => v.eggsFertile == null || v.eggsLaid == null || v.eggsFertile <= v.eggsLaid, { message: '受精卵数不能大于产卵数', path: ['eggsFertile'] })
    .refine((v) => v.eggsHatched == null || (v.eggsFertile ?? v.eggsLaid) == null || v.eggsHatched <= (v.eggsFertile ?? v.eggsLaid)!, {
      message: '出壳数不能大于受精卵数(或产卵数)',
      path: ['eggsHatched'],
    }),
  filters: z.object({ damId: NumFilter, speciesId: NumFilter }),
  params: z.object({ year: optInt('年度', 1900, 2999) }),
  filterMode: 'entity',
});

// ---------------------------------------------------------------- cub care: feeds and the twin-swap log

export const CubLogRecord = z.object({
  ...TenantRecord,
  cubId: z.string(),
  cubName: z.string().meta({ title: '幼仔' }),
  litterId: z.string(),
  logTime: z.string().meta({ title: '时间' }),
  kind: z.number().meta({ title: '类型' }),
  feedType: NumOut.meta({ title: '喂养方式' }),
  volumeMl: NumOut.meta({ title: '奶量(mL)' }),
  placement: NumOut.meta({ title: '换至' }),
  remark: z.string().meta({ title: '备注' }),
});
export type CubLogRecord = z.output<typeof CubLogRecord>;

export const breedCubLog = defineCrud({
  name: 'breed_cub_log',
  base: '/zoo-breeding/cub-log',
  title: '育幼记录',
  record: CubLogRecord,
  input: z
    .object({
      id: Id.optional(),
      cubId: reqId('幼仔'),
      logTime: dateIn('时间'),
      kind: dictInt('记录类型', CUB_LOG_KINDS),
      feedType: optDict('喂养方式', FEED_TYPES),
      volumeMl: optNumber('奶量', 0, 10_000),
      placement: optDict('换至', PLACEMENTS),
      remark: optText('备注', 500),
    })
    .refine((v) => v.kind !== 1 || v.feedType != null, { message: '请选择喂养方式', path: ['feedType'] })
    .refine((v) => v.kind !== 1 || v.feedType === 1 || v.volumeMl != null, { message: '人工喂养请填写奶量', path: ['volumeMl'] })
    .refine((v) => v.kind !== 2 || v.placement != null, { message: '请选择换至母兽身边或保育箱', path: ['placement'] }),
  filters: z.object({ cubId: NumFilter, litterId: NumFilter, kind: NumFilter }),
  filterMode: 'entity',
});

// ---------------------------------------------------------------- contraception

export const ContraRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '个体' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  method: z.number().meta({ title: '避孕方式' }),
  product: z.string().meta({ title: '药品/剂量' }),
  startDate: z.string().meta({ title: '开始日期' }),
  expectedEnd: z.string().meta({ title: '预计失效' }),
  reversalDate: z.string().meta({ title: '恢复日期' }),
  /** 1 while in force on the caller's today (started, not reversed). */
  active: z.number().meta({ title: '生效中' }),
  remark: z.string().meta({ title: '备注' }),
});
export type ContraRecord = z.output<typeof ContraRecord>;

const optDay = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), dayIn(label).optional());

export const breedContra = defineCrud({
  name: 'breed_contra',
  base: '/zoo-breeding/contraception',
  title: '避孕管理',
  record: ContraRecord,
  input: z
    .object({
      id: Id.optional(),
      animalId: reqId('个体'),
      method: dictInt('避孕方式', CONTRA_METHODS),
      product: optText('药品/剂量', 100),
      startDate: dayIn('开始日期'),
      expectedEnd: optDay('预计失效日期'),
      reversalDate: optDay('恢复日期'),
      remark: optText('备注', 500),
    })
    .refine((v) => !v.expectedEnd || v.expectedEnd >= v.startDate, { message: '预计失效日期不能早于开始日期', path: ['expectedEnd'] })
    .refine((v) => !v.reversalDate || v.reversalDate >= v.startDate, { message: '恢复日期不能早于开始日期', path: ['reversalDate'] }),
  filters: z.object({ animalId: NumFilter, speciesId: NumFilter, method: NumFilter }),
  filterMode: 'entity',
});

// ---------------------------------------------------------------- calendar and the animal's reproduction

/** Calendar item kinds: oestrus observed, breeding event, expected birth window, birth, contraception expected end. */
export const CALENDAR_KINDS = ['oestrus', 'breeding', 'expected', 'birth', 'contraEnd'] as const;

export const CalendarItem = z.object({
  date: z.string(),
  /** Last day for a window (expected births); equal to `date` otherwise. */
  until: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  animalId: z.string(),
  animalName: z.string(),
  text: z.string(),
});
export type CalendarItem = z.output<typeof CalendarItem>;

const monthIn = z
  .string({ error: '请选择月份' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 yyyy-MM');

/** Paternity test methods: 1 microsatellite (STR) genotyping, 2 SNP panel, 3 other. */
export const PATERNITY_METHODS = [1, 2, 3] as const;

/** A paternity test of a cub: the candidates it was run against and the sire it confirmed ('' none of them). */
export const PaternityResult = z.object({
  id: z.string(),
  cubId: z.string(),
  cubName: z.string(),
  litterId: z.string(),
  testDate: z.string(),
  method: z.number(),
  lab: z.string(),
  candidateIds: z.array(z.string()),
  /** The outside candidates (studbook identities) it was run against. */
  candidateIdentityIds: z.array(z.string()),
  sireId: z.string(),
  /** The confirmed sire when he is an outside donor (studbook identity; '' otherwise). */
  sireIdentityId: z.string(),
  sireName: z.string(),
  remark: z.string(),
});
export type PaternityResult = z.output<typeof PaternityResult>;

export const PaternityIn = z
  .object({
    cubId: reqId('幼仔'),
    testDate: dayIn('鉴定日期'),
    method: dictInt('鉴定方法', PATERNITY_METHODS),
    lab: optText('检测机构', 100),
    /** The confirmed sire among the litter's candidates; empty when the test excluded them all. */
    sireId: optId('确认父本'),
    /** Or the confirmed sire is an outside donor among the litter's candidates, by studbook identity. */
    sireIdentityId: optId('确认父本(他园供体)'),
    remark: optText('备注', 500),
  })
  .refine((v) => !v.sireId || !v.sireIdentityId, { message: '确认父本只能选择一个', path: ['sireIdentityId'] });

/**
 * A candidate sire of a litter: the zoo's male (`id`), or an outside donor by studbook identity (`id` '', `outside`),
 * shown with his studbook number and holding zoo.
 */
export const PaternityCandidate = z.object({
  id: z.string(),
  identityId: z.string(),
  name: z.string(),
  outside: z.boolean(),
  studbookNo: z.string(),
  holderName: z.string(),
});
export type PaternityCandidate = z.output<typeof PaternityCandidate>;

export const breedingCubEndpoints = {
  paternity: endpoint({
    method: 'POST',
    path: '/zoo-breeding/litter/paternity',
    summary: '登记幼仔的亲子鉴定结果: 在候选父本中确认父本(或均被排除),同时设定幼仔的父本',
    access: { perm: 'breed_litter_edit' },
    body: PaternityIn,
    data: PaternityResult,
  }),
  paternityRemove: endpoint({
    method: 'POST',
    path: '/zoo-breeding/litter/paternity/remove',
    summary: '删除亲子鉴定结果: 幼仔的父本回到产仔时的候选(MULT)',
    access: { perm: 'breed_litter_edit' },
    body: z.object({ id: reqId('亲子鉴定') }),
    data: z.object({ id: z.string() }),
  }),
  paternityList: endpoint({
    method: 'GET',
    path: '/zoo-breeding/litter/paternity',
    summary: '一窝幼仔的亲子鉴定结果与候选父本',
    access: { perm: 'breed_litter' },
    query: z.object({ id: reqId('产仔记录') }),
    data: z.object({ candidates: z.array(PaternityCandidate), results: z.array(PaternityResult) }),
  }),
  calendar: endpoint({
    method: 'GET',
    path: '/zoo-breeding/calendar',
    summary: '繁殖日历: 某月的发情、配种、预产期、产仔与避孕到期',
    access: { perm: 'breed_calendar' },
    query: z.object({ month: monthIn, speciesId: optId('物种') }),
    data: z.object({ month: z.string(), items: z.array(CalendarItem) }),
  }),
  animal: endpoint({
    method: 'GET',
    path: '/zoo-breeding/animal',
    summary: '个体的繁殖记录: 发情、配种、妊娠、产仔、后代与避孕',
    access: { perm: 'breed_litter' },
    query: z.object({ animalId: reqId('个体') }),
    data: z.object({
      oestrus: z.array(z.object({ obsDate: z.string(), signs: z.array(z.number()), vulvaScore: NumOut, oestrogen: NumOut })),
      events: z.array(z.object({ id: z.string(), kind: z.number(), eventDate: z.string(), partner: z.string() })),
      pregnancies: z.array(
        z.object({ id: z.string(), checkDate: z.string(), method: z.number(), status: z.number(), expectedFrom: z.string(), expectedTo: z.string() }),
      ),
      litters: z.array(z.object({ id: z.string(), birthDate: z.string(), liveBorn: z.number(), stillborn: z.number(), rearing: z.number() })),
      offspring: z.array(z.object({ id: z.string(), localNo: z.string(), animalName: z.string(), sex: z.number(), birthDate: z.string(), status: z.number() })),
      contraception: z.array(z.object({ id: z.string(), method: z.number(), startDate: z.string(), expectedEnd: z.string(), reversalDate: z.string() })),
    }),
  }),
  growth: endpoint({
    method: 'GET',
    path: '/zoo-breeding/litter/growth',
    summary: '一窝幼仔的体重(兽医体重记录)、每日奶量与物种参考生长曲线',
    access: { perm: 'breed_litter' },
    query: z.object({ id: reqId('产仔记录') }),
    data: z.object({
      cubs: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          weights: z.array(z.object({ day: z.string(), grams: z.number() })),
          feeds: z.array(z.object({ day: z.string(), ml: z.number(), count: z.number() })),
          swaps: z.number(),
          /** The latest weighing is lower than the one before (a cub losing weight is the first alarm). */
          losing: z.boolean(),
          /** The latest weighing as a percentage of the species' reference curve at that age ('': no curve there). */
          percentOfCurve: NumOut,
          /** The latest weighing is below the zoo's fraction of the reference curve (`behindPercent`): falling behind. */
          behind: z.boolean(),
        }),
      ),
      /** The species' reference growth curve (参考生长曲线) over the cubs' weighed age, in grams by date. */
      curve: z.array(z.object({ day: z.string(), ageDays: z.number(), grams: z.number() })),
      /** The zoo's threshold (`zoo.breeding.cubBehindPercent.<zoo>`, default 80): below it a cub is behind the curve. */
      behindPercent: z.number(),
    }),
  }),
};

/** The zoo parameter: a cub whose latest weight is below this percentage of the species' reference curve is behind (default 80). */
export const cubBehindParamKey = (tenantId: string) => `zoo.breeding.cubBehindPercent.${tenantId}`;
