import { z } from 'zod';
import { Empty, Page, PageQuery } from '../common';
import { endpoint } from '../endpoint';
import { reqId } from '../fields';
import { ImportIssue } from '../spreadsheet';

/**
 * Studbook genetics across zoos (issue 29, decision 0037): one pedigree per species, F, MK, GD, FGE, what-if and
 * pairing advice. `animalId` is the animal's identity across zoos (its studbook key); `recordId` the caller's own
 * record of it ('' when another zoo holds it). Other zoos' animals carry pedigree facts only.
 */

const num = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label}必须是数字` })
      .refine(Number.isFinite, `${label}必须是数字`)
      .min(min, `${label}必须在 ${min} 到 ${max} 之间`)
      .max(max, `${label}必须在 ${min} 到 ${max} 之间`)
      .optional(),
  );
const int = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label}必须是整数` })
      .int(`${label}必须是整数`)
      .min(min, `${label}必须在 ${min} 到 ${max} 之间`)
      .max(max, `${label}必须在 ${min} 到 ${max} 之间`)
      .optional(),
  );

export const SpeciesQuery = z.object({ speciesId: reqId('物种') });

export const StudbookSpecies = z.object({ speciesId: z.string(), speciesName: z.string(), latinName: z.string(), reader: z.boolean() });

export const StudbookRecord = z.object({
  animalId: z.string(),
  recordId: z.string(),
  studbookNo: z.string(),
  localNo: z.string(),
  animalName: z.string(),
  label: z.string(),
  sex: z.number(),
  birthDate: z.string(),
  alive: z.boolean(),
  holderTenantName: z.string(),
  sire: z.string(),
  dam: z.string(),
  f: z.number(),
  /** MK over the living population (−1 for animals not living: they have no MK). */
  mk: z.number(),
  known: z.number(),
  /** MK rank among the living, 1 = lowest MK; 0 when not living. */
  rank: z.number(),
});

export const StudbookSummary = z.object({
  living: z.number(),
  founders: z.number(),
  gd: z.number(),
  fge: z.number(),
  fe: z.number(),
  meanF: z.number(),
  meanMk: z.number(),
  total: z.number(),
  /** Whether the caller reads the whole studbook (platform or studbook keeper) or only its own animals' rows. */
  reader: z.boolean(),
});

export const KinshipAnswer = z.object({ kinship: z.number(), offspringF: z.number(), aLabel: z.string(), bLabel: z.string() });

export const PairRecord = z.object({
  rank: z.number(),
  sireId: z.string(),
  damId: z.string(),
  sireLabel: z.string(),
  damLabel: z.string(),
  offspringF: z.number(),
  mkSum: z.number(),
  sireMk: z.number(),
  damMk: z.number(),
  reason: z.string(),
});

export const PedigreeNode = z.object({
  id: z.string(),
  label: z.string(),
  sex: z.number(),
  alive: z.boolean(),
  f: z.number(),
  generation: z.number(),
  /** UNK / WILD / MULT markers are nodes too, so the chart shows what is not known. */
  kind: z.string(),
});
export const PedigreeGraph = z.object({
  nodes: z.array(PedigreeNode),
  edges: z.array(z.object({ from: z.string(), to: z.string(), role: z.string(), weight: z.number() })),
});

export const KinshipMatrix = z.object({ ids: z.array(z.string()), labels: z.array(z.string()), values: z.array(z.array(z.number())) });

export const StudbookSnapshot = z.object({
  snapshotTime: z.string(),
  living: z.number(),
  founders: z.number(),
  gd: z.number(),
  fge: z.number(),
  meanF: z.number(),
  meanMk: z.number(),
  source: z.number(),
});

export const AnimalGenetics = z.object({
  animalId: z.string(),
  speciesId: z.string(),
  f: z.number(),
  mk: z.number(),
  rank: z.number(),
  known: z.number(),
  living: z.number(),
});

/** SPARKS: permanent numbers are positive integers without leading zeros; temporary ones carry a T prefix. */
export const STUDBOOK_NO_RE = /^T?[1-9]\d{0,8}$/;

export const StudbookNumberIn = z.object({
  speciesId: reqId('物种'),
  animalId: reqId('个体'),
  /** '' clears the number. */
  studbookNo: z
    .string({ error: '请输入谱系号' })
    .trim()
    .refine((v) => v === '' || STUDBOOK_NO_RE.test(v), '谱系号须为不以0开头的正整数,临时谱系号以 T 开头(如 T12)'),
  scope: z.union([z.literal(1), z.literal(2)], { error: '谱系范围只能是 1(国家)或 2(国际)' }).default(1),
});

/** What a studbook import did: every row is created, matched or listed with the reason it was not taken. */
export const StudbookImportResult = z.object({
  /** Data rows in the file. */
  total: z.number(),
  /** Rows that became new identities (records of the importing zoo). */
  created: z.number(),
  /** Rows that matched an identity already in the species' pedigree (by studbook number or identity). */
  matched: z.number(),
  /** Rows not taken, by row number (the header is row 1), each with its reason. */
  rejected: z.array(ImportIssue),
});

export const StudbookKeeper = z.object({ tenantId: z.string(), tenantName: z.string() });

