import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, NumOut, optId, optInt, optNumber, optText, reqId, reqText } from '../fields';
import { dayIn } from './basic-log';

/**
 * Reproduction, first slice (decision 0042): oestrus observations, breeding events (natural pairing and artificial
 * insemination) and the semen bank (基因资源库), under `/zoo-breeding/`. Pregnancy, litters, cub care and
 * contraception come in a later slice.
 */

/**
 * Oestrus behaviour signs are keys of the zoo's business dictionary `oestrus_sign` (the server checks them against
 * it). These are the keys the product seeds: 1 scent marking, 2 bleating, 3 reduced appetite, 4 restlessness /
 * pacing, 5 water play, 6 backward walking, 7 tail raising, 8 chirping, 9 lordosis; a zoo may add its own.
 */
export const OESTRUS_SIGNS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const OESTRUS_SIGN_DICT = 'oestrus_sign';
/** At most this many signs on one observation. */
export const MAX_SIGNS = 20;
/** Units of a hormone value: urinary values are normalised to creatinine (ng/mg Cr); serum in ng/mL, pg/mL, nmol/L. */
export const HORMONE_UNITS = ['ng/mg Cr', 'ng/mL', 'pg/mL', 'nmol/L'] as const;
/** Breeding event kinds: 1 natural pairing, 2 artificial insemination. */
export const BREED_KINDS = [1, 2] as const;
/** Pairing outcome: 1 copulation observed, 2 mounting without intromission, 3 aggression (separated), 4 no interest. */
export const PAIRING_OUTCOMES = [1, 2, 3, 4] as const;
/** AI methods: 1 intravaginal, 2 intracervical, 3 transcervical intrauterine, 4 laparoscopic intrauterine. */
export const AI_METHODS = [1, 2, 3, 4] as const;
/** Candidate sires per event (a MULT parentage names at most a few). */
export const MAX_SIRES = 5;

/**
 * The breeding age (years) the season board uses for a species that has none (the zoo's own, else the library's
 * species field `breedingAgeYears`, decision 0042).
 */
export const DEFAULT_BREEDING_AGE = 2;

