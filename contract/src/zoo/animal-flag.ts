import { z } from 'zod';
import { DateTimeOut, Id, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { MICROCHIP_INVALID, parseMicrochip } from './microchip';
import { NumOut, dictInt, optDate, optText, reqId, reqText } from '../fields';

/** dict flag_type: 1 芯片 (microchip), 2 脚环 (ring), 3 纹身 (tattoo), 4 专用标识, 5 其他. */
export const FLAG_TYPES = [1, 2, 3, 4, 5] as const;
export const FLAG_MICROCHIP = 1;
export const FLAG_TYPE_NAMES: Record<number, string> = { 1: '芯片', 2: '脚环', 3: '纹身', 4: '专用标识', 5: '其他' };

const flagFields = {
  animalId: reqId('个体'),
  type: dictInt('标识类型', FLAG_TYPES),
  code: reqText('标识码', 64),
  issueDate: optDate('标识日期'),
  issuer: optText('发放/植入单位', 100),
  remark: optText('备注', 500),
};
const chipRule = (v: { type: number; code: string }, ctx: z.RefinementCtx) => {
  if (v.type === FLAG_MICROCHIP && !parseMicrochip(v.code)) ctx.addIssue({ code: 'custom', message: MICROCHIP_INVALID, path: ['code'] });
};

export const AnimalFlagRecord = z.object({
  ...TenantRecord,
  animalId: z.string(),
  localNo: z.string(),
  animalName: z.string(),
  type: z.number().meta({ title: '标识类型' }),
  code: z.string().meta({ title: '标识码' }),
  version: z.number().meta({ title: '版本' }),
  /** Microchips only: 1 ISO 11784 15-digit code, 0 legacy non-ISO; "" for other types. */
  isoCompliant: NumOut,
  prefix: z.string(),
  prefixMeaning: z.string(),
  issueDate: DateTimeOut,
  issuer: z.string(),
  /** Set when a newer version replaced this one; the row is kept as history. */
  voidTime: DateTimeOut,
  voidReason: z.string(),
  current: z.boolean(),
  remark: z.string(),
});

export const animalFlag = defineCrud({
  name: 'animal_flag',
  base: '/zoo-animal/animalFlag',
  title: '个体标识',
  record: AnimalFlagRecord,
  input: z.object({ id: Id.optional(), ...flagFields }).superRefine(chipRule),
  filters: z.object({ animalId: z.string().optional(), type: z.string().optional(), code: z.string().optional() }),
  perms: { add: 'animal_flag', edit: 'animal_flag', delete: 'animal_flag', view: 'animal_flag' },
});

export const animalFlagEndpoints = {
  newVersion: endpoint({
    method: 'POST',
    path: '/zoo-animal/animalFlag/newversion',
    summary: '标识换发:作废当前版本并生成新版本 (版本号+1)',
    access: { perm: 'animal_flag' },
    body: z.object({ ...flagFields, voidReason: optText('作废原因', 255) }).superRefine(chipRule),
    data: AnimalFlagRecord,
  }),
};
