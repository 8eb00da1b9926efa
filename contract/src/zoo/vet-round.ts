import { z } from 'zod';
import { Id, NumFilter, Page, PageQuery, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, NumOut, optId, optText, reqId } from '../fields';
import { ImportIssue } from '../spreadsheet';
import { dayIn } from './basic-log';
import { decimal, MED_ROUTES } from './vet';
import { DOSE_RATE_PLACES, WEIGHT_KG_PLACES } from './vet-dose';

/**
 * Veterinary care, third slice (decision 0038): an animal's merged timeline, the vet's home, administrations
 * ticked on rounds, population (group) treatments and species reference weights.
 */

// ---------------------------------------------------------------- the merged timeline

/**
 * What a timeline entry is: the medical records (case, treatment, administration, anaesthesia, lab, vaccination,
 * weight, quarantine, necropsy, group treatment of its population is not an animal's) and the rest of the
 * animal's file (keeper log, stock movement, audit of the animal row).
 */
export const TIMELINE_KINDS = [
  'case',
  'treatment',
  'administration',
  'anaesthesia',
  'lab',
  'vaccination',
  'weight',
  'quarantine',
  'necropsy',
  'log',
  'movement',
  'audit',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TimelineEntry = z.object({
  kind: z.enum(TIMELINE_KINDS),
  /** The record's id (the audit row's for `audit`). */
  id: z.string(),
  /** `yyyy-MM-dd HH:mm:ss`; records kept by day carry 00:00:00. */
  at: z.string(),
  /** A short line: what happened (drug and dose, test and value, movement type…). */
  title: z.string(),
  /** A second line: findings, diagnosis, remark; '' when none. */
  detail: z.string(),
  /** 1 when the entry deserves attention (out of range, abnormal health mark, weight out of range…). */
  flag: z.number(),
  /**
   * For `audit`: whose change it is — `animal` (the animal record) or the kind of the medical record changed or
   * removed (`case`, `treatment`, `lab`…); '' for other entries.
   */
  subject: z.string(),
});
export type TimelineEntry = z.output<typeof TimelineEntry>;

// ---------------------------------------------------------------- the vet's home

export const VetHome = z.object({
  today: z.string(),
  openCases: z.array(
    z.object({ id: z.string(), animalId: z.string(), animalName: z.string(), openDate: z.string(), complaint: z.string(), caseStatus: z.number() }),
  ),
  /** Latest dose of each animal and product whose next dose falls due within 30 days or is overdue (days < 0). */
  vaccinationsDue: z.array(
    z.object({ id: z.string(), animalId: z.string(), animalName: z.string(), product: z.string(), nextDue: z.string(), days: z.number() }),
  ),
  /** Quarantines in force whose planned end is within 7 days (or past, waiting for the release). */
  quarantinesEnding: z.array(z.object({ id: z.string(), animalId: z.string(), animalName: z.string(), endDate: z.string(), days: z.number() })),
  /** Weighings of the last 30 days whose change crossed the alert threshold. */
  weightAlerts: z.array(
    z.object({ id: z.string(), animalId: z.string(), animalName: z.string(), weighDate: z.string(), weightKg: z.number(), changePct: z.number() }),
  ),
  /** Keeper logs of the last 14 days marked "abnormal" (health 3) that no case was opened from yet. */
  keeperAlerts: z.array(
    z.object({ id: z.string(), animalId: z.string(), animalName: z.string(), logDate: z.string(), keeperName: z.string(), remark: z.string() }),
  ),
});
export type VetHome = z.output<typeof VetHome>;

/** How far ahead the home looks: vaccinations due within 30 days, quarantines ending within 7, keeper alerts of 14. */
export const HOME_VACCINATION_DAYS = 30;
export const HOME_QUARANTINE_DAYS = 7;
export const HOME_KEEPER_ALERT_DAYS = 14;

// ---------------------------------------------------------------- administrations

/** 1 given, 2 missed, 3 refused (by the animal). */
export const ADMIN_STATES = [1, 2, 3] as const;

export const MedAdministrationRecord = z.object({
  ...TenantRecord,
  treatmentId: z.string(),
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  drugName: z.string().meta({ title: '药品' }),
  dueDate: z.string().meta({ title: '日期' }),
  slot: z.number().meta({ title: '次序' }),
  adminStatus: z.number().meta({ title: '执行情况' }),
  givenTime: z.string().meta({ title: '时间' }),
  executorName: z.string().meta({ title: '执行人' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedAdministrationRecord = z.output<typeof MedAdministrationRecord>;

export const medAdministration = defineCrud({
  name: 'vet_administration',
  base: '/zoo-medical/administration',
  title: '给药执行',
  record: MedAdministrationRecord,
  input: z.object({
    id: Id.optional(),
    treatmentId: reqId('处方'),
    dueDate: dayIn('日期'),
    slot: z.coerce.number({ error: '次序必须是数字' }).int('次序必须是整数').min(1, '次序不能小于1').max(24, '次序不能大于24'),
    adminStatus: dictInt('执行情况', ADMIN_STATES),
    givenTime: z
      .string()
      .trim()
      .regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm')
      .optional(),
    remark: optText('备注', 500),
  }),
  filters: z.object({
    treatmentId: NumFilter,
    animalId: NumFilter,
    adminStatus: NumFilter,
    dueDate_datege: z.string().optional(),
    dueDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: { list: { perm: 'vet_administration_view' }, detail: { perm: 'vet_administration_view' } },
});

/** One scheduled administration of a day: a running treatment × its frequency; `adminStatus` 0 until ticked. */
export const RoundDose = z.object({
  treatmentId: z.string(),
  animalId: z.string(),
  animalName: z.string(),
  cageName: z.string(),
  drugName: z.string(),
  doseMg: z.number(),
  amount: NumOut,
  concentrationUnit: z.number(),
  route: z.number(),
  slot: z.number(),
  frequency: z.number(),
  administrationId: z.string(),
  adminStatus: z.number(),
  givenTime: z.string(),
});
export type RoundDose = z.output<typeof RoundDose>;

// ---------------------------------------------------------------- group treatments

export const MedGroupTreatmentRecord = z.object({
  ...TenantRecord,
  populationId: z.string(),
  populationName: z.string().meta({ title: '种群' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  drugId: z.string(),
  drugName: z.string().meta({ title: '药品' }),
  treatDate: z.string().meta({ title: '日期' }),
  countTreated: z.number().meta({ title: '治疗数量' }),
  route: z.number().meta({ title: '给药途径' }),
  /** The dose by weight ('' on rows dosed as text only, written before it existed). */
  doseMgKg: NumOut.meta({ title: '剂量(mg/kg)' }),
  headWeightKg: NumOut.meta({ title: '每头平均体重(kg)' }),
  doseMg: NumOut.meta({ title: '每头剂量(mg)' }),
  amount: NumOut.meta({ title: '每头用量' }),
  totalMg: NumOut.meta({ title: '总剂量(mg)' }),
  totalAmount: NumOut.meta({ title: '总用量' }),
  concentration: NumOut.meta({ title: '浓度' }),
  concentrationUnit: NumOut,
  outOfRange: z.number().meta({ title: '超范围' }),
  doseText: z.string().meta({ title: '剂量说明' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedGroupTreatmentRecord = z.output<typeof MedGroupTreatmentRecord>;

export const medGroupTreatment = defineCrud({
  name: 'vet_group_treatment',
  base: '/zoo-medical/group-treatment',
  title: '群体治疗',
  record: MedGroupTreatmentRecord,
  input: z.object({
    id: Id.optional(),
    populationId: reqId('种群'),
    drugId: reqId('药品'),
    treatDate: dayIn('日期'),
    countTreated: z.coerce.number({ error: '治疗数量必须是数字' }).int('治疗数量必须是整数').min(1, '治疗数量不能小于1').max(1_000_000, '治疗数量过大'),
    route: dictInt('给药途径', MED_ROUTES),
    /**
     * Dosed by weight: mg/kg and the mean weight per head (kg), computed into mg and amount per head and for the
     * heads treated as a prescription is; a rate outside the formulary's range needs `confirmOutOfRange`. Without a
     * rate the dose is the text (rows of before migration 0046 have only that).
     */
    doseMgKg: decimal('剂量', 0.0001, 100_000, DOSE_RATE_PLACES).optional(),
    headWeightKg: decimal('每头平均体重', 0.0001, 20_000_000, WEIGHT_KG_PLACES).optional(),
    confirmOutOfRange: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).default(false),
    doseText: optText('剂量说明', 200),
    remark: optText('备注', 500),
  }),
  filters: z.object({ populationId: NumFilter, drugId: NumFilter, treatDate_datege: z.string().optional(), treatDate_datele: z.string().optional() }),
  filterMode: 'entity',
  access: { list: { perm: 'vet_group_treatment_view' }, detail: { perm: 'vet_group_treatment_view' } },
});

// ---------------------------------------------------------------- species reference weights

export const MedWeightRefRecord = z.object({
  ...TenantRecord,
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  ageDays: z.number().meta({ title: '日龄' }),
  weightKg: z.number().meta({ title: '参考体重(kg)' }),
  source: z.string().meta({ title: '来源' }),
});
export type MedWeightRefRecord = z.output<typeof MedWeightRefRecord>;

export const medWeightRef = defineCrud({
  name: 'vet_weight_ref',
  base: '/zoo-medical/weight-ref',
  title: '参考生长曲线',
  record: MedWeightRefRecord,
  input: z.object({
    id: Id.optional(),
    speciesId: reqId('物种'),
    ageDays: z.coerce.number({ error: '日龄必须是数字' }).int('日龄必须是整数').min(0, '日龄不能小于0').max(36_500, '日龄不能大于36500'),
    weightKg: z.coerce.number({ error: '参考体重必须是数字' }).positive('参考体重必须大于0').max(100_000, '参考体重过大'),
    source: optText('来源', 200),
  }),
  filters: z.object({ speciesId: NumFilter }),
  filterMode: 'entity',
  access: { list: { perm: 'vet_weight_ref_view' }, detail: { perm: 'vet_weight_ref_view' } },
});

/** What a reference-curve import did: the rows written, and each refused row with its reason (nothing written then). */
export const WeightRefImportResult = z.object({
  total: z.number(),
  created: z.number(),
  updated: z.number(),
  rejected: z.array(ImportIssue),
});
export type WeightRefImportResult = z.output<typeof WeightRefImportResult>;

/** The columns of a reference-curve spreadsheet (import, export and template), by header. */
export const WEIGHT_REF_COLUMNS = [
  { key: 'ageDays', header: '日龄(天)' },
  { key: 'weightKg', header: '参考体重(kg)' },
  { key: 'source', header: '来源' },
] as const;

/** What a laboratory results import did: the results written, and each refused row with its reason. */
export const LabImportResult = z.object({ total: z.number(), created: z.number(), rejected: z.array(ImportIssue) });
export type LabImportResult = z.output<typeof LabImportResult>;

/**
 * The columns of a laboratory results spreadsheet (a batch from a laboratory), by header: the animal by its local
 * number; the sample type by its name (全血, 血清/血浆, 尿液, 粪便, 拭子, 组织, 其他) or code.
 */
export const LAB_IMPORT_COLUMNS = [
  { key: 'localNo', header: '本园编号' },
  { key: 'sampleDate', header: '采样日期' },
  { key: 'sampleType', header: '样本类型' },
  { key: 'testName', header: '检测项目' },
  { key: 'value', header: '结果' },
  { key: 'textValue', header: '文字结果' },
  { key: 'unit', header: '单位' },
  { key: 'refLow', header: '参考下限' },
  { key: 'refHigh', header: '参考上限' },
  { key: 'laboratory', header: '检测机构' },
  { key: 'remark', header: '备注' },
] as const;

// ---------------------------------------------------------------- endpoints beyond the CRUD

export const vetRoundEndpoints = {
  timeline: endpoint({
    method: 'GET',
    path: '/zoo-medical/timeline',
    summary: '某动物的医疗时间线 (医疗记录、饲养日志、存栏变动、变更记录合并, 按时间倒序分页)',
    access: { perm: 'vet_case_view' },
    query: PageQuery.pick({ current: true, size: true }).extend({ animalId: reqId('动物') }),
    data: Page(TimelineEntry),
  }),
  home: endpoint({
    method: 'GET',
    path: '/zoo-medical/home',
    summary: '兽医工作台: 未结病例、到期疫苗、即将结束的隔离、体重告警、饲养员健康异常报告',
    access: { perm: 'vet_case_view' },
    data: VetHome,
  }),
  round: endpoint({
    method: 'GET',
    path: '/zoo-medical/administration/round',
    summary: '某日应执行的给药 (进行中的处方 × 每日次数) 及其执行情况',
    access: { perm: 'vet_administration_view' },
    query: z.object({ date: dayIn('日期').optional() }),
    data: z.object({ day: z.string(), doses: z.array(RoundDose) }),
  }),
  weightRefImport: endpoint({
    method: 'POST',
    path: '/zoo-medical/weight-ref/import',
    summary: '导入某物种的参考生长曲线 (xlsx: 日龄、参考体重、来源; 一个事务, 有错误行则不写入)',
    access: { perm: 'vet_weight_ref_add' },
    query: z.object({ speciesId: reqId('物种') }),
    data: WeightRefImportResult,
  }),
  weightRefExport: endpoint({
    method: 'GET',
    path: '/zoo-medical/weight-ref/export',
    summary: '导出某物种的参考生长曲线 (xlsx; 不指定物种时为空白导入模板)',
    access: { perm: 'vet_weight_ref_view' },
    download: true,
    raw: true,
    query: z.object({ 'Blade-Auth': z.string().optional(), speciesId: optId('物种') }),
    data: z.unknown(),
  }),
  labImport: endpoint({
    method: 'POST',
    path: '/zoo-medical/lab/import',
    summary: '导入检验结果 (xlsx, 一批化验单; 每行按检验结果的规则校验, 一个事务)',
    access: { perm: 'vet_lab_add' },
    data: LabImportResult,
  }),
  labTemplate: endpoint({
    method: 'GET',
    path: '/zoo-medical/lab/import-template',
    summary: '检验结果导入模板 (xlsx)',
    access: { perm: 'vet_lab_add' },
    download: true,
    raw: true,
    query: z.object({ 'Blade-Auth': z.string().optional() }),
    data: z.unknown(),
  }),
  weightRefCurve: endpoint({
    method: 'GET',
    path: '/zoo-medical/weight-ref/curve',
    summary: '某动物所属物种的参考生长曲线 (按出生日期换算成日期)',
    access: { perm: 'vet_weight_view' },
    query: z.object({ animalId: reqId('动物') }),
    data: z.object({ birthDate: z.string(), points: z.array(z.object({ day: z.string(), ageDays: z.number(), weightKg: z.number() })) }),
  }),
};