const VIEW = { perm: 'studbook' } as const;
const base = '/zoo-studbook/studbook';

export const studbookEndpoints = {
  species: endpoint({ method: 'GET', path: `${base}/species`, summary: '可查看谱系的物种', access: VIEW, data: z.array(StudbookSpecies) }),
  list: endpoint({
    method: 'GET',
    path: `${base}/list`,
    summary: '物种谱系:个体的 F、MK、排名、系谱已知比例、持有单位',
    access: VIEW,
    query: PageQuery.extend({
      speciesId: reqId('物种'),
      alive: z.enum(['', '1', '0'], { error: '存活筛选只能是 1 或 0' }).optional(),
      keyword: z.string().max(50, '关键字不能超过50个字符').optional(),
    }),
    data: Page(StudbookRecord),
  }),
  summary: endpoint({
    method: 'GET',
    path: `${base}/summary`,
    summary: '种群遗传概况:GD、FGE、平均 F、平均 MK',
    access: VIEW,
    query: SpeciesQuery,
    data: StudbookSummary,
  }),
  kinship: endpoint({
    method: 'GET',
    path: `${base}/kinship`,
    summary: '假设配对:两个体的亲缘系数 = 其后代的近交系数',
    access: VIEW,
    query: z.object({ speciesId: reqId('物种'), a: reqId('个体A'), b: reqId('个体B') }),
    data: KinshipAnswer,
  }),
  pairs: endpoint({
    method: 'GET',
    path: `${base}/pairs`,
    summary: '配对建议:按 MK 之和、后代 F 排序',
    access: VIEW,
    query: PageQuery.extend({
      speciesId: reqId('物种'),
      generations: int('亲缘排除代数', 0, 10),
      maxF: num('后代近交系数上限', 0, 1),
      minAge: num('最小繁殖年龄', 0, 100),
    }),
    data: Page(PairRecord),
  }),
  pedigree: endpoint({
    method: 'GET',
    path: `${base}/pedigree`,
    summary: '个体系谱图(节点与连线)',
    access: VIEW,
    query: z.object({ id: reqId('个体'), generations: int('代数', 1, 8) }),
    data: PedigreeGraph,
  }),
  heatmap: endpoint({
    method: 'GET',
    path: `${base}/heatmap`,
    summary: '在养个体两两亲缘系数(热力图)',
    access: VIEW,
    query: z.object({ speciesId: reqId('物种'), limit: int('个体数', 2, 60) }),
    data: KinshipMatrix,
  }),
  animal: endpoint({
    method: 'GET',
    path: `${base}/animal`,
    summary: '本园个体的 F、MK 与排名',
    access: 'login',
    query: z.object({ id: reqId('个体') }),
    data: AnimalGenetics,
  }),
  snapshots: endpoint({
    method: 'GET',
    path: `${base}/snapshots`,
    summary: 'GD / FGE 历史',
    access: VIEW,
    query: SpeciesQuery,
    data: z.array(StudbookSnapshot),
  }),
  snapshot: endpoint({
    method: 'POST',
    path: `${base}/snapshot`,
    summary: '立即记录一次种群遗传快照',
    access: { perm: 'studbook_snapshot' },
    query: SpeciesQuery,
    data: Empty,
  }),
  number: endpoint({
    method: 'POST',
    path: `${base}/number`,
    summary: '设置个体在国家或国际谱系中的谱系号(谱系管理员)',
    access: VIEW,
    body: StudbookNumberIn,
    data: Empty,
  }),
  keepers: endpoint({
    method: 'GET',
    path: `${base}/keepers`,
    summary: '物种的谱系管理单位(平台)',
    access: 'administrator',
    query: SpeciesQuery,
    data: z.array(StudbookKeeper),
  }),
  setKeepers: endpoint({
    method: 'POST',
    path: `${base}/keepers`,
    summary: '设置物种的谱系管理单位(平台)',
    access: 'administrator',
    body: z.object({ speciesId: reqId('物种'), tenantIds: z.array(z.string().regex(/^\d{6}$/, '租户编号格式不正确')).max(50, '谱系管理单位最多50个') }),
    data: Empty,
  }),
  import: endpoint({
    method: 'POST',
    path: `${base}/import`,
    summary: '导入谱系(xlsx 或 PMx 谱系 CSV,multipart file;谱系管理员;一个事务)',
    access: VIEW,
    query: z.object({
      speciesId: reqId('物种'),
      scope: z.coerce
        .number({ error: '谱系范围只能是 1(国家)或 2(国际)' })
        .refine((v) => v === 1 || v === 2, '谱系范围只能是 1(国家)或 2(国际)')
        .default(1),
    }),
    data: StudbookImportResult,
  }),
  export: endpoint({
    method: 'GET',
    path: `${base}/export`,
    summary: '导出谱系(PMx 文本导入 CSV 或 xlsx)',
    access: { perm: 'studbook_export' },
    download: true,
    query: z.object({ speciesId: reqId('物种'), format: z.enum(['csv', 'xlsx'], { error: '导出格式只能是 csv 或 xlsx' }).default('csv') }),
    data: z.unknown(),
    raw: true,
  }),
};
