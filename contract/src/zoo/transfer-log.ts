import { z } from 'zod';
import { permitIdsIn } from './permit';
import { chinaToday, DateTimeOut, IdOut, NumFilter } from '../common';
import { endpoint } from '../endpoint';
import { defineResource } from '../resource';
import { dateIn, dictInt, NumOut, optId, optText, reqId } from '../fields';
import { ANIMAL_TYPES, quantityIn } from './stock-log';
import { PendingMovement } from '../flow/stock-approval';

/**
 * Transfers between zoos of the platform (转移记录): the sending zoo proposes individuals or population heads
 * to another zoo; both zoos list the row; the receiver confirms (`status` 1 accept / 2 reject, with
 * `transferOpinion` and the receiving cage); the sender may withdraw (`remove`) while it is pending.
 * Dict transfer_status: 0 pending, 1 accepted, 2 rejected, 3 withdrawn.
 */
export const TRANSFER_STATUSES = [0, 1, 2, 3] as const;
export const TRANSFER_PENDING = 0;
export const TRANSFER_ACCEPTED = 1;
export const TRANSFER_REJECTED = 2;
export const TRANSFER_WITHDRAWN = 3;
/** What a confirmation may answer (spec §3: id, transferOpinion, status). */
export const CONFIRM_STATUSES = [1, 2] as const;

const TenantCodeIn = z
  .string({ error: '请选择接收动物园' })
  .trim()
  .regex(/^\d{6}$/, '请选择接收动物园');

export const TransferIn = z
  .object({
    toTenantId: TenantCodeIn,
    animalType: dictInt('管理方式', ANIMAL_TYPES).default(1),
    speciesId: reqId('物种'),
    animalId: optId('个体'),
    cageId: optId('笼舍'),
    maleQuantity: quantityIn('雄性数量'),
    femaleQuantity: quantityIn('雌性数量'),
    theyQuantity: quantityIn('性别不明数量'),
    transferDate: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string({ error: '请选择转移日期' }).pipe(dateIn('转移日期').refine((s) => s.slice(0, 10) >= chinaToday(), '转移日期不能早于今天')),
    ),
    remark: optText('备注', 500),
    /** Permits covering the transfer (decision 0040): a transport certificate for class I/II species. */
    permitIds: permitIdsIn,
  })
  .superRefine((v, ctx) => {
    if (v.animalType === 1 && !v.animalId) ctx.addIssue({ code: 'custom', message: '请选择个体', path: ['animalId'] });
    if (v.animalType === 2) {
      if (!v.cageId) ctx.addIssue({ code: 'custom', message: '请选择笼舍', path: ['cageId'] });
      else if (v.maleQuantity + v.femaleQuantity + v.theyQuantity === 0)
        ctx.addIssue({ code: 'custom', message: '雄性、雌性、性别不明数量不能全部为0', path: ['maleQuantity'] });
    }
  });

export const TransferRecord = z.object({
  id: IdOut,
  tenantId: z.string().meta({ title: '转出动物园' }),
  fromZooName: z.string(),
  toTenantId: z.string().meta({ title: '接收动物园' }),
  toZooName: z.string(),
  /** `out` when the caller's zoo sends it, `in` when it receives it. */
  direction: z.enum(['out', 'in']),
  animalType: z.number(),
  speciesId: z.string(),
  speciesName: z.string(),
  animalId: z.string(),
  /** The animal identity shared by every zoo's record of this individual. */
  identityId: z.string(),
  localNo: z.string(),
  animalName: z.string(),
  sex: NumOut,
  cageId: z.string(),
  cageName: z.string(),
  maleQuantity: z.number(),
  femaleQuantity: z.number(),
  theyQuantity: z.number(),
  transferDate: DateTimeOut,
  remark: z.string(),
  transferStatus: z.number().meta({ title: '状态' }),
  transferOpinion: z.string(),
  toCageId: z.string(),
  toCageName: z.string(),
  toAnimalId: z.string(),
  exportLogId: z.string(),
  importLogId: z.string(),
  confirmUserName: z.string(),
  confirmTime: DateTimeOut,
  createUserName: z.string(),
  createTime: DateTimeOut,
});

/**
 * The sender's two verbs are a proposal (`propose`, at the spec's `submit` path) and its withdrawal (`withdraw`,
 * at `remove`): nothing is created for the receiver until it confirms, nothing is deleted.
 */
export const transferLog = defineResource({
  verbs: ['list', 'detail', 'create', 'remove'],
  paths: { create: 'submit' },
  named: {
    create: { as: 'propose', summary: '发起转移 (向其他动物园提出调拨, 待接收方确认)' },
    remove: { as: 'withdraw', summary: '撤回转移 (发出方撤回待确认的调拨)' },
  },
  name: 'transfer',
  base: '/zoo-transfer/transferLog',
  title: '转移记录',
  record: TransferRecord,
  input: TransferIn,
  /** `approval` when the zoo requires approval of outgoing movements: no proposal exists until it is approved. */
  submitData: z.object({ approval: PendingMovement.optional() }),
  filters: z.object({
    transferStatus: NumFilter,
    speciesId: z.string().optional(),
    animalType: z.string().optional(),
    identityId: NumFilter,
  }),
  /** out = sent by my zoo, in = received by my zoo (a view of the rows row-level security lets the zoo see). */
  params: z.object({ direction: z.enum(['out', 'in']).optional() }),
  filterMode: 'entity',
});

export const TransferConfirmIn = z
  .object({
    id: reqId('转移记录'),
    status: dictInt('确认结果', CONFIRM_STATUSES),
    transferOpinion: optText('确认意见', 500),
    toCageId: optId('接收笼舍'),
    /** The receiver's local number for an arriving individual; the sender's when not given. */
    localNo: optText('本园编号', 50),
  })
  .superRefine((v, ctx) => {
    if (v.status === 1 && !v.toCageId) ctx.addIssue({ code: 'custom', message: '请选择接收笼舍', path: ['toCageId'] });
    if (v.status === 2 && !v.transferOpinion) ctx.addIssue({ code: 'custom', message: '拒绝时请填写确认意见', path: ['transferOpinion'] });
  });

export const ZooOption = z.object({ tenantId: z.string(), tenantName: z.string() });

export const transferLogEndpoints = {
  confirm: endpoint({
    method: 'POST',
    path: '/zoo-transfer/transferLog/confirm',
    summary: '接收方确认转移 (接收或拒绝)',
    access: { perm: 'transfer_confirm' },
    body: TransferConfirmIn,
    /** `warnings`: an accepted transfer beyond the receiver's licensed quantity, let through by its parameter. */
    data: z.object({ warnings: z.array(z.string()).optional() }),
  }),
  /** The other zoos of the platform a transfer may go to (code and name only). */
  zoos: endpoint({
    method: 'GET',
    path: '/zoo-transfer/transferLog/zoos',
    summary: '可接收转移的其他动物园',
    access: 'login',
    data: z.array(ZooOption),
  }),
};
