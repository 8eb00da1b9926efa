import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { TRANSFER_ACCEPTED, TRANSFER_PENDING, TRANSFER_REJECTED, TRANSFER_WITHDRAWN, transferLogEndpoints, transferLog, type TransferIn } from '@zoo/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { asTenant, setAuditReason } from '../../../platform/tenancy/tenant-tx';
import { assertSpeciesAuthorised } from '../shared/licence';
import { cageOfZoo, sexVector } from '../stocklog/ledger';
import { exportSide, holdAnimal, holdHeads, importSide, releaseHeads } from './transfer-ledger';
import { transferRecords } from './transfer.records';
import { zooTransferLog } from './transfer.tables';

const t = zooTransferLog;
type Transfer = typeof zooTransferLog.$inferSelect;
type Proposal = z.output<typeof TransferIn>;
const STATE_NAME: Record<number, string> = { 0: '待确认', 1: '已接收', 2: '已拒绝', 3: '已撤回' };
const me = sql`current_setting('app.tenant_id', true)`;

const rowsOf = <R>(res: unknown) => (res as { rows: R[] }).rows;

/** The platform's zoos (code and name) through the one narrow cross-tenant read (zoo_directory(), migration). */
async function zooDirectory(db: Tx): Promise<Array<{ tenantId: string; tenantName: string }>> {
  return rowsOf<{ tenant_id: string; tenant_name: string }>(await db.execute(sql`select tenant_id, tenant_name from zoo_directory()`)).map((r) => ({
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
  }));
}

/**
 * The one place an outgoing transfer is admitted: every proposal passes here before any stock is held. Today it
 * checks the destination (another live zoo of the platform); an approval gate for outgoing movements belongs
 * here too, so a transfer that needs approval never reaches the hold.
 */
export async function admitOutgoingTransfer(db: Tx, proposal: Proposal, senderTenantId: string): Promise<{ fromZooName: string; toZooName: string }> {
  const zoos = await zooDirectory(db);
  if (proposal.toTenantId === senderTenantId) throw new BizError('不能向本园转移');
  const to = zoos.find((z) => z.tenantId === proposal.toTenantId);
  if (!to) throw new BizError('接收动物园不存在');
  return { fromZooName: zoos.find((z) => z.tenantId === senderTenantId)?.tenantName ?? senderTenantId, toZooName: to.tenantName };
}

/** Locks a transfer the caller's zoo is a party of (row-level security hides the others: "not found"). */
async function lockTransfer(db: Tx, id: string): Promise<Transfer> {
  const [row] = await db.select().from(t).where(eq(t.id, id)).for('update');
  if (!row || row.isDeleted) throw new BizError(NOT_FOUND);
  return row;
}

const refuseUnlessPending = (row: Transfer, what: string) => {
  if (row.transferStatus !== TRANSFER_PENDING) throw new BizError(`该转移${STATE_NAME[row.transferStatus] ?? ''},不能${what}`);
};

async function nowText(db: Tx): Promise<string> {
  return rowsOf<{ now: string }>(await db.execute(sql`select to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS') as now`))[0]!.now;
}

