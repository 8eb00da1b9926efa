import { z } from 'zod';
import { chinaToday, DateTimeOut, Id, IdList, TenantRecord } from '../common';
import { CRUD_VERBS, defineResource } from '../resource';
import { endpoint } from '../endpoint';
import { dictInt, isLink, optDate, optId, optText, reqId, reqText } from '../fields';

export const ANIMAL_SEX = [1, 2, 3] as const; // dict animal_sex: 1 雄, 2 雌, 3 未知
export const BIRTH_PRECISIONS = [1, 2, 3, 4] as const; // dict birth_precision: day, month, year, unknown
export const ANIMAL_ORIGINS = [1, 2, 3] as const; // dict animal_origin: captive-born, wild, unknown
export const ANIMAL_STATUSES = [1, 2, 3, 4] as const; // dict animal_status: in stock, exported, dead, deregistered
/**
 * A parent that is not a registered animal of this zoo (studbook convention: never a blank): unknown, wild-caught,
 * or MULT — one of several possible parents (candidates by identity, equally likely unless weighted; decision 0037).
 */
export const PARENT_MARKS = ['UNK', 'WILD', 'MULT'] as const;

const parentMark = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(PARENT_MARKS, { error: `${label}标记只能是 UNK(未知)、WILD(野外) 或 MULT(多个可能)` }).optional(),
  );

/** MULT candidates: `identity[:weight],…` (or an array of {id, w}); weights are relative, positive. */
export const ParentCandidates = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      if (typeof v !== 'string') return v;
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const [id, w] = s.split(':');
          return w === undefined ? { id } : { id, w: Number(w) };
        });
    },
    z
      .array(
        z.object({
          id: z.string().regex(/^[1-9]\d{0,18}$/, `${label}候选个体ID格式不正确`),
          w: z
            .number({ error: `${label}候选权重必须是数字` })
            .gt(0, `${label}候选权重必须大于0`)
            .lte(1000, `${label}候选权重不能超过1000`)
            .optional(),
        }),
        { error: `${label}候选格式不正确` },
      )
      .min(2, `${label}为 MULT 时至少需要两个候选个体`)
      .max(20, `${label}候选个体最多20个`)
      .optional(),
  );

/** Photo links: an array or Blade's comma-joined string. */
const photos = z
  .preprocess(
    (v) =>
      v === null || v === undefined
        ? []
        : typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
    z.array(z.string().trim().max(1000, '照片链接不能超过1000个字符').refine(isLink, '照片链接不是有效的链接地址')).max(30, '照片最多30张'),
  )
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
  sireIdentityId: optId('父本(他园个体)'),
  sireCandidates: ParentCandidates('父本'),
  damId: optId('母本'),
  damMark: parentMark('母本'),
  damIdentityId: optId('母本(他园个体)'),
  damCandidates: ParentCandidates('母本'),
  cageId: optId('笼舍'),
  status: dictInt('状态', ANIMAL_STATUSES).default(1),
  photos,
  remark: optText('备注', 500),
};

type ParentShape = { id?: string | null; identity?: string | null; mark?: string; candidates?: Array<{ id: string }> };
const parentShape = (label: string, key: 'sire' | 'dam', p: ParentShape, ctx: z.RefinementCtx) => {
  const given = [p.id, p.identity, p.mark].filter(Boolean).length;
  if (given > 1) ctx.addIssue({ code: 'custom', message: `${label}只能指定一种:本园个体、他园个体或 UNK/WILD/MULT 标记`, path: [`${key}Mark`] });
  if (p.mark === 'MULT' && !p.candidates?.length) ctx.addIssue({ code: 'custom', message: `${label}为 MULT 时请填写候选个体`, path: [`${key}Candidates`] });
  if (p.mark !== 'MULT' && p.candidates?.length)
    ctx.addIssue({ code: 'custom', message: `只有${label}为 MULT 时才能填写候选个体`, path: [`${key}Candidates`] });
  if (p.candidates && new Set(p.candidates.map((c) => c.id)).size !== p.candidates.length)
    ctx.addIssue({ code: 'custom', message: `${label}候选个体重复`, path: [`${key}Candidates`] });
};

const pedigreeShape = (
  v: {
    sireId?: string | null;
    sireMark?: string;
    sireIdentityId?: string | null;
    sireCandidates?: Array<{ id: string }>;
    damId?: string | null;
    damMark?: string;
    damIdentityId?: string | null;
    damCandidates?: Array<{ id: string }>;
    birthDate?: string | null;
    birthPrecision?: number;
  },
  ctx: z.RefinementCtx,
) => {
  parentShape('父本', 'sire', { id: v.sireId, identity: v.sireIdentityId, mark: v.sireMark, candidates: v.sireCandidates }, ctx);
  parentShape('母本', 'dam', { id: v.damId, identity: v.damIdentityId, mark: v.damMark, candidates: v.damCandidates }, ctx);
  if (v.sireId && v.sireId === v.damId) ctx.addIssue({ code: 'custom', message: '父本和母本不能是同一个体', path: ['damId'] });
  if (!v.birthDate && v.birthPrecision && v.birthPrecision !== 4)
    ctx.addIssue({ code: 'custom', message: '未填写出生日期时,日期精度只能为"未知"', path: ['birthPrecision'] });
  if (v.birthDate && v.birthPrecision === 4) ctx.addIssue({ code: 'custom', message: '填写了出生日期时,请选择日期精度(日/月/年)', path: ['birthPrecision'] });
  if (v.birthDate && v.birthDate.slice(0, 10) > chinaToday()) ctx.addIssue({ code: 'custom', message: '出生日期不能晚于今天', path: ['birthDate'] });
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
  /** A parent held by another zoo, by identity; MULT candidates as `identity[:weight],…`. */
  sireIdentityId: z.string(),
  sireCandidates: z.string(),
  damId: z.string(),
  damMark: z.string(),
  damName: z.string(),
  damIdentityId: z.string(),
  damCandidates: z.string(),
  /** The animal's identity across zoos (its studbook key). */
  identityId: z.string(),
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

export const AnimalOption = z.object({
  id: z.string(),
  /** The animal's identity across zoos (what a MULT candidate names). */
  identityId: z.string(),
  localNo: z.string(),
  animalName: z.string(),
  sex: z.number(),
  cageId: z.string(),
  status: z.number(),
});

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
