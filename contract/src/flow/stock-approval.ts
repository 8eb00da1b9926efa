import { z } from 'zod';
import { DateTimeOut, Id } from '../common';
import { endpoint } from '../endpoint';
import { BladeFlow } from './flow';

/**
 * Approval of stock movements (issue 14, zoo use): a tenant param names a deployed process; exports, deaths,
 * deregistrations (and outgoing transfers) are then recorded as pending and applied when the process ends approved.
 */
/**
 * The per-zoo switch: param `zoo.stock.approvalProcess.<tenantId>` (参数管理) holds the KEY of a deployed process
 * (e.g. `zoo_stock_approval`, seeded); absent or "" = movements apply at once.
 */
export const STOCK_APPROVAL_PARAM = 'zoo.stock.approvalProcess';
export const stockApprovalParamKey = (tenantId: string) => `${STOCK_APPROVAL_PARAM}.${tenantId}`;
/** Business table of pending movements: business key `zoo_stock_approval:<id>`. */
export const STOCK_APPROVAL_TABLE = 'zoo_stock_approval';
/** Key of the seeded two-step (curator, then director) process. */
export const STOCK_APPROVAL_PROCESS_KEY = 'zoo_stock_approval';
/** Movements that can be gated. */
export const GATED_MOVEMENTS = ['export', 'die', 'cancel', 'transfer'] as const;
export type GatedMovement = (typeof GATED_MOVEMENTS)[number];
/** pending → approved (applied) | rejected (nothing moved) | cancelled (instance deleted) */
export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;

export const StockApproval = z.object({
  id: z.string(),
  tenantId: z.string(),
  movement: z.enum(GATED_MOVEMENTS),
  /** the movement's validated body, applied as-is once approved */
  payload: z.record(z.string(), z.unknown()),
  state: z.enum(APPROVAL_STATES),
  /** why it was rejected or could not be applied */
  reason: z.string(),
  processInstanceId: z.string(),
  createUser: z.string(),
  createTime: DateTimeOut,
  decidedTime: DateTimeOut,
  /** stock-log row ids once applied; for a transfer, the id of the proposal sent to the receiving zoo */
  stockLogIds: z.array(z.string()),
  flow: BladeFlow,
});
export type StockApproval = z.infer<typeof StockApproval>;

/** What a gated movement call returns instead of the applied movement. */
export const PendingMovement = z.object({ approvalId: z.string(), processInstanceId: z.string(), state: z.literal('pending') });

export const stockApprovalEndpoints = {
  detail: endpoint({
    method: 'GET',
    path: '/zoo-stockLog/approval/detail',
    summary: '存栏变动审批详情',
    access: 'login',
    query: z.object({ businessId: Id }),
    data: StockApproval,
  }),
};
