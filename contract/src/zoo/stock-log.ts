import { z } from 'zod';
import { chinaToday, DateTimeOut, IdOut } from '../common';
import { endpoint } from '../endpoint';
import { defineResource } from '../resource';
import { dateIn, dictInt, isLink, NumOut, optDate, optId, optNumber, optText, reqId, reqText } from '../fields';
import { ANIMAL_ORIGINS, ANIMAL_SEX } from './animal';
import { PendingMovement } from '../flow/stock-approval';
import { permitIdsIn, purposeCodeIn, sourceCodeIn } from './permit';

/**
 * The stock ledger (存栏变动): every accession (birth, import), disposition (export, death, deregistration) and
 * internal move is one appended row; current stock (an animal's status and cage, a population's M.F.U per cage)
 * is its result. `census` rows are opening entries of stock that predates the ledger (a registry create books an
 * import, decision 0027), `reverse` rows compensate the latest movement of a stock (the ledger's `remove`).
 */
export const MOVEMENT_TYPES = ['born', 'import', 'export', 'move', 'die', 'cancel', 'census', 'reverse'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/** The six movements a user registers, each at `/zoo-stockLog/stockLog/<kind>_enroll` with button `stocklog_<kind>`. */
export const MOVEMENTS = ['born', 'import', 'export', 'move', 'die', 'cancel'] as const;
export type Movement = (typeof MOVEMENTS)[number];
/** 1 individual management, 2 population management (spec §9). */
export const ANIMAL_TYPES = [1, 2] as const;
// Dictionary keys of the movement types' own dictionaries.
export const CANCELLATION_TYPES = [1, 2, 3, 4, 5, 6] as const;
export const DIE_TYPES = [1, 2, 3, 4, 5] as const;
export const EXPORT_TYPES = [1, 2, 3, 4, 5, 6] as const;
export const IMPORT_TYPES = [1, 2, 3, 4, 5, 6] as const;
export const BORN_TYPES = [1, 2, 3] as const;

const notFuture = (label: string) => dateIn(label).refine((s) => s.slice(0, 10) <= chinaToday(), `${label}不能晚于今天`);
/** A required event date, not later than today. */
const reqDate = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string({ error: `请选择${label}` }).pipe(notFuture(label)));

/** Counts are integers, 0 when not given (spec §5, §9); a negative one is refused. */
export const quantityIn = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `${label}必须是整数` })
      .int(`${label}必须是整数`)
      .min(0, `${label}不能为负数`)
      .max(1_000_000, `${label}不能大于1000000`),
  );

/** Image links: an array or Blade's comma-joined string (uploads go through object storage first). */
const images = z
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
    z.array(z.string().trim().max(1000, '图片链接不能超过1000个字符').refine(isLink, '图片链接不是有效的链接地址')).max(20, '图片最多20张'),
  )
  .optional();

const common = {
  animalType: dictInt('管理方式', ANIMAL_TYPES).default(1),
  speciesId: reqId('物种'),
  cageId: optId('笼舍'),
  animalId: optId('个体'),
  maleQuantity: quantityIn('雄性数量'),
  femaleQuantity: quantityIn('雌性数量'),
  theyQuantity: quantityIn('性别不明数量'),
  images,
  remark: optText('备注', 500),
};

type Common = { animalType: number; cageId?: string | null; animalId?: string | null; maleQuantity: number; femaleQuantity: number; theyQuantity: number };

/** Individual movements name the animal (its cage is known); population movements name the cage and counts. */
const outShape = (v: Common, ctx: z.RefinementCtx) => {
  if (v.animalType === 1 && !v.animalId) ctx.addIssue({ code: 'custom', message: '请选择个体', path: ['animalId'] });
  if (v.animalType === 2) {
    if (!v.cageId) ctx.addIssue({ code: 'custom', message: '请选择笼舍', path: ['cageId'] });
    else if (v.maleQuantity + v.femaleQuantity + v.theyQuantity === 0)
      ctx.addIssue({ code: 'custom', message: '雄性、雌性、性别不明数量不能全部为0', path: ['maleQuantity'] });
  }
};

/** A newborn or arriving individual (a litter or clutch lists several). */
export const NewAnimalIn = z.object({
  localNo: reqText('本园编号', 50),
  animalName: optText('名字', 100),
  sex: dictInt('性别', ANIMAL_SEX),
});

const inShape = (v: Common & { animals?: unknown[] }, ctx: z.RefinementCtx) => {
  if (!v.cageId) ctx.addIssue({ code: 'custom', message: '请选择笼舍', path: ['cageId'] });
  if (v.animalType === 1 && !v.animals?.length) ctx.addIssue({ code: 'custom', message: '请填写至少一个个体', path: ['animals'] });
  if (v.animalType === 2 && v.maleQuantity + v.femaleQuantity + v.theyQuantity === 0)
    ctx.addIssue({ code: 'custom', message: '雄性、雌性、性别不明数量不能全部为0', path: ['maleQuantity'] });
};