const hhmm = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}格式应为 HH:mm`)
      .optional(),
  );
const hormoneUnit = (label: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? 'ng/mg Cr' : v), z.enum(HORMONE_UNITS, { error: `${label}单位不正确` }));
const idList = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? [] : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(Id, { error: `${label}格式不正确` }).max(max, `${label}最多${max}个`),
  );

// ---------------------------------------------------------------- oestrus

export const OestrusRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '雌性个体' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  obsDate: z.string().meta({ title: '观察日期' }),
  signs: z.array(z.number()).meta({ title: '发情行为' }),
  vulvaScore: NumOut.meta({ title: '外阴评分' }),
  oestrogen: NumOut.meta({ title: '尿雌激素' }),
  oestrogenUnit: z.string().meta({ title: '雌激素单位' }),
  progesterone: NumOut.meta({ title: '孕酮' }),
  progesteroneUnit: z.string().meta({ title: '孕酮单位' }),
  remark: z.string().meta({ title: '备注' }),
});
export type OestrusRecord = z.output<typeof OestrusRecord>;

export const breedOestrus = defineCrud({
  name: 'breed_oestrus',
  base: '/zoo-breeding/oestrus',
  title: '发情观察',
  record: OestrusRecord,
  input: z
    .object({
      id: Id.optional(),
      animalId: reqId('雌性个体'),
      obsDate: dayIn('观察日期'),
      signs: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? [] : v),
        z
          .array(z.number({ error: '发情行为取值不正确' }).int('发情行为取值不正确').min(1, '发情行为取值不正确').max(9999, '发情行为取值不正确'), {
            error: '发情行为格式不正确',
          })
          .max(MAX_SIGNS, `发情行为最多${MAX_SIGNS}项`),
      ),
      vulvaScore: optInt('外阴评分', 0, 4),
      oestrogen: optNumber('尿雌激素', 0, 1_000_000),
      oestrogenUnit: hormoneUnit('雌激素'),
      progesterone: optNumber('孕酮', 0, 1_000_000),
      progesteroneUnit: hormoneUnit('孕酮'),
      remark: optText('备注', 500),
    })
    .refine((v) => v.signs.length > 0 || v.vulvaScore != null || v.oestrogen != null || v.progesterone != null, {
      message: '请至少填写一项发情行为、外阴评分或激素值',
      path: ['signs'],
    }),
  filters: z.object({ animalId: NumFilter, speciesId: NumFilter }),
  params: z.object({ year: optInt('年度', 1900, 2999) }),
  filterMode: 'entity',
});

// ---------------------------------------------------------------- semen bank

export const SemenRecord = z.object({
  ...TenantRecord,
  sampleNo: z.string().meta({ title: '样本编号' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  donorAnimalId: z.string(),
  donorName: z.string().meta({ title: '供体' }),
  donorStudbookNo: z.string().meta({ title: '供体谱系号' }),
  /** A donor held by another zoo, by his studbook identity ('' when none). */
  donorIdentityId: z.string(),
  collectDate: z.string().meta({ title: '采集日期' }),
  collectPlace: z.string().meta({ title: '采集地点' }),
  straws: z.number().meta({ title: '剩余支数' }),
  tank: z.string().meta({ title: '液氮罐' }),
  position: z.string().meta({ title: '位置' }),
  motility: NumOut.meta({ title: '活力(%)' }),
  transferDate: z.string().meta({ title: '转出日期' }),
  transferTo: z.string().meta({ title: '转出至' }),
  remark: z.string().meta({ title: '备注' }),
});
export type SemenRecord = z.output<typeof SemenRecord>;

export const breedSemen = defineCrud({
  name: 'breed_semen',
  base: '/zoo-breeding/semen',
  title: '基因资源库',
  record: SemenRecord,
  input: z
    .object({
      id: Id.optional(),
      sampleNo: reqText('样本编号', 50),
      speciesId: reqId('物种'),
      donorAnimalId: optId('供体个体'),
      donorName: optText('供体名称', 100),
      donorStudbookNo: optText('供体谱系号', 50),
      donorIdentityId: optId('他园供体'),
      collectDate: dayIn('采集日期'),
      collectPlace: optText('采集地点', 100),
      straws: optInt('剩余支数', 0, 100_000).transform((n) => n ?? 0),
      tank: optText('液氮罐', 50),
      position: optText('位置', 50),
      motility: optInt('活力', 0, 100),
      transferDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), dayIn('转出日期').optional()),
      transferTo: optText('转出至', 100),
      remark: optText('备注', 500),
    })
    .refine((v) => v.donorAnimalId || v.donorIdentityId || v.donorName, { message: '请选择供体个体或填写供体名称', path: ['donorName'] })
    .refine((v) => !v.donorAnimalId || !v.donorIdentityId, { message: '本园供体与他园供体只能选择一个', path: ['donorIdentityId'] })
    .refine((v) => !v.transferDate === !v.transferTo, { message: '转出日期和转出至需同时填写', path: ['transferTo'] }),
  filters: z.object({ speciesId: NumFilter, sampleNo: z.string().optional(), tank: z.string().optional() }),
});

// ---------------------------------------------------------------- breeding events

export const BreedEventRecord = z.object({
  ...TenantRecord,
  femaleId: z.string(),
  femaleName: z.string().meta({ title: '雌性个体' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  kind: z.number().meta({ title: '类型' }),
  eventDate: z.string().meta({ title: '日期' }),
  sireIds: z.array(z.string()),
  sireNames: z.string().meta({ title: '候选父本' }),
  startTime: z.string().meta({ title: '开始时间' }),
  endTime: z.string().meta({ title: '结束时间' }),
  copulations: NumOut.meta({ title: '交配次数' }),
  outcome: NumOut.meta({ title: '结果' }),
  semenId: z.string(),
  semenNo: z.string().meta({ title: '精液样本' }),
  /** An AI's donor held by another zoo, by studbook identity ('' when none). */
  donorIdentityId: z.string(),
  method: NumOut.meta({ title: '输精方式' }),
  straws: NumOut.meta({ title: '用量(支)' }),
  doseMl: NumOut.meta({ title: '剂量(mL)' }),
  motility: NumOut.meta({ title: '活力(%)' }),
  remark: z.string().meta({ title: '备注' }),
});
export type BreedEventRecord = z.output<typeof BreedEventRecord>;

export const breedEvent = defineCrud({
  name: 'breed_event',
  base: '/zoo-breeding/event',
  title: '配种记录',
  record: BreedEventRecord,
  input: z
    .object({
      id: Id.optional(),
      femaleId: reqId('雌性个体'),
      kind: dictInt('配种类型', BREED_KINDS),
      eventDate: dayIn('配种日期'),
      sireIds: idList('候选父本', MAX_SIRES),
      startTime: hhmm('开始时间'),
      endTime: hhmm('结束时间'),
      copulations: optInt('交配次数', 0, 1000),
      outcome: z.preprocess((v) => (v === '' || v === null ? undefined : v), dictInt('配对结果', PAIRING_OUTCOMES).optional()),
      semenId: optId('精液样本'),
      donorIdentityId: optId('他园供体'),
      method: z.preprocess((v) => (v === '' || v === null ? undefined : v), dictInt('输精方式', AI_METHODS).optional()),
      straws: optInt('用量', 1, 100),
      doseMl: optNumber('剂量', 0, 1000),
      motility: optInt('活力', 0, 100),
      remark: optText('备注', 500),
      /** The curator read the contraception warning and breeds her anyway (not stored: the audit trail keeps the call). */
      confirmContraception: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()).optional(),
    })
    .refine((v) => v.kind !== 1 || v.sireIds.length > 0, { message: '自然配对请选择雄性个体', path: ['sireIds'] })
    .refine((v) => v.kind !== 1 || !v.semenId, { message: '自然配对不能选择精液样本', path: ['semenId'] })
    .refine((v) => v.kind !== 2 || v.sireIds.length > 0 || v.semenId || v.donorIdentityId, { message: '人工授精请选择供体个体或精液样本', path: ['semenId'] })
    .refine((v) => v.kind !== 1 || !v.donorIdentityId, { message: '自然配对不能选择他园供体', path: ['donorIdentityId'] })
    .refine((v) => v.kind !== 2 || v.method != null, { message: '请选择输精方式', path: ['method'] })
    .refine((v) => !v.semenId || v.straws != null, { message: '使用精液样本时请填写用量(支)', path: ['straws'] })
    .refine((v) => !v.startTime || !v.endTime || v.endTime >= v.startTime, { message: '结束时间不能早于开始时间', path: ['endTime'] }),
  filters: z.object({ femaleId: NumFilter, speciesId: NumFilter, kind: NumFilter, semenId: NumFilter }),
  params: z.object({ year: optInt('年度', 1900, 2999) }),
  filterMode: 'entity',
});

// ---------------------------------------------------------------- season board

export const SeasonFemale = z.object({
  animalId: z.string(),
  animalName: z.string(),
  birthDate: z.string(),
  /** The latest observation of the year; "" (the envelope's null) when she was not observed. */
  latestOestrus: z.union([
    z.object({ obsDate: z.string(), signs: z.array(z.number()), vulvaScore: NumOut, oestrogen: NumOut, oestrogenUnit: z.string(), progesterone: NumOut }),
    z.literal(''),
  ]),
  observedInOestrus: z.boolean(),
  events: z.array(z.object({ id: z.string(), kind: z.number(), eventDate: z.string(), sireNames: z.string(), semenNo: z.string(), outcome: NumOut })),
  /** Her latest pregnancy diagnosis of the year with the expected birth window; "" when none. */
  pregnancy: z.union([z.object({ status: z.number(), checkDate: z.string(), expectedFrom: z.string(), expectedTo: z.string() }), z.literal('')]),
  /** Contraception in force today (hers); "" when none. */
  contraception: z.union([z.object({ method: z.number(), startDate: z.string(), expectedEnd: z.string() }), z.literal('')]),
  /** Warnings for the curator (contracepted female or candidate male, a used sire under contraception). */
  warnings: z.array(z.string()),
  /** Studbook advice: the species' living males ranked by offspring F (kinship of the pair), then the male's MK. */
  recommended: z.array(
    z.object({ animalId: z.string(), animalName: z.string(), kinship: z.number(), mk: NumOut, used: z.boolean(), contracepted: z.boolean() }),
  ),
  cubsBorn: z.number(),
});
export type SeasonFemale = z.output<typeof SeasonFemale>;

export const SeasonBoard = z.object({
  speciesId: z.string(),
  speciesName: z.string(),
  year: z.number(),
  breedingAge: z.number(),
  females: z.array(SeasonFemale),
  summary: z.object({
    females: z.number(),
    observedInOestrus: z.number(),
    bred: z.number(),
    naturalPairings: z.number(),
    inseminations: z.number(),
    pregnant: z.number(),
    cubsBorn: z.number(),
    /** Cubs of the year's litters alive 30 days after birth (in stock or moved on alive), once 30 days have passed. */
    surviving30: z.number(),
  }),
});
export type SeasonBoard = z.output<typeof SeasonBoard>;

/**
 * An outside donor's studbook card: a male held by another zoo, registered in his species' studbook (the number,
 * his name and the holding zoo — what a semen exchange's papers name).
 */
export const DonorCard = z.object({
  identityId: z.string(),
  studbookNo: z.string(),
  animalName: z.string(),
  holderName: z.string(),
});
export type DonorCard = z.output<typeof DonorCard>;

export const breedingEndpoints = {
  donors: endpoint({
    method: 'GET',
    path: '/zoo-breeding/donors',
    summary: '他园供体: 某物种在谱系中登记的、由其他园区饲养的雄性(谱系号、名称、饲养园区)',
    access: { perm: 'breed_semen' },
    query: z.object({ speciesId: reqId('物种') }),
    data: z.array(DonorCard),
  }),
  season: endpoint({
    method: 'GET',
    path: '/zoo-breeding/season',
    summary: '繁殖季看板: 某物种某年度的适龄雌性、发情与配种',
    access: { perm: 'breed_season' },
    query: z.object({
      speciesId: reqId('物种'),
      year: z.preprocess(
        (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
        z.number({ error: '请选择年度' }).int('年度必须是整数').min(1900, '年度不能小于1900').max(2999, '年度不能大于2999'),
      ),
    }),
    data: SeasonBoard,
  }),
  hormoneSeries: endpoint({
    method: 'GET',
    path: '/zoo-breeding/oestrus/series',
    summary: '某雌性某年度的激素曲线与峰值',
    access: { perm: 'breed_oestrus' },
    query: z.object({ animalId: reqId('雌性个体'), year: optInt('年度', 1900, 2999) }),
    data: z.object({
      animalId: z.string(),
      animalName: z.string(),
      points: z.array(z.object({ obsDate: z.string(), oestrogen: NumOut, progesterone: NumOut, oestrogenUnit: z.string(), progesteroneUnit: z.string() })),
      /** The observation with the highest oestrogen (the peak a curator times pairing by); "" when none has a value. */
      peak: z.union([z.object({ obsDate: z.string(), oestrogen: z.number(), unit: z.string() }), z.literal('')]),
    }),
  }),
};
