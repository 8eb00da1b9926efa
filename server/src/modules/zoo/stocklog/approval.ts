import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { stockApprovalEndpoints, stockApprovalParamKey, STOCK_APPROVAL_TABLE, type GatedMovement } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import type { Session } from '../../../platform/auth/session';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { getParam } from '../../../platform/param/param';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { flowDefinition, flowInstance } from '../../flow/flow.tables';
import { blankFlow, categoryNames, instanceFlow } from '../../flow/records';
import { onProcessEnd, startProcess } from '../../flow/runtime';
import { zooStockApproval } from './approval.tables';

/**
 * The approval gate of stock movements (issue 14). When the zoo's param names a process, an export, death,
 * deregistration — or an outgoing transfer, through `gateMovement(…, 'transfer', …)` once the transfer code calls
 * it — is checked (applied in a savepoint, then rolled back), stored as pending and handed to the process; stock
 * changes only when the process ends approved. A rejection (or a deleted instance) moves nothing and keeps the
 * reason for the requester.
 */

/** Applies one movement to stock and returns its stock-log ids (the ledger's `register`, the transfer's own). */
export type MovementApplier = (db: Tx, body: Record<string, unknown>) => Promise<{ ids: string[] }>;
const appliers = new Map<GatedMovement, MovementApplier>();

/** Each gated movement's code registers how it is applied (stocklog routes; the transfer module for 'transfer'). */
export function registerMovementApplier(kind: GatedMovement, fn: MovementApplier): void {
  appliers.set(kind, fn);
}

class DryRun extends Error {}

export interface PendingResult {
  ids: string[];
  animalIds: string[];
  approval: { approvalId: string; processInstanceId: string; state: 'pending' };
}

/** The process key the zoo requires for movements, '' when none. */
export async function approvalProcessKey(app: FastifyInstance, db: Tx, tenantId: string): Promise<string> {
  return (await getParam(app, stockApprovalParamKey(tenantId), '', db)).trim();
}

/**
 * Records `body` as a pending movement when the caller's zoo requires approval, else returns null (the caller
 * applies the movement itself).
 */
export async function gateMovement(app: FastifyInstance, call: { db: Tx; session: Session }, kind: GatedMovement, body: object): Promise<PendingResult | null> {
  const { db, session } = call;
  const key = await approvalProcessKey(app, db, session.tenantId);
  if (!key) return null;
  const apply = appliers.get(kind);
  if (!apply) throw new BizError('该变动类型未接入审批');
  // The zoo's own deployment wins over a common one; the latest active version.
  const [def] = await db
    .select()
    .from(flowDefinition)
    .where(and(eq(flowDefinition.processKey, key), eq(flowDefinition.suspensionState, 1)))
    .orderBy(desc(flowDefinition.mode), desc(flowDefinition.version))
    .limit(1);
  if (!def) throw new BizError(`存栏变动需要审批,但审批流程「${key}」未部署或已挂起,请联系管理员`);
  // Refuse now what could not be applied later (animal not in stock, counts too high…): apply, then roll back.
  await db
    .transaction(async (tx) => {
      await apply(tx, body as Record<string, unknown>);
      throw new DryRun();
    })
    .catch((e) => {
      if (!(e instanceof DryRun)) throw e;
    });
  const [row] = await db
    .insert(zooStockApproval)
    .values({ movement: kind, payload: body as Record<string, unknown> })
    .returning({ id: zooStockApproval.id });
  const instanceId = await startProcess(db, session, def.definitionId, `${STOCK_APPROVAL_TABLE}:${row!.id}`, {
    movement: kind,
    requester: `taskUser_${session.userId}`,
  });
  await db.update(zooStockApproval).set({ processInstanceId: instanceId }).where(eq(zooStockApproval.id, row!.id));
  return { ids: [], animalIds: [], approval: { approvalId: row!.id, processInstanceId: instanceId, state: 'pending' } };
}

/** Decides a pending movement when its process ends (called by the flow runtime in the same transaction). */
onProcessEnd(STOCK_APPROVAL_TABLE, async (db, businessId, outcome) => {
  const [row] = await db.select().from(zooStockApproval).where(eq(zooStockApproval.id, businessId)).for('update');
  if (!row || row.state !== 'pending') return;
  const decided = { decidedTime: sql`localtimestamp(0)` };
  if (outcome.deleted || !outcome.approved) {
    const reason = outcome.deleted ? `审批已撤销: ${outcome.comment}` : `审批未通过: ${outcome.comment || '驳回'}`;
    await db
      .update(zooStockApproval)
      .set({ ...decided, state: outcome.deleted ? 'cancelled' : 'rejected', reason: reason.slice(0, 1000) } as never)
      .where(eq(zooStockApproval.id, row.id));
    return;
  }
  const apply = appliers.get(row.movement as GatedMovement);
  try {
    if (!apply) throw new BizError('该变动类型未接入审批');
    // A savepoint: a movement that no longer fits the stock fails alone, the approval still completes.
    const { ids } = await db.transaction((tx) => apply(tx, row.payload));
    await db
      .update(zooStockApproval)
      .set({ ...decided, state: 'approved', stockLogIds: ids, reason: outcome.comment.slice(0, 1000) } as never)
      .where(eq(zooStockApproval.id, row.id));
  } catch (e) {
    if (!(e instanceof BizError)) throw e;
    await db
      .update(zooStockApproval)
      .set({ ...decided, state: 'rejected', reason: `审批已通过,但变动无法执行: ${e.message}`.slice(0, 1000) } as never)
      .where(eq(zooStockApproval.id, row.id));
  }
});

/** GET /zoo-stockLog/approval/detail: the pending or decided movement with its process (the handle screen). */
export function approvalRoutes(app: FastifyInstance): void {
  route(app, stockApprovalEndpoints.detail, async ({ db, session, query }) => {
    const [row] = await db.select().from(zooStockApproval).where(eq(zooStockApproval.id, query.businessId));
    if (!row) throw new BizError(NOT_FOUND);
    const [inst] = row.processInstanceId ? await db.select().from(flowInstance).where(eq(flowInstance.id, row.processInstanceId)) : [];
    return {
      id: row.id,
      tenantId: row.tenantId,
      movement: row.movement as GatedMovement,
      payload: row.payload,
      state: row.state as 'pending',
      reason: row.reason,
      processInstanceId: row.processInstanceId ?? '',
      createUser: row.createUser ?? '',
      createTime: row.createTime,
      decidedTime: row.decidedTime ?? '',
      stockLogIds: row.stockLogIds,
      // The requester by name, as the leave detail gives its applicant.
      flow: inst ? { ...instanceFlow(inst, await categoryNames(app.zoo.cache, db, session.tenantId)), assigneeName: inst.startUserName } : blankFlow(),
    };
  });
}
