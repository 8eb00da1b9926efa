import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, optText, reqId, reqText } from '../fields';
import { dayIn } from './basic-log';

/**
 * Quarantine, necropsy and the health status at a date (decision 0038, second slice). Like every medical record,
 * list and detail need the menu's view button.
 */

const optDay = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), dayIn(label).optional());

// ---------------------------------------------------------------- quarantine

/** Quarantine days when neither the species nor the zoo has a parameter (the import quarantine of "other animals"). */
export const DEFAULT_QUARANTINE_DAYS = 30;
/** Parameter keys: the zoo's default `zoo.medical.quarantineDays.<zoo>`, a species' `….<zoo>.<speciesId>`. */
export const quarantineDaysParamKey = (tenantId: string, speciesId?: string) => `zoo.medical.quarantineDays.${tenantId}${speciesId ? `.${speciesId}` : ''}`;
/** Weight alert: a change above this % within this many days (parameters `zoo.medical.weightAlertPct.<zoo>`, `….weightAlertDays.<zoo>`). */
export const DEFAULT_WEIGHT_ALERT_PCT = 10;
export const DEFAULT_WEIGHT_ALERT_DAYS = 30;
export const weightAlertParamKey = (what: 'Pct' | 'Days', tenantId: string) => `zoo.medical.weightAlert${what}.${tenantId}`;
/** Cage type (dict cage_type) of a quarantine cage: 隔离检疫. */
export const QUARANTINE_CAGE_TYPE = 6;
/** 1 in quarantine, 2 released by a vet. */
export const QUARANTINE_STATES = [1, 2] as const;

export const MedQuarantineRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesName: z.string().meta({ title: '物种' }),
  cageId: z.string(),
  cageName: z.string().meta({ title: '隔离笼舍' }),
  /** The arrival (import or transfer in) that started it; '' when a vet opened it by hand. */
  stockLogId: z.string(),
  startDate: z.string().meta({ title: '开始日期' }),
  days: z.number().meta({ title: '隔离天数' }),
  endDate: z.string().meta({ title: '计划结束' }),
  quarantineStatus: z.number().meta({ title: '状态' }),
  releaseDate: z.string().meta({ title: '解除日期' }),
  releaseVetName: z.string().meta({ title: '解除兽医' }),
  findings: z.string().meta({ title: '检疫结论' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedQuarantineRecord = z.output<typeof MedQuarantineRecord>;

export const medQuarantine = defineCrud({
  name: 'vet_quarantine',
  base: '/zoo-medical/quarantine',
  title: '隔离检疫',
  record: MedQuarantineRecord,
  input: z.object({
    id: Id.optional(),
    animalId: reqId('动物'),
    startDate: dayIn('开始日期'),
    days: z.coerce.number({ error: '隔离天数必须是数字' }).int('隔离天数必须是整数').min(1, '隔离天数不能小于1').max(365, '隔离天数不能大于365').optional(),
    remark: optText('备注', 500),
  }),
  filters: z.object({
    animalId: NumFilter,
    quarantineStatus: NumFilter,
    startDate_datege: z.string().optional(),
    startDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: { list: { perm: 'vet_quarantine_view' }, detail: { perm: 'vet_quarantine_view' } },
});

// ---------------------------------------------------------------- necropsy

/** Carcass disposal: 1 incineration, 2 deep burial, 3 specimen (taxidermy, skeleton), 4 handed to an authority or institution, 5 other. */
export const DISPOSALS = [1, 2, 3, 4, 5] as const;

export const MedNecropsyRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesName: z.string().meta({ title: '物种' }),
  protectionClass: z.number().meta({ title: '保护级别' }),
  stockLogId: z.string(),
  deathDate: z.string().meta({ title: '死亡日期' }),
  necropsyDate: z.string().meta({ title: '剖检日期' }),
  prosector: z.string().meta({ title: '剖检人' }),
  findings: z.string().meta({ title: '剖检所见' }),
  causeOfDeath: z.string().meta({ title: '死亡原因' }),
  samples: z.string().meta({ title: '采集样本' }),
  disposal: z.number().meta({ title: '尸体处理' }),
  disposalDate: z.string().meta({ title: '处理日期' }),
  disposalRecord: z.string().meta({ title: '处理记录' }),
  authorityRef: z.string().meta({ title: '主管部门文号' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedNecropsyRecord = z.output<typeof MedNecropsyRecord>;

export const medNecropsy = defineCrud({
  name: 'vet_necropsy',
  base: '/zoo-medical/necropsy',
  title: '尸体剖检',
  record: MedNecropsyRecord,
  input: z.object({
    id: Id.optional(),
    /** The death movement (存栏变动 死亡登记) of an individual. */
    stockLogId: reqId('死亡登记'),
    necropsyDate: dayIn('剖检日期'),
    prosector: optText('剖检人', 50),
    findings: reqText('剖检所见', 2000),
    causeOfDeath: reqText('死亡原因', 500),
    samples: optText('采集样本', 1000),
    disposal: dictInt('尸体处理方式', DISPOSALS),
    disposalDate: optDay('处理日期'),
    disposalRecord: optText('处理记录', 500),
    authorityRef: optText('主管部门文号', 100),
    remark: optText('备注', 500),
  }),
  filters: z.object({
    animalId: NumFilter,
    disposal: NumFilter,
    necropsyDate_datege: z.string().optional(),
    necropsyDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: { list: { perm: 'vet_necropsy_view' }, detail: { perm: 'vet_necropsy_view' } },
});

// ---------------------------------------------------------------- endpoints beyond the CRUD

const StatusCase = z.object({ id: z.string(), openDate: z.string(), complaint: z.string(), diagnosis: z.string(), caseStatus: z.number() });
const StatusTreatment = z.object({
  id: z.string(),
  caseId: z.string(),
  drugName: z.string(),
  startDate: z.string(),
  durationDays: z.number(),
  doseMg: z.number(),
});
const StatusQuarantine = z.object({ id: z.string(), startDate: z.string(), endDate: z.string(), releaseDate: z.string() });

export const HealthStatus = z.object({
  animalId: z.string(),
  date: z.string(),
  openCases: z.array(StatusCase),
  ongoingTreatments: z.array(StatusTreatment),
  /** The quarantine the animal was in on that date; '' when none (the wire carries no nulls). */
  quarantine: z.union([StatusQuarantine, z.literal('')]),
});
export type HealthStatus = z.output<typeof HealthStatus>;

export const vetCareEndpoints = {
  release: endpoint({
    method: 'POST',
    path: '/zoo-medical/quarantine/release',
    summary: '兽医解除隔离检疫',
    access: { perm: 'vet_quarantine_release' },
    body: z.object({ id: reqId('隔离记录'), releaseDate: dayIn('解除日期'), findings: reqText('检疫结论', 1000) }),
    data: z.object({ id: z.string() }),
  }),
  healthStatus: endpoint({
    method: 'GET',
    path: '/zoo-medical/health/status',
    summary: '某动物在某日的健康状态 (未结病例、进行中的治疗、隔离检疫)',
    access: { perm: 'vet_case_view' },
    query: z.object({ animalId: reqId('动物'), date: dayIn('日期') }),
    data: HealthStatus,
  }),
};