export function transferRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: t,
    def: transferLog,
    toRecords: (rows, ctx) => transferRecords(rows, ctx),
    defaultOrder: () => [desc(t.id)],
    // Which side the caller is on is a view filter; isolation itself is the table's row-level security.
    listScope: async ({ req }) => {
      const d = (req.query as Record<string, string>).direction;
      return d === 'out' ? sql`${t.tenantId} = ${me}` : d === 'in' ? sql`${t.toTenantId} = ${me}` : undefined;
    },
    // Proposal: admitted, then the stock is held (the animal locked and checked, or the heads put on hold).
    beforeSave: async (input, { db, session }) => {
      const b = input as Proposal;
      const names = await admitOutgoingTransfer(db, b, session.tenantId);
      const who = session.realName || session.account;
      if (b.animalType === 1) {
        const animal = await holdAnimal(db, b.speciesId, b.animalId!);
        const cage = animal.cageId ? await cageOfZoo(db, animal.cageId) : undefined;
        const [m, f, u] = sexVector(animal.sex);
        return {
          ...names, cageId: animal.cageId, cageName: cage ? `${cage.cageCode} ${cage.cageName}` : '', identityId: animal.identityId ?? animal.id,
          localNo: animal.localNo, animalName: animal.animalName, sex: animal.sex, maleQuantity: m, femaleQuantity: f, theyQuantity: u,
          populationId: null, transferStatus: TRANSFER_PENDING, createUserName: who,
        };
      }
      const cage = await cageOfZoo(db, b.cageId!);
      const populationId = await holdHeads(db, b.speciesId, cage.id, cage.cageCode, [b.maleQuantity, b.femaleQuantity, b.theyQuantity]);
      return { ...names, animalId: null, cageName: `${cage.cageCode} ${cage.cageName}`, populationId, transferStatus: TRANSFER_PENDING, createUserName: who };
    },
    // `remove` = the sender withdraws a pending transfer; the row stays, in state 已撤回.
    onRemove: async (ids, { db, session }) => {
      for (const id of ids) {
        const row = await lockTransfer(db, id);
        if (row.tenantId !== session.tenantId) throw new BizError('只有转出方可以撤回转移');
        refuseUnlessPending(row, '撤回');
        await releaseHeads(db, row);
        await db.update(t).set({ transferStatus: TRANSFER_WITHDRAWN, confirmUserName: session.realName || session.account, confirmTime: await nowText(db) }).where(eq(t.id, id));
      }
    },
  });

  /**
   * The receiver's answer. The transfer row is the sender's record: its change is written as the sender's tenant,
   * so its audit rows land in the sender's trail (the receiving user is still named in them). Accept: in this one transaction the sender's export (run as the sender's tenant) and
   * the receiver's import. Reject: the sender's held heads are released; no stock moves.
   */
  route(app, transferLogEndpoints.confirm, async ({ db, session, body }) => {
    const row = await lockTransfer(db, body.id);
    if (row.toTenantId !== session.tenantId) throw new BizError('只有接收方可以确认转移');
    refuseUnlessPending(row, '确认');
    const opinion = body.transferOpinion ?? '';
    const done = { confirmUserName: session.realName || session.account, confirmTime: await nowText(db), transferOpinion: opinion };
    if (body.status === TRANSFER_REJECTED) {
      await setAuditReason(db, `拒绝转移: ${opinion}`);
      await asTenant(db, row.tenantId, async () => {
        await releaseHeads(db, row);
        await db.update(t).set({ ...done, transferStatus: TRANSFER_REJECTED }).where(eq(t.id, row.id));
      });
      return {};
    }
    // Same rules as an import: the species in this zoo's licence scope and in force, a cage of this zoo.
    await assertSpeciesAuthorised(db, row.speciesId);
    const cage = await cageOfZoo(db, body.toCageId!, '接收笼舍');
    await setAuditReason(db, `园间转移 ${row.fromZooName} → ${row.toZooName}`);
    const x = { eventDate: done.confirmTime, remark: [row.remark, opinion].filter(Boolean).join(';').slice(0, 500) };
    const out = await asTenant(db, row.tenantId, () => exportSide(db, row, x));
    const inn = await importSide(db, row, cage.id, x, out.travelling, body.localNo);
    await asTenant(db, row.tenantId, () =>
      db
        .update(t)
        .set({
          ...done, transferStatus: TRANSFER_ACCEPTED, toCageId: cage.id, toCageName: `${cage.cageCode} ${cage.cageName}`, toAnimalId: inn.animalId ?? null,
          exportLogId: out.logId, importLogId: inn.logId,
        })
        .where(eq(t.id, row.id)),
    );
    return {};
  });

  route(app, transferLogEndpoints.zoos, async ({ db, session }) => (await zooDirectory(db)).filter((z) => z.tenantId !== session.tenantId));
}
