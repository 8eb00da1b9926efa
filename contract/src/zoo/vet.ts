import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import type { Permission } from '../menus';
import { dictInt, NumOut, optId, optInt, optNumber, optText, reqId, reqText } from '../fields';
import { dayIn } from './basic-log';
import { CONCENTRATION_PLACES, CONCENTRATION_UNITS, DOSE_RATE_PLACES, hasPlaces, WEIGHT_KG_PLACES } from './vet-dose';

/**
 * Veterinary care (decision 0038): the formulary, weights, medical cases (病例) and their treatments dosed by weight.
 * Everything lives under `/zoo-medical/`. Medical records are read by the roles holding the medical menus only:
 * list and detail need the `<menu>_view` button.
 */

/** Drug forms: 1 injection, 2 oral liquid, 3 tablet/capsule, 4 topical, 5 other. */
export const DRUG_FORMS = [1, 2, 3, 4, 5] as const;
/** Administration routes: 1 IM, 2 IV, 3 SC, 4 PO, 5 topical, 6 dart (remote IM), 7 other. */
export const MED_ROUTES = [1, 2, 3, 4, 5, 6, 7] as const;
/** Weighing methods: 1 scale, 2 estimate, 3 tape / formula. */
export const WEIGH_METHODS = [1, 2, 3] as const;
/** Case status: 1 open, 2 monitoring, 3 closed. */
export const CASE_STATES = [1, 2, 3] as const;
/** Case outcome: 1 recovered, 2 improved, 3 chronic/managed, 4 died, 5 euthanised. */
export const CASE_OUTCOMES = [1, 2, 3, 4, 5] as const;
/** Units a weight is entered in. */
export const WEIGHT_UNITS = ['kg', 'g'] as const;

/** List and detail need the menu's view button: medical records are not for every signed-in user. */
const viewOnly = <P extends Permission>(perm: P) => ({ list: { perm }, detail: { perm } });

/** A decimal with at most `places` decimals (what the dose arithmetic computes exactly). */
export const decimal = (label: string, min: number, max: number, places: number) =>
  optNumber(label, min, max).refine((n) => n === null || n === undefined || hasPlaces(n, places), `${label}最多${places}位小数`);
/** A required decimal: missing, "" and null all read "please enter" (an optional schema would let a missing key through). */
const reqDecimal = (label: string, min: number, max: number, places: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .min(min, `${label}不能小于${min}`)
      .max(max, `${label}不能大于${max}`)
      .refine((n) => hasPlaces(n, places), `${label}最多${places}位小数`),
  );

// ---------------------------------------------------------------- formulary

/**
 * A drug's own dose range for a species or a taxon (class, order, family, genus), overriding its default range:
 * the animal's species first, else its nearest taxon that has one (ZIMS for Medical's taxon-specific dosing).
 */
export const TaxonRangeIn = z
  .object({
    speciesId: optId('物种'),
    taxonomyId: optId('分类阶元'),
    doseMin: decimal('物种最小剂量', 0, 100_000, DOSE_RATE_PLACES),
    doseMax: decimal('物种最大剂量', 0, 100_000, DOSE_RATE_PLACES),
  })
  .refine((r) => Boolean(r.speciesId) !== Boolean(r.taxonomyId), { message: '物种剂量范围须选择一个物种或一个分类阶元', path: ['speciesId'] })
  .refine((r) => r.doseMin != null || r.doseMax != null, { message: '物种剂量范围须填写最小或最大剂量', path: ['doseMin'] })
  .refine((r) => r.doseMin == null || r.doseMax == null || r.doseMin <= r.doseMax, { message: '物种最小剂量不能大于最大剂量', path: ['doseMax'] });
export const TaxonRange = z.object({ speciesId: z.string(), taxonomyId: z.string(), name: z.string(), doseMin: NumOut, doseMax: NumOut });
export type TaxonRange = z.output<typeof TaxonRange>;