const animals = z.array(NewAnimalIn).max(50, '一次最多登记50个个体').optional();

export const BornIn = z
  .object({
    ...common,
    bornDate: reqDate('出生日期'),
    bornType: dictInt('出生方式', BORN_TYPES).optional(),
    animals,
    sireId: optId('父本'),
    damId: optId('母本'),
  })
  .superRefine(inShape);

export const ImportIn = z
  .object({
    ...common,
    importDate: reqDate('引进日期'),
    importType: dictInt('引进类型', IMPORT_TYPES),
    source: reqText('来源单位', 200),
    permitNo: optText('许可证号', 100),
    price: optNumber('价格', 0, 1e10),
    origin: dictInt('来源', ANIMAL_ORIGINS).optional(),
    animals,
  })
  .superRefine(inShape);

export const ExportIn = z
  .object({
    ...common,
    exportDate: reqDate('输出日期'),
    exportType: dictInt('输出类型', EXPORT_TYPES),
    output: reqText('输出去向', 200),
    price: optNumber('价格', 0, 1e10),
    permitNo: optText('许可证号', 100),
    backDate: optDate('归还日期').refine((s) => !s || s.slice(0, 10) >= chinaToday(), '归还日期不能早于今天'),
    /** Permits covering the export (decision 0040): a transport certificate for class I/II species, CITES documents abroad. */
    permitIds: permitIdsIn,
    /** Leaves China: CITES-listed species then need a CITES document with the purpose and source codes below. */
    crossBorder: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
    purposeCode: purposeCodeIn,
    sourceCode: sourceCodeIn,
  })
  .superRefine((v, ctx) => {
    outShape(v, ctx);
    if (v.crossBorder && !v.purposeCode) ctx.addIssue({ code: 'custom', message: '出境输出须填写CITES交易目的代码', path: ['purposeCode'] });
    if (v.crossBorder && !v.sourceCode) ctx.addIssue({ code: 'custom', message: '出境输出须填写CITES来源代码', path: ['sourceCode'] });
  });

export const MoveIn = z.object({ ...common, moveDate: reqDate('迁移日期'), toCageId: reqId('迁入笼舍') }).superRefine((v, ctx) => {
  outShape(v, ctx);
  if (v.animalType === 2 && v.cageId && v.cageId === v.toCageId) ctx.addIssue({ code: 'custom', message: '迁入笼舍不能与迁出笼舍相同', path: ['toCageId'] });
});

export const DieIn = z
  .object({ ...common, dieDate: reqDate('死亡日期'), dieType: dictInt('死亡类型', DIE_TYPES), reason: optText('兽医意见', 1000) })
  .superRefine(outShape);

export const CancelIn = z
  .object({ ...common, cancelDate: reqDate('注销日期'), cancelType: dictInt('注销类型', CANCELLATION_TYPES), reason: optText('兽医意见', 1000) })
  .superRefine(outShape);

export const StockLogRecord = z.object({
  id: IdOut,
  tenantId: z.string(),
  movementType: z.enum(MOVEMENT_TYPES).meta({ title: '变动类型' }),
  animalType: z.number().meta({ title: '管理方式' }),
  speciesId: z.string(),
  speciesName: z.string(),
  animalId: z.string(),
  localNo: z.string(),
  animalName: z.string(),
  populationId: z.string(),
  toPopulationId: z.string(),
  fromCageId: z.string(),
  fromCageName: z.string(),
  toCageId: z.string(),
  toCageName: z.string(),
  maleQuantity: z.number(),
  femaleQuantity: z.number(),
  theyQuantity: z.number(),
  totalQuantity: z.number(),
  /** Stock before and after, M.F.U (e.g. "1.2.0"): the source stock of an out/move, the target of an in. */
  fromBefore: z.string(),
  fromAfter: z.string(),
  toBefore: z.string(),
  toAfter: z.string(),
  /** An individual's status before/after (0 = not yet registered). */
  statusBefore: NumOut,
  statusAfter: NumOut,
  eventDate: DateTimeOut.meta({ title: '日期' }),
  /** The key in the movement's type dictionary (born_type, import_type, export_type, die_type, cancellation_type). */
  typeKey: z.string(),
  counterpart: z.string(),
  price: NumOut,
  backDate: DateTimeOut,
  permitNo: z.string(),
  reason: z.string(),
  images: z.string(),
  remark: z.string(),
  /** On a reverse row: the row it compensates. */
  reversedId: z.string(),
  /** On a reversed row: the compensating row. */
  reversalId: z.string(),
  /** On the export (sender) and import (receiver) rows of an accepted inter-zoo transfer: the transfer. */
  transferId: z.string(),
  createUser: z.string(),
  createUserName: z.string(),
  createTime: DateTimeOut,
});

