import { eq, sql } from 'drizzle-orm';
import { TRANSFER_ACCEPTED, TRANSFER_PENDING, TRANSFER_REJECTED, TRANSFER_WITHDRAWN, type TransferConfirmIn, type TransferIn } from '@zoo/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { NOT_FOUND } from '../../../platform/resource/resource-routes';
import { asTenant, setAuditReason } from '../../../platform/tenancy/tenant-tx';
import { assertSpeciesAuthorised } from '../shared/licence';
import { cageOfZoo, sexVector } from '../stocklog/ledger';
import { exportSide, holdAnimal, holdHeads, importSide, releaseHeads } from './transfer-ledger';
import { zooTransferLog } from './transfer.tables';
import { withWarning } from '../permit/approved-quantity';
import { checkOutgoing, recordUses, releaseUses } from '../permit/permit-gate';

/**
 * Transfers between zoos: proposal (sender), withdrawal (sender), confirmation (receiver). The routes and the demo
 * seed both go through these, so demo transfers are made exactly as users make them.
 */

const t = zooTransferLog;
type Transfer = typeof zooTransferLog.$inferSelect;
export type Proposal = z.output<typeof TransferIn>;
export type Confirmation = z.output<typeof TransferConfirmIn>;
/** Who acts: the caller's zoo and name (the request session, or the seed). */
export interface Actor {
  tenantId: string;
  name: string;
}
const STATE_NAME: Record<number, string> = { 0: '待确认', 1: '已接收', 2: '已拒绝', 3: '已撤回' };

const rowsOf = <R>(res: unknown) => (res as { rows: R[] }).rows;

