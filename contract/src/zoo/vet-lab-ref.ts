import { z } from 'zod';
import { Id, NumFilter, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { NumOut, optNumber, optText, reqId, reqText } from '../fields';

/**
 * Species reference intervals of laboratory tests (检验参考区间, decision 0038): the interval a result takes when it
 * is entered without its own. One per (species, test, unit), test and unit compared without regard to case.
 */

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
      source: optText('来源', 200),
      remark: optText('备注', 500),
    })
    .refine((v) => v.refLow != null || v.refHigh != null, { message: '请输入参考下限或参考上限', path: ['refLow'] })
    .refine((v) => v.refLow == null || v.refHigh == null || v.refLow <= v.refHigh, { message: '参考下限不能大于参考上限', path: ['refHigh'] }),
  filters: z.object({ speciesId: NumFilter, testName: z.string().optional() }),
  filterMode: 'entity',
  access: { list: { perm: 'vet_lab_ref_view' }, detail: { perm: 'vet_lab_ref_view' } },
});

/** The species interval a result of this animal, test and unit would take; `id` is '' when the zoo has none. */
export const LabRefMatch = z.object({ id: z.string(), speciesName: z.string(), refLow: NumOut, refHigh: NumOut, source: z.string() });
export type LabRefMatch = z.output<typeof LabRefMatch>;

export const vetLabRefEndpoints = {
  labRefMatch: endpoint({
    method: 'GET',
    path: '/zoo-medical/lab-ref/match',
    summary: '某动物某检测项目适用的物种参考区间 (无则 id 为空)',
    access: { perm: 'vet_lab_view' },
    query: z.object({ animalId: reqId('动物'), testName: reqText('检测项目', 100), unit: z.string().optional() }),
    data: LabRefMatch,
  }),
};
