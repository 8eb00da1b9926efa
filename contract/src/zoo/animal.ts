import { z } from 'zod';
import { chinaToday, DateTimeOut, Id, IdList, TenantRecord } from '../common';
import { CRUD_VERBS, defineResource } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, isLink, optDate, optId, optText, reqId, reqText } from '../fields';

export const ANIMAL_SEX = [1, 2, 3] as const; // dict animal_sex: 1 雄, 2 雌, 3 未知
export const BIRTH_PRECISIONS = [1, 2, 3, 4] as const; // dict birth_precision: day, month, year, unknown
export const ANIMAL_ORIGINS = [1, 2, 3] as const; // dict animal_origin: captive-born, wild, unknown
export const ANIMAL_STATUSES = [1, 2, 3, 4] as const; // dict animal_status: in stock, exported, dead, deregistered
/** A parent that is not a registered animal of this zoo (studbook convention: never a blank). */
export const PARENT_MARKS = ['UNK', 'WILD'] as const;

const parentMark = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PARENT_MARKS, { error: `${label}标记只能是 UNK(未知) 或 WILD(野外)` }).optional());

/** Photo links: an array or Blade's comma-joined string. */
const photos = z
  .preprocess((v) => (v === null || v === undefined ? [] : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(z.string().trim().max(1000, '照片链接不能超过1000个字符').refine(isLink, '照片链接不是有效的链接地址')).max(30, '照片最多30张'))
  .optional();

const animalFields = {
  speciesId: reqId('物种'),
  localNo: reqText('本园编号', 50),
  animalName: optText('名字', 100),
  sex: dictInt('性别', ANIMAL_SEX),
  birthDate: optDate('出生日期'),
  birthPrecision: dictInt('出生日期精度', BIRTH_PRECISIONS).optional(),
  origin: dictInt('来源', ANIMAL_ORIGINS).default(3),
  sireId: optId('父本'),
  sireMark: parentMark('父本'),
  damId: optId('母本'),
  damMark: parentMark('母本'),
  cageId: optId('笼舍'),
  status: dictInt('状态', ANIMAL_STATUSES).default(1),
  photos,
  remark: optText('备注', 500),
};

const pedigreeShape = (v: { sireId?: string | null; sireMark?: string; damId?: string | null; damMark?: string; birthDate?: string | null; birthPrecision?: number }, ctx: z.RefinementCtx) => {
  if (v.sireId && v.sireMark) ctx.addIssue({ code: 'custom', message: '父本不能同时指定个体和 UNK/WILD 标记', path: ['sireMark'] });
  if (v.damId && v.damMark) ctx.addIssue({ code: 'custom', message: '母本不能同时指定个体和 UNK/WILD 标记', path: ['damMark'] });
  if (v.sireId && v.sireId === v.damId) ctx.addIssue({ code: 'custom', message: '父本和母本不能是同一个体', path: ['damId'] });
  if (!v.birthDate && v.birthPrecision && v.birthPrecision !== 4) ctx.addIssue({ code: 'custom', message: '未填写出生日期时,日期精度只能为"未知"', path: ['birthPrecision'] });
  if (v.birthDate && v.birthPrecision === 4) ctx.addIssue({ code: 'custom', message: '填写了出生日期时,请选择日期精度(日/月/年)', path: ['birthPrecision'] });
  if (v.birthDate && v.birthDate.slice(0, 10) > chinaToday())
    ctx.addIssue({ code: 'custom', message: '出生日期不能晚于今天', path: ['birthDate'] });
};

export const AnimalRecord = z.object({
  ...TenantRecord,
  speciesId: z.string(),
  speciesName: z.string(),
  latinName: z.string(),
  localNo: z.string().meta({ title: '本园编号' }),
  animalName: z.string().meta({ title: '名字' }),
  sex: z.number().meta({ title: '性别' }),
  birthDate: DateTimeOut,
  birthPrecision: z.number(),
  origin: z.number(),
  sireId: z.string(),
  sireMark: z.string(),
  sireName: z.string(),
  damId: z.string(),
  damMark: z.string(),
  damName: z.string(),
  cageId: z.string(),
  cageCode: z.string(),
  cageName: z.string(),
  breederId: z.string(),
  breederName: z.string(),
  photos: z.string(),
  remark: z.string(),
});

/** The classic four plus `update` (an edit that never creates), all with the same rules. */
export const animal = defineResource({
  verbs: [...CRUD_VERBS, 'update'],
  name: 'animal',
  base: '/zoo-animal/animal',
  title: '动物个体',
  record: AnimalRecord,
  input: z.object({ id: Id.optional(), ...animalFields }).superRefine(pedigreeShape),
  filters: z.object({
    speciesId: z.string().optional(),
    localNo: z.string().optional(),
    animalName: z.string().optional(),
    sex: z.string().optional(),
    cageId: z.string().optional(),
    status: z.string().optional(),
    origin: z.string().optional(),
  }),
});

export const AnimalOption = z.object({ id: z.string(), localNo: z.string(), animalName: z.string(), sex: z.number(), cageId: z.string(), status: z.number() });

export const animalEndpoints = {
  setBreeder: endpoint({
    method: 'POST',
    path: '/zoo-animal/animal/setbreeder',
    summary: '设置个体的饲养员',
    access: { perm: 'animal_breeder' },
    query: z.object({ ids: IdList, breederId: z.preprocess((v) => (v === '' ? undefined : v), Id.optional()) }),
    data: z.object({}).loose(),
  }),
  species: endpoint({
    method: 'GET',
    path: '/zoo-animal/animal/species',
    summary: '某物种的在养个体 (表单下拉)',
    access: 'login',
    query: z.object({ speciesId: reqId('物种'), status: z.string().optional() }),
    data: z.array(AnimalOption),
  }),
};
