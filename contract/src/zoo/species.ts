import { z } from 'zod';
import type { RefinementCtx } from 'zod';
import { BaseRecord, Id } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { NumOut, dictInt, optId, optInt, optNumber, optText, reqText } from '../fields';

export const PROTECTION_CLASSES = [0, 1, 2] as const; // none, 国家一级, 国家二级
export const PROTECTION_AUTHORITIES = [0, 1, 2] as const; // none, 林草 (terrestrial), 渔业 (aquatic)
export const CITES_APPENDICES = ['I', 'II', 'III', 'none'] as const;
export const IUCN_CATEGORIES = ['EX', 'EW', 'CR', 'EN', 'VU', 'NT', 'LC', 'DD', 'NE'] as const;
export const MANAGEMENT_MODES = [1, 2] as const; // 1 individual, 2 population
/** Seed confidence per domain.md: ✓ rows 'verified' (at least one fact confirmed), ~ rows 'unverified'. */
export const SOURCE_FLAGS = ['verified', 'unverified'] as const;

/**
 * Gestation (mammals) or incubation (birds), shortest and longest whole days: the expected birth window after a
 * breeding (decision 0042). Optional, both or neither.
 */
export const gestationFields = {
  gestationMinDays: optInt('妊娠期最短天数', 1, 1000),
  gestationMaxDays: optInt('妊娠期最长天数', 1, 1000),
};
export function checkGestation(v: { gestationMinDays?: number | null; gestationMaxDays?: number | null }, ctx: RefinementCtx): void {
  const lo = v.gestationMinDays ?? null;
  const hi = v.gestationMaxDays ?? null;
  if ((lo === null) !== (hi === null))
    ctx.addIssue({ code: 'custom', message: '妊娠期最短天数与最长天数须同时填写或同时留空', path: [lo === null ? 'gestationMinDays' : 'gestationMaxDays'] });
  else if (lo !== null && hi !== null && lo > hi) ctx.addIssue({ code: 'custom', message: '妊娠期最短天数不能大于最长天数', path: ['gestationMinDays'] });
}

/**
 * Breeding age (适配年龄): whole years from which a female of the species counts as of breeding age on the season
 * board (issue 31). Optional; without one the board uses `DEFAULT_BREEDING_AGE`.
 */
export const breedingAgeFields = {
  breedingAgeYears: optInt('适配年龄', 0, 60),
};

/** The public species library record, as every caller sees it (lineage names come from the taxonomy). */
export const SpeciesRecord = z.object({
  ...BaseRecord,
  speciesName: z.string().meta({ title: '中文名' }),
  latinName: z.string().meta({ title: '拉丁名' }),
  taxonomyId: z.string(),
  taxonomyName: z.string(),
  className: z.string(),
  orderName: z.string(),
  familyName: z.string(),
  protectionClass: z.number().meta({ title: '保护级别' }),
  protectionAuthority: z.number().meta({ title: '主管部门' }),
  protectionRemark: z.string(),
  citesAppendix: z.string().meta({ title: 'CITES附录' }),
  iucnCategory: z.string().meta({ title: 'IUCN等级' }),
  iucnYear: NumOut,
  iucnCriteria: z.string(),
  managementMode: z.number().meta({ title: '默认管理方式' }),
  tempMin: NumOut,
  tempMax: NumOut,
  humidityMin: NumOut,
  humidityMax: NumOut,
  gestationMinDays: NumOut.meta({ title: '妊娠期最短天数' }),
  gestationMaxDays: NumOut.meta({ title: '妊娠期最长天数' }),
  breedingAgeYears: NumOut.meta({ title: '适配年龄' }),
  source: z.string().meta({ title: '数据可信度' }),
  sourceNote: z.string(),
  remark: z.string(),
});
export type SpeciesRecord = z.infer<typeof SpeciesRecord>;

const speciesInput = z
  .object({
    id: Id.optional(),
    speciesName: reqText('中文名', 100),
    latinName: reqText('拉丁名', 200),
    taxonomyId: optId('分类阶元'),
    protectionClass: dictInt('保护级别', PROTECTION_CLASSES).default(0),
    protectionAuthority: dictInt('主管部门', PROTECTION_AUTHORITIES).default(0),
    protectionRemark: optText('名录备注', 255),
    citesAppendix: z.enum(CITES_APPENDICES, { error: 'CITES附录取值应为 I、II、III 或 none' }).default('none'),
    iucnCategory: z.enum(IUCN_CATEGORIES, { error: 'IUCN等级取值应为 EX、EW、CR、EN、VU、NT、LC、DD 或 NE' }).default('NE'),
    iucnYear: optInt('IUCN评估年份', 1964, 2100),
    iucnCriteria: optText('IUCN评估标准', 100),
    managementMode: dictInt('默认管理方式', MANAGEMENT_MODES).default(1),
    tempMin: optNumber('最低适宜温度', -60, 60),
    tempMax: optNumber('最高适宜温度', -60, 60),
    humidityMin: optNumber('最低适宜湿度', 0, 100),
    humidityMax: optNumber('最高适宜湿度', 0, 100),
    ...gestationFields,
    ...breedingAgeFields,
    source: z.enum(SOURCE_FLAGS, { error: '数据可信度取值应为 verified 或 unverified' }).default('unverified'),
    sourceNote: optText('数据来源说明', 500),
    remark: optText('备注', 500),
  })
  .superRefine((v, ctx) => {
    const range = (min: number | null | undefined, max: number | null | undefined, msg: string, path: string) => {
      if (min != null && max != null && min > max) ctx.addIssue({ code: 'custom', message: msg, path: [path] });
    };
    range(v.tempMin, v.tempMax, '最低适宜温度不能高于最高适宜温度', 'tempMin');
    range(v.humidityMin, v.humidityMax, '最低适宜湿度不能高于最高适宜湿度', 'humidityMin');
    checkGestation(v, ctx);
    if (v.protectionClass > 0 && v.protectionAuthority === 0)
      ctx.addIssue({ code: 'custom', message: '国家重点保护物种请选择主管部门(林草或渔业)', path: ['protectionAuthority'] });
  });

export const species = defineCrud({
  name: 'species',
  base: '/species/species',
  title: '物种',
  record: SpeciesRecord,
  input: speciesInput,
  filters: z.object({
    speciesName: z.string().optional(),
    latinName: z.string().optional(),
    taxonomyId: z.string().optional(),
    protectionClass: z.string().optional(),
    citesAppendix: z.string().optional(),
    iucnCategory: z.string().optional(),
    source: z.string().optional(),
  }),
  access: { submit: 'administrator', remove: 'administrator' },
});

export const SpeciesOption = z.object({
  id: z.string(),
  speciesName: z.string(),
  latinName: z.string(),
  managementMode: z.number(),
});

export const speciesEndpoints = {
  select: endpoint({
    method: 'GET',
    path: '/species/species/select',
    summary: '物种库下拉',
    access: 'login',
    query: z.object({ speciesName: z.string().optional() }),
    data: z.array(SpeciesOption),
  }),
};