export const MedDrugRecord = z.object({
  ...TenantRecord,
  drugName: z.string().meta({ title: '药品名称' }),
  genericName: z.string().meta({ title: '通用名' }),
  form: z.number().meta({ title: '剂型' }),
  concentration: NumOut.meta({ title: '浓度' }),
  concentrationUnit: z.number().meta({ title: '浓度单位' }),
  doseMin: NumOut.meta({ title: '最小剂量(mg/kg)' }),
  doseMax: NumOut.meta({ title: '最大剂量(mg/kg)' }),
  maxDoseMg: NumOut.meta({ title: '单次上限(mg)' }),
  routes: z.string().meta({ title: '给药途径' }),
  withdrawal: z.string().meta({ title: '休药期及注意事项' }),
  remark: z.string().meta({ title: '备注' }),
  taxonRanges: z.array(TaxonRange).meta({ title: '物种剂量范围' }),
});
export type MedDrugRecord = z.output<typeof MedDrugRecord>;

export const medDrug = defineCrud({
  name: 'vet_drug',
  base: '/zoo-medical/drug',
  title: '药品目录',
  record: MedDrugRecord,
  input: z
    .object({
      id: Id.optional(),
      drugName: reqText('药品名称', 100),
      genericName: optText('通用名', 100),
      form: dictInt('剂型', DRUG_FORMS),
      concentration: decimal('浓度', 0.0001, 1_000_000, CONCENTRATION_PLACES),
      concentrationUnit: dictInt('浓度单位', CONCENTRATION_UNITS).default(1),
      doseMin: decimal('最小剂量', 0, 100_000, DOSE_RATE_PLACES),
      doseMax: decimal('最大剂量', 0, 100_000, DOSE_RATE_PLACES),
      maxDoseMg: decimal('单次上限', 0, 10_000_000, 2),
      routes: optText('给药途径', 100),
      withdrawal: optText('休药期及注意事项', 500),
      remark: optText('备注', 500),
      taxonRanges: z.array(TaxonRangeIn).max(50, '物种剂量范围最多50条').default([]),
    })
    .refine((d) => d.doseMin == null || d.doseMax == null || d.doseMin <= d.doseMax, { message: '最小剂量不能大于最大剂量', path: ['doseMax'] }),
  filters: z.object({ drugName: z.string().optional(), form: NumFilter }),
  access: viewOnly('vet_drug_view'),
});

// ---------------------------------------------------------------- weights

export const MedWeightRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesName: z.string().meta({ title: '物种' }),
  weighDate: z.string().meta({ title: '称重日期' }),
  weightKg: z.number().meta({ title: '体重(kg)' }),
  /** The unit the weight was entered in (kg or g); `weightKg` is always kg. */
  unit: z.string().meta({ title: '录入单位' }),
  method: z.number().meta({ title: '称重方式' }),
  bodyCondition: NumOut.meta({ title: '体况评分' }),
  remark: z.string().meta({ title: '备注' }),
  /** Change in % against the earliest weighing of the window before this one (0.1 %, half up); '' without one. */
  changePct: NumOut.meta({ title: '变化(%)' }),
  /** 1 when the change exceeds the zoo's threshold (default 10 % in 30 days). */
  alert: z.number().meta({ title: '体重预警' }),
});
export type MedWeightRecord = z.output<typeof MedWeightRecord>;