/** The platform's zoos (code and name) through the one narrow cross-tenant read (zoo_directory(), migration). */
export async function zooDirectory(db: Tx): Promise<Array<{ tenantId: string; tenantName: string }>> {
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
export async function admitOutgoingTransfer(db: Tx, proposal: Proposal, sender: Actor): Promise<{ fromZooName: string; toZooName: string }> {
  const zoos = await zooDirectory(db);
  if (proposal.toTenantId === sender.tenantId) throw new BizError('不能向本园转移');
  const to = zoos.find((z) => z.tenantId === proposal.toTenantId);
  if (!to) throw new BizError('接收动物园不存在');
  return { fromZooName: zoos.find((z) => z.tenantId === sender.tenantId)?.tenantName ?? sender.tenantId, toZooName: to.tenantName };
}

/**
 * A proposal's row: admitted, the stock held (the animal locked and checked, or the heads put on hold), then the
 * permits it names checked and their uses booked against the row's id, taken before the row is written (decision 0040).
 */
export async function proposalRow(db: Tx, b: Proposal, sender: Actor): Promise<typeof zooTransferLog.$inferInsert> {
  const row = await heldRow(db, b, sender);
  const plan = await checkOutgoing(db, {
    speciesId: b.speciesId,
    mfu: [row.maleQuantity ?? 0, row.femaleQuantity ?? 0, row.theyQuantity ?? 0],
    day: b.transferDate.slice(0, 10),
    useKind: 'transfer',
    permitIds: b.permitIds ?? [],
  });
  const id = rowsOf<{ id: string }>(await db.execute(sql`select next_id()::text as id`))[0]!.id;
  await recordUses(db, plan, { transferId: id });
  return { ...row, id };
}

async function heldRow(db: Tx, b: Proposal, sender: Actor): Promise<typeof zooTransferLog.$inferInsert> {
  const names = await admitOutgoingTransfer(db, b, sender);
  const base = {
    toTenantId: b.toTenantId,
    animalType: b.animalType,
    speciesId: b.speciesId,
    transferDate: b.transferDate,
    remark: b.remark ?? '',
    ...names,
    transferStatus: TRANSFER_PENDING,
    createUserName: sender.name,
  };
  if (b.animalType === 1) {
    const animal = await holdAnimal(db, b.speciesId, b.animalId!);
    const cage = animal.cageId ? await cageOfZoo(db, animal.cageId) : undefined;
    const [m, f, u] = sexVector(animal.sex);
    return {
      ...base,
      animalId: animal.id,
      cageId: animal.cageId,
      cageName: cage ? `${cage.cageCode} ${cage.cageName}` : '',
      identityId: animal.identityId ?? animal.id,
      localNo: animal.localNo,
      animalName: animal.animalName,
      sex: animal.sex,
      maleQuantity: m,
      femaleQuantity: f,
      theyQuantity: u,
      populationId: null,
    };
  }
  const cage = await cageOfZoo(db, b.cageId!);
  const q = [b.maleQuantity, b.femaleQuantity, b.theyQuantity] as [number, number, number];
  const populationId = await holdHeads(db, b.speciesId, cage.id, cage.cageCode, q);
  return {
    ...base,
    animalId: null,
    cageId: cage.id,
    cageName: `${cage.cageCode} ${cage.cageName}`,
    populationId,
    maleQuantity: q[0],
    femaleQuantity: q[1],
    theyQuantity: q[2],
  };
}

/**
 * The proposal of a transfer that waited for the zoo's approval (payload: the validated proposal and its requester),
 * made now as the requester made it: admitted, stock held, the row written — in the zoo the transaction acts as.
 */
export async function proposeHeldTransfer(db: Tx, payload: Record<string, unknown>): Promise<string> {
  const { requester, ...proposal } = payload as Proposal & { requester?: { userId?: string; name?: string } };
  const tenantId = rowsOf<{ t: string }>(await db.execute(sql`select current_setting('app.tenant_id', true) as t`))[0]!.t;
  const row = await proposalRow(db, proposal as Proposal, { tenantId, name: requester?.name ?? '' });
  const [made] = await db
    .insert(t)
    .values({ ...row, ...(requester?.userId ? { createUser: requester.userId } : {}) })
    .returning({ id: t.id });
  return made!.id;
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

/** The sender withdraws a pending transfer: held heads are released, the row stays in state 已撤回. */
export async function withdrawTransfer(db: Tx, id: string, sender: Actor): Promise<void> {
  const row = await lockTransfer(db, id);
  if (row.tenantId !== sender.tenantId) throw new BizError('只有转出方可以撤回转移');
  refuseUnlessPending(row, '撤回');
  await releaseHeads(db, row);
  await releaseUses(db, { transferId: row.id });
  await db
    .update(t)
    .set({ transferStatus: TRANSFER_WITHDRAWN, confirmUserName: sender.name, confirmTime: await nowText(db) })
    .where(eq(t.id, id));
}

/**
 * The receiver's answer. Accept: in this one transaction the sender's export (run as the sender's tenant) and
 * the receiver's import. Reject: the sender's held heads are released; no stock moves. The transfer row is the
 * sender's record: its change is written as the sender's tenant, so its audit rows land in the sender's trail
 * (the receiving user is still named in them).
 */
export async function confirmTransfer(
  db: Tx,
  body: Confirmation,
  receiver: Actor,
  /** The receiver's licensed-quantity check (approved-quantity.ts): it warns (returned) or refuses. */
  quota?: (speciesId: string, adding: number) => Promise<string | undefined>,
): Promise<{ warnings?: string[] }> {
  const row = await lockTransfer(db, body.id);
  if (row.toTenantId !== receiver.tenantId) throw new BizError('只有接收方可以确认转移');
  refuseUnlessPending(row, '确认');
  const opinion = body.transferOpinion ?? '';
  const done = { confirmUserName: receiver.name, confirmTime: await nowText(db), transferOpinion: opinion };
  if (body.status === TRANSFER_REJECTED) {
    await setAuditReason(db, `拒绝转移: ${opinion}`);
    await asTenant(db, row.tenantId, async () => {
      await releaseHeads(db, row);
      await releaseUses(db, { transferId: row.id });
      await db
        .update(t)
        .set({ ...done, transferStatus: TRANSFER_REJECTED })
        .where(eq(t.id, row.id));
    });
    return {};
  }
  // Same rules as an import: the species in this zoo's licence scope and in force, a cage of this zoo.
  await assertSpeciesAuthorised(db, row.speciesId);
  const cage = await cageOfZoo(db, body.toCageId!, '接收笼舍');
  await setAuditReason(db, `园间转移 ${row.fromZooName} → ${row.toZooName}`);
  const x = { eventDate: done.confirmTime, remark: [row.remark, opinion].filter(Boolean).join(';').slice(0, 500) };
  // An import for the receiver: beyond its licence's approved quantity it is noted on its ledger row, or refused.
  const warning = await quota?.(row.speciesId, row.maleQuantity + row.femaleQuantity + row.theyQuantity);
  const out = await asTenant(db, row.tenantId, () => exportSide(db, row, x));
  const inn = await importSide(db, row, cage.id, withWarning(x, warning), out.travelling, body.localNo);
  await asTenant(db, row.tenantId, () =>
    db
      .update(t)
      .set({
        ...done,
        transferStatus: TRANSFER_ACCEPTED,
        toCageId: cage.id,
        toCageName: `${cage.cageCode} ${cage.cageName}`,
        toAnimalId: inn.animalId ?? null,
        exportLogId: out.logId,
        importLogId: inn.logId,
      })
      .where(eq(t.id, row.id)),
  );
  return warning ? { warnings: [warning] } : {};
}