/**
 * Append-only: list and detail, the six movements below, and `reverse` (the spec's `remove` path): the latest
 * movement of a stock is compensated by a new reversal row; nothing is deleted.
 */
export const stockLog = defineResource({
  verbs: ['list', 'detail', 'remove'],
  named: { remove: { as: 'reverse', summary: '撤销存栏变动登记 (追加一笔冲正记录, 不删除)' } },
  name: 'stocklog',
  base: '/zoo-stockLog/stockLog',
  title: '存栏变动',
  record: StockLogRecord,
  filters: z.object({
    movementType: z.string().optional(),
    animalType: z.string().optional(),
    speciesId: z.string().optional(),
    animalId: z.string().optional(),
    populationId: z.string().optional(),
    eventDate_datege: z.string().optional(),
    eventDate_datele: z.string().optional(),
  }),
  /** Not a column: a cage matches either side of a movement. */
  params: z.object({ cageId: optId('笼舍') }),
  filterMode: 'entity',
  perms: { delete: 'stocklog_delete' },
});

/** What a movement answers: the ledger rows it appended (a litter appends one per newborn). */
/** `approval` is set when the tenant requires approval: nothing moved yet, `ids` are empty (issue 14). */
/** `warnings`: what the zoo's parameters let through but the user must see (a birth beyond the licence's approved quantity). */
export const MovementResult = z.object({
  ids: z.array(z.string()),
  animalIds: z.array(z.string()),
  approval: PendingMovement.optional(),
  warnings: z.array(z.string()).optional(),
});

/** What `stockLog/submit` answers for a body without a known movement type. */
export const SUBMIT_TYPE_MSG =
  '请指定变动类型 movementType: born(出生登记 born_enroll)、import(引进登记 import_enroll)、export(输出登记 export_enroll)、move(迁移登记 move_enroll)、die(死亡登记 die_enroll)、cancel(注销登记 cancel_enroll)';
/** A booked movement is never changed in place. */
export const SUBMIT_EDIT_MSG = '存栏变动登记后不能修改: 请撤销(remove)该记录后重新登记';

const movement = <B extends z.ZodType>(kind: Movement, summary: string, body: B) =>
  endpoint({ method: 'POST', path: `/zoo-stockLog/stockLog/${kind}_enroll`, summary, access: { perm: `stocklog_${kind}` }, body, data: MovementResult });

export const stockLogEndpoints = {
  born: movement('born', '出生登记', BornIn),
  import: movement('import', '引进登记', ImportIn),
  export: movement('export', '输出登记', ExportIn),
  move: movement('move', '迁移登记', MoveIn),
  die: movement('die', '死亡登记', DieIn),
  cancel: movement('cancel', '注销登记', CancelIn),
  /**
   * The spec's generic `submit`: books the movement its body describes (`movementType` plus that movement's
   * fields), through the same checks, rights (`stocklog_<type>`) and approval as the `*_enroll` call of that type.
   * A movement is never edited: a body with an `id` is refused (reverse it and book it again).
   */
  submit: endpoint({
    method: 'POST',
    path: '/zoo-stockLog/stockLog/submit',
    summary: '存栏变动登记 (按 movementType 分派到对应的 *_enroll 登记)',
    access: 'login',
    body: z.discriminatedUnion(
      'movementType',
      [
        BornIn.safeExtend({ movementType: z.literal('born'), id: z.unknown().optional() }),
        ImportIn.safeExtend({ movementType: z.literal('import'), id: z.unknown().optional() }),
        ExportIn.safeExtend({ movementType: z.literal('export'), id: z.unknown().optional() }),
        MoveIn.safeExtend({ movementType: z.literal('move'), id: z.unknown().optional() }),
        DieIn.safeExtend({ movementType: z.literal('die'), id: z.unknown().optional() }),
        CancelIn.safeExtend({ movementType: z.literal('cancel'), id: z.unknown().optional() }),
      ],
      { error: SUBMIT_TYPE_MSG },
    ),
    data: MovementResult,
  }),
  /** Movement timeline of one animal or population, oldest first (detail screens). */
  timeline: endpoint({
    method: 'GET',
    path: '/zoo-stockLog/stockLog/timeline',
    summary: '个体或种群的存栏变动时间线',
    access: 'login',
    query: z.object({ animalId: optId('个体'), populationId: optId('种群') }),
    data: z.array(StockLogRecord),
  }),
};
export type MovementBody = {
  born: z.output<typeof BornIn>;
  import: z.output<typeof ImportIn>;
  export: z.output<typeof ExportIn>;
  move: z.output<typeof MoveIn>;
  die: z.output<typeof DieIn>;
  cancel: z.output<typeof CancelIn>;
};