export const medWeight = defineCrud({
  name: 'vet_weight',
  base: '/zoo-medical/weight',
  title: '体重记录',
  record: MedWeightRecord,
  input: z.object({
    id: Id.optional(),
    animalId: reqId('动物'),
    weighDate: dayIn('称重日期'),
    weight: reqDecimal('体重', 0.001, 20_000_000, WEIGHT_KG_PLACES),
    unit: z.preprocess((v) => (v === '' || v === null || v === undefined ? 'kg' : v), z.enum(WEIGHT_UNITS, { error: '体重单位应为 kg 或 g' })),
    method: dictInt('称重方式', WEIGH_METHODS).default(1),
    bodyCondition: optInt('体况评分', 1, 9),
    remark: optText('备注', 500),
  }),
  filters: z.object({
    animalId: NumFilter,
    weighDate_datege: z.string().optional(),
    weighDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: viewOnly('vet_weight_view'),
});

export const WeightPoint = z.object({ weighDate: z.string(), weightKg: z.number(), method: z.number(), bodyCondition: NumOut });

// ---------------------------------------------------------------- cases

export const MedCaseRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  openDate: z.string().meta({ title: '开始日期' }),
  vetId: z.string(),
  vetName: z.string().meta({ title: '兽医' }),
  complaint: z.string().meta({ title: '主诉' }),
  temperature: NumOut.meta({ title: '体温(°C)' }),
  heartRate: NumOut.meta({ title: '心率(次/分)' }),
  respRate: NumOut.meta({ title: '呼吸(次/分)' }),
  bodyCondition: NumOut.meta({ title: '体况评分' }),
  findings: z.string().meta({ title: '检查所见' }),
  diagnosis: z.string().meta({ title: '诊断' }),
  caseStatus: z.number().meta({ title: '状态' }),
  closeDate: z.string().meta({ title: '结案日期' }),
  outcome: NumOut.meta({ title: '转归' }),
  outcomeNote: z.string().meta({ title: '转归说明' }),
  treatmentCount: z.number().meta({ title: '处方数' }),
  /** The keeper log (health "abnormal") the case was opened from; '' when opened directly. */
  basicLogId: z.string(),
});
export type MedCaseRecord = z.output<typeof MedCaseRecord>;

const optDay = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), dayIn(label).optional());

