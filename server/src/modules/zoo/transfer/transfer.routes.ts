import type { FastifyInstance } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import { transferLogEndpoints, transferLog } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import type { Session } from '../../../platform/auth/session';
import { gateMovement, registerMovementApplier } from '../stocklog/approval';
import { confirmTransfer, proposeHeldTransfer, proposalRow, withdrawTransfer, zooDirectory, type Actor, type Proposal } from './transfer.service';
import { transferRecords } from './transfer.records';
import { zooTransferLog } from './transfer.tables';
import { checkApprovedQuantity } from '../permit/approved-quantity';

const t = zooTransferLog;
const me = sql`current_setting('app.tenant_id', true)`;
const actor = (s: Session): Actor => ({ tenantId: s.tenantId, name: s.realName || s.account });

export function transferRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: t,
    def: transferLog,
    toRecords: (rows, ctx) => transferRecords(rows, ctx),
    defaultOrder: () => [desc(t.id)],
    // Which side the caller is on is a view filter; isolation itself is the table's row-level security.
    listScope: async (_ctx, { direction }) =>
      direction === 'out' ? sql`${t.tenantId} = ${me}` : direction === 'in' ? sql`${t.toTenantId} = ${me}` : undefined,
    // When the zoo requires approval of outgoing movements, the proposal waits for the process (stocklog/approval.ts):
    // no row exists, so the receiver sees nothing until it is approved.
    divertCreate: async (input, call) => {
      const pending = await gateMovement(app, call, 'transfer', { ...input, requester: { userId: call.session.userId, name: actor(call.session).name } });
      return pending ? { approval: pending.approval } : null;
    },
    // The contract's `propose` (the `create` verb, at the spec's `submit` path); the gate and the hold run before the row is written.
    beforeSave: async (input, { db, session }) => proposalRow(db, input as Proposal, actor(session)),
    // The contract's `withdraw` (the `remove` verb, at the spec's `remove` path): the sender withdraws a pending transfer.
    onRemove: async (ids, { db, session }) => {
      for (const id of ids) await withdrawTransfer(db, id, actor(session));
    },
  });

  // An approved transfer becomes the proposal the requester made, in the approving step's transaction.
  registerMovementApplier('transfer', async (db, body) => ({ ids: [await proposeHeldTransfer(db, body)] }));

  route(app, transferLogEndpoints.confirm, async ({ db, session, body }) =>
    confirmTransfer(db, body, actor(session), (speciesId, adding) => checkApprovedQuantity(app, db, speciesId, adding)),
  );

  route(app, transferLogEndpoints.zoos, async ({ db, session }) => (await zooDirectory(db)).filter((z) => z.tenantId !== session.tenantId));
}
