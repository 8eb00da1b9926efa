import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { NumOut, dictInt, optInt, optNumber, optText, reqId, reqText } from '../fields';
import { dayIn } from './basic-log';

/**
 * Species reference intervals of laboratory tests (检验参考区间, decision 0038): the interval a result takes when it
 * is entered without its own. Test and unit compared without regard to case. An interval may hold for one sex and/or
 * an age window in whole months on the sample date, [from, to): a result takes the most specific interval that fits
 * its animal (sex and age, then sex, then age, then the species-wide one). One per (species, test, unit, sex)
 * without a window; the windows of one sex never overlap.
 */

/** The sex an interval holds for: 0 either, 1 male, 2 female (the animal_sex codes). */
export const LAB_REF_SEX = [0, 1, 2] as const;
/** The longest age a window names: 100 years. */
export const LAB_REF_MAX_MONTHS = 1200;

/** Where a result's interval came from: 0 none, 1 entered on the result, 2 the species' interval (copied on save). */
export const LAB_REF_SOURCES = [0, 1, 2] as const;

export const MedLabRefRecord = z.object({
  ...TenantRecord,
  speciesId: z.string(),
  speciesName: z.string().meta({ title: '物种' }),
  testName: z.string().meta({ title: '检测项目' }),
  unit: z.string().meta({ title: '单位' }),
  refLow: NumOut.meta({ title: '参考下限' }),
  refHigh: NumOut.meta({ title: '参考上限' }),
  sex: z.number().meta({ title: '适用性别' }),
  ageMinMonths: NumOut.meta({ title: '起始月龄' }),
  ageMaxMonths: NumOut.meta({ title: '截止月龄' }),
  source: z.string().meta({ title: '来源' }),
  remark: z.string().meta({ title: '备注' }),
});
export type MedLabRefRecord = z.output<typeof MedLabRefRecord>;

const bound = (label: string) => optNumber(label, -1_000_000_000, 1_000_000_000);

export const medLabRef = defineCrud({
  name: 'vet_lab_ref',
  base: '/zoo-medical/lab-ref',
  title: '检验参考区间',
  record: MedLabRefRecord,
  input: z
    .object({
      id: Id.optional(),
      speciesId: reqId('物种'),
      testName: reqText('检测项目', 100),
      unit: optText('单位', 20),
      refLow: bound('参考下限'),
      refHigh: bound('参考上限'),
      sex: dictInt('适用性别', LAB_REF_SEX).default(0),
      ageMinMonths: optInt('起始月龄', 0, LAB_REF_MAX_MONTHS - 1),
      ageMaxMonths: optInt('截止月龄', 1, LAB_REF_MAX_MONTHS),
      source: optText('来源', 200),
      remark: optText('备注', 500),
    })
    .refine((v) => v.refLow != null || v.refHigh != null, { message: '请输入参考下限或参考上限', path: ['refLow'] })
    .refine((v) => v.refLow == null || v.refHigh == null || v.refLow <= v.refHigh, { message: '参考下限不能大于参考上限', path: ['refHigh'] })
    .refine((v) => v.ageMinMonths == null || v.ageMaxMonths == null || v.ageMinMonths < v.ageMaxMonths, {
      message: '起始月龄必须小于截止月龄',
      path: ['ageMaxMonths'],
    }),
  filters: z.object({ speciesId: NumFilter, testName: z.string().optional() }),
  filterMode: 'entity',
  access: { list: { perm: 'vet_lab_ref_view' }, detail: { perm: 'vet_lab_ref_view' } },
});

/** The species interval a result of this animal, test and unit would take on the sample date; `id` is '' when none fits. */
export const LabRefMatch = z.object({
  id: z.string(),
  speciesName: z.string(),
  refLow: NumOut,
  refHigh: NumOut,
  sex: z.number(),
  ageMinMonths: NumOut,
  ageMaxMonths: NumOut,
  source: z.string(),
});
export type LabRefMatch = z.output<typeof LabRefMatch>;

export const vetLabRefEndpoints = {
  labRefMatch: endpoint({
    method: 'GET',
    path: '/zoo-medical/lab-ref/match',
    summary: '某动物某检测项目适用的物种参考区间 (无则 id 为空)',
    access: { perm: 'vet_lab_view' },
    query: z.object({ animalId: reqId('动物'), testName: reqText('检测项目', 100), unit: z.string().optional(), sampleDate: dayIn('采样日期').optional() }),
    data: LabRefMatch,
  }),
};