export const medCase = defineCrud({
  name: 'vet_case',
  base: '/zoo-medical/case',
  title: '病例',
  record: MedCaseRecord,
  input: z
    .object({
      id: Id.optional(),
      animalId: reqId('动物'),
      openDate: dayIn('开始日期'),
      complaint: reqText('主诉', 500),
      temperature: decimal('体温', 20, 50, 1),
      heartRate: optInt('心率', 1, 600),
      respRate: optInt('呼吸频率', 1, 300),
      bodyCondition: optInt('体况评分', 1, 9),
      findings: optText('检查所见', 2000),
      diagnosis: optText('诊断', 500),
      caseStatus: dictInt('病例状态', CASE_STATES).default(1),
      closeDate: optDay('结案日期'),
      outcome: z.preprocess((v) => (v === '' || v === null ? undefined : v), dictInt('转归', CASE_OUTCOMES).optional()),
      outcomeNote: optText('转归说明', 500),
      basicLogId: optId('饲养日志'),
    })
    .refine((c) => c.caseStatus !== 3 || (c.closeDate && c.outcome), { message: '结案须填写结案日期和转归', path: ['closeDate'] }),
  filters: z.object({
    animalId: NumFilter,
    speciesId: NumFilter,
    caseStatus: NumFilter,
    diagnosis: z.string().optional(),
    openDate_datege: z.string().optional(),
    openDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: viewOnly('vet_case_view'),
});

// ---------------------------------------------------------------- treatments

export const MedTreatmentRecord = z.object({
  ...TenantRecord,
  caseId: z.string(),
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  drugId: z.string(),
  drugName: z.string().meta({ title: '药品' }),
  doseMgKg: z.number().meta({ title: '剂量(mg/kg)' }),
  weightId: z.string(),
  weightKg: z.number().meta({ title: '计算体重(kg)' }),
  weightDate: z.string().meta({ title: '体重日期' }),
  doseMg: z.number().meta({ title: '剂量(mg)' }),
  concentration: NumOut.meta({ title: '浓度' }),
  concentrationUnit: z.number(),
  amount: NumOut.meta({ title: '用量' }),
  route: z.number().meta({ title: '给药途径' }),
  frequency: z.number().meta({ title: '每日次数' }),
  durationDays: z.number().meta({ title: '疗程(天)' }),
  startDate: z.string().meta({ title: '开始日期' }),
  outOfRange: z.number().meta({ title: '超范围' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedTreatmentRecord = z.output<typeof MedTreatmentRecord>;

const doseRate = reqDecimal('剂量', 0.0001, 100_000, DOSE_RATE_PLACES);

export const medTreatment = defineCrud({
  name: 'vet_treatment',
  base: '/zoo-medical/treatment',
  title: '治疗处方',
  record: MedTreatmentRecord,
  input: z.object({
    id: Id.optional(),
    caseId: reqId('病例'),
    drugId: reqId('药品'),
    doseMgKg: doseRate,
    route: dictInt('给药途径', MED_ROUTES),
    frequency: optInt('每日次数', 1, 24),
    durationDays: optInt('疗程', 1, 365),
    startDate: dayIn('开始日期'),
    /** A dose outside the formulary's range is saved only when the vet confirms it (then it is marked). */
    confirmOutOfRange: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).default(false),
    remark: optText('备注', 500),
  }),
  filters: z.object({
    caseId: NumFilter,
    animalId: NumFilter,
    drugId: NumFilter,
    outOfRange: NumFilter,
    startDate_datege: z.string().optional(),
    startDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: viewOnly('vet_treatment_view'),
});

/** What the form's dose calculator shows; what a submit with the same inputs saves. */
export const DoseCalc = z.object({
  weightId: z.string(),
  weightKg: z.number(),
  weightDate: z.string(),
  doseMg: z.number(),
  amount: NumOut,
  concentration: NumOut,
  concentrationUnit: z.number(),
  doseMin: NumOut,
  doseMax: NumOut,
  maxDoseMg: NumOut,
  /** '' inside the range, otherwise why it is outside (a submit then needs `confirmOutOfRange`). */
  outOfRange: z.string(),
});
export type DoseCalc = z.output<typeof DoseCalc>;

export const vetEndpoints = {
  calc: endpoint({
    method: 'GET',
    path: '/zoo-medical/treatment/calc',
    summary: '按最近体重计算剂量和用量 (不保存)',
    access: { perm: 'vet_treatment_view' },
    query: z.object({ caseId: reqId('病例'), drugId: reqId('药品'), doseMgKg: doseRate, startDate: dayIn('开始日期') }),
    data: DoseCalc,
  }),
  weightSeries: endpoint({
    method: 'GET',
    path: '/zoo-medical/weight/series',
    summary: '某动物的体重曲线 (按日期)',
    access: { perm: 'vet_weight_view' },
    query: z.object({ animalId: reqId('动物') }),
    data: z.object({ animalId: z.string(), animalName: z.string(), speciesName: z.string(), points: z.array(WeightPoint) }),
  }),
};

// ---------------------------------------------------------------- vaccinations and parasite control

/** 1 vaccination, 2 parasite control (deworming, ectoparasites). */
export const VACCINATION_KINDS = [1, 2] as const;
/** How many days ahead a next dose counts as due soon (the list's reminder). */
export const DUE_SOON_DAYS = 30;

export const MedVaccinationRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesName: z.string().meta({ title: '物种' }),
  kind: z.number().meta({ title: '类别' }),
  product: z.string().meta({ title: '疫苗/药品' }),
  batchNo: z.string().meta({ title: '批号' }),
  dose: z.string().meta({ title: '剂量' }),
  route: NumOut.meta({ title: '途径' }),
  givenDate: z.string().meta({ title: '接种日期' }),
  nextDue: z.string().meta({ title: '下次到期' }),
  /** Days until the next dose (negative: overdue); '' without a next dose. */
  daysToDue: NumOut.meta({ title: '距到期(天)' }),
  vetName: z.string().meta({ title: '执行人' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedVaccinationRecord = z.output<typeof MedVaccinationRecord>;

export const medVaccination = defineCrud({
  name: 'vet_vaccination',
  base: '/zoo-medical/vaccination',
  title: '疫苗接种与驱虫',
  record: MedVaccinationRecord,
  input: z
    .object({
      id: Id.optional(),
      animalId: reqId('动物'),
      kind: dictInt('类别', VACCINATION_KINDS).default(1),
      product: reqText('疫苗/药品名称', 100),
      batchNo: optText('批号', 50),
      dose: optText('剂量', 50),
      route: z.preprocess((v) => (v === '' || v === null ? undefined : v), dictInt('给药途径', MED_ROUTES).optional()),
      givenDate: dayIn('接种日期'),
      nextDue: optDay('下次到期日期'),
      remark: optText('备注', 500),
    })
    .refine((v) => !v.nextDue || v.nextDue > v.givenDate, { message: '下次到期日期应晚于接种日期', path: ['nextDue'] }),
  filters: z.object({
    animalId: NumFilter,
    kind: NumFilter,
    givenDate_datege: z.string().optional(),
    givenDate_datele: z.string().optional(),
    nextDue_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: viewOnly('vet_vaccination_view'),
});

// ---------------------------------------------------------------- laboratory results

/** Sample types: 1 blood, 2 serum/plasma, 3 urine, 4 faeces, 5 swab, 6 tissue, 7 other. */
export const LAB_SAMPLES = [1, 2, 3, 4, 5, 6, 7] as const;
/** A result against its reference interval: 0 within (or no interval), 1 below, 2 above. */
export const LAB_FLAGS = [0, 1, 2] as const;

export const MedLabRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesName: z.string().meta({ title: '物种' }),
  caseId: z.string(),
  sampleDate: z.string().meta({ title: '采样日期' }),
  sampleType: z.number().meta({ title: '样本' }),
  laboratory: z.string().meta({ title: '检测机构' }),
  testName: z.string().meta({ title: '检测项目' }),
  value: NumOut.meta({ title: '结果' }),
  textValue: z.string().meta({ title: '文字结果' }),
  unit: z.string().meta({ title: '单位' }),
  refLow: NumOut.meta({ title: '参考下限' }),
  refHigh: NumOut.meta({ title: '参考上限' }),
  /** Where the interval came from (`LAB_REF_SOURCES`): 0 none, 1 entered on the result, 2 the species' interval. */
  refSource: z.number().meta({ title: '区间来源' }),
  flag: z.number().meta({ title: '标记' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedLabRecord = z.output<typeof MedLabRecord>;

export const medLab = defineCrud({
  name: 'vet_lab',
  base: '/zoo-medical/lab',
  title: '检验结果',
  record: MedLabRecord,
  input: z
    .object({
      id: Id.optional(),
      animalId: reqId('动物'),
      caseId: optId('病例'),
      sampleDate: dayIn('采样日期'),
      sampleType: dictInt('样本类型', LAB_SAMPLES),
      laboratory: optText('检测机构', 100),
      testName: reqText('检测项目', 100),
      value: optNumber('结果', -1_000_000_000, 1_000_000_000),
      textValue: optText('文字结果', 200),
      unit: optText('单位', 20),
      refLow: optNumber('参考下限', -1_000_000_000, 1_000_000_000),
      refHigh: optNumber('参考上限', -1_000_000_000, 1_000_000_000),
      remark: optText('备注', 500),
    })
    .refine((v) => v.value != null || v.textValue, { message: '请输入结果(数值或文字)', path: ['value'] })
    .refine((v) => v.refLow == null || v.refHigh == null || v.refLow <= v.refHigh, { message: '参考下限不能大于参考上限', path: ['refHigh'] }),
  filters: z.object({
    animalId: NumFilter,
    caseId: NumFilter,
    flag: NumFilter,
    sampleType: NumFilter,
    testName: z.string().optional(),
    sampleDate_datege: z.string().optional(),
    sampleDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: viewOnly('vet_lab_view'),
});

// ---------------------------------------------------------------- anaesthesia and immobilisation

/** Delivery: 1 dart (remote), 2 hand injection, 3 pole syringe, 4 inhalation, 5 oral. */
export const DELIVERIES = [1, 2, 3, 4, 5] as const;

const hhmm = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}格式应为 HH:mm`)
      .optional(),
  );

export const AnaesthesiaAgentIn = z.object({ drugId: reqId('麻醉药品'), doseMgKg: reqDecimal('麻醉剂量', 0.0001, 100_000, DOSE_RATE_PLACES) });
/** One agent as given: its dose computed from the weight the record names. */
export const AnaesthesiaAgent = z.object({
  drugId: z.string(),
  drugName: z.string(),
  doseMgKg: z.number(),
  doseMg: z.number(),
  amount: NumOut,
  concentrationUnit: z.number(),
  /** '' inside the formulary's range, else why not. */
  outOfRange: z.string(),
});
export type AnaesthesiaAgent = z.output<typeof AnaesthesiaAgent>;

/**
 * One monitoring reading of an anaesthesia (the anaesthetic record's time series, as the monitoring sheet of a
 * procedure keeps it): the clock time, heart and respiratory rate per minute, SpO2 % and body temperature °C; at
 * least one value.
 */
export const AnaesthesiaReadingIn = z
  .object({
    time: z
      .string({ error: '请输入监测时间' })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '监测时间格式应为 HH:mm'),
    heartRate: optInt('心率', 1, 400),
    respRate: optInt('呼吸频率', 1, 200),
    spo2: optInt('血氧饱和度', 0, 100),
    temperature: decimal('体温', 20, 45, 1),
  })
  .refine((r) => [r.heartRate, r.respRate, r.spo2, r.temperature].some((v) => v !== null && v !== undefined), '每条监测记录至少填写一项读数');
export const AnaesthesiaReading = z.object({
  time: z.string(),
  heartRate: NumOut,
  respRate: NumOut,
  spo2: NumOut,
  temperature: NumOut,
});
export type AnaesthesiaReading = z.output<typeof AnaesthesiaReading>;
/** A reading as stored (jsonb): absent values are null. */
export type StoredReading = { time: string; heartRate: number | null; respRate: number | null; spo2: number | null; temperature: number | null };

export const MedAnaesthesiaRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  animalName: z.string().meta({ title: '动物' }),
  speciesName: z.string().meta({ title: '物种' }),
  caseId: z.string(),
  procDate: z.string().meta({ title: '日期' }),
  procedure: z.string().meta({ title: '手术/操作' }),
  delivery: z.number().meta({ title: '给药方式' }),
  agents: z.array(AnaesthesiaAgent).meta({ title: '麻醉药品' }),
  weightKg: z.number().meta({ title: '计算体重(kg)' }),
  inductionTime: z.string().meta({ title: '诱导时间' }),
  recoveryTime: z.string().meta({ title: '苏醒时间' }),
  reversal: z.string().meta({ title: '拮抗' }),
  /** The readings in time order; `monitoring` keeps the notes (and the only record of rows before the readings). */
  readings: z.array(AnaesthesiaReading).meta({ title: '监测读数' }),
  monitoring: z.string().meta({ title: '监测记录' }),
  complications: z.string().meta({ title: '并发症' }),
  outOfRange: z.number().meta({ title: '超范围' }),
  vetName: z.string().meta({ title: '兽医' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedAnaesthesiaRecord = z.output<typeof MedAnaesthesiaRecord>;

export const medAnaesthesia = defineCrud({
  name: 'vet_anaesthesia',
  base: '/zoo-medical/anaesthesia',
  title: '麻醉与保定',
  record: MedAnaesthesiaRecord,
  input: z
    .object({
      id: Id.optional(),
      animalId: reqId('动物'),
      caseId: optId('病例'),
      procDate: dayIn('日期'),
      procedure: reqText('手术/操作', 200),
      delivery: dictInt('给药方式', DELIVERIES),
      agents: z.array(AnaesthesiaAgentIn, { error: '麻醉药品格式不正确' }).min(1, '请至少添加一种麻醉药品').max(6, '麻醉药品最多6种'),
      inductionTime: hhmm('诱导时间'),
      recoveryTime: hhmm('苏醒时间'),
      reversal: optText('拮抗', 200),
      readings: z.array(AnaesthesiaReadingIn, { error: '监测读数格式不正确' }).max(200, '监测读数最多200条').default([]),
      monitoring: optText('监测记录', 1000),
      complications: optText('并发症', 500),
      confirmOutOfRange: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).default(false),
      remark: optText('备注', 500),
    })
    .refine((v) => !v.inductionTime || !v.recoveryTime || v.recoveryTime >= v.inductionTime, { message: '苏醒时间不能早于诱导时间', path: ['recoveryTime'] }),
  filters: z.object({
    animalId: NumFilter,
    caseId: NumFilter,
    delivery: NumFilter,
    procDate_datege: z.string().optional(),
    procDate_datele: z.string().optional(),
  }),
  filterMode: 'entity',
  access: viewOnly('vet_anaesthesia_view'),
});
