import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { MOVEMENTS, stockLog, stockLogEndpoints, SUBMIT_EDIT_MSG, type Movement, type MovementBody } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { auditReasonUnlessGiven } from '../../../platform/tenancy/tenant-tx';
import { route } from '../../../platform/http/route';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { checkPedigree } from '../animal/pedigree';
import { assertSpeciesAuthorised } from '../shared/licence';
import { zooAnimal } from '../zoo.tables';
import { animalOut, appendAnimalIn, cageOfZoo, MOVEMENT_NAME, type Particulars } from './ledger';
import { populationIn, populationOut } from './ledger-population';
import { mfuIn, particularsOf } from './movement-particulars';
import { startQuarantineOnArrival } from '../vet/quarantine.service';
import { reverseMovement } from './reverse';
import { approvalRoutes, gateMovement, registerMovementApplier } from './approval';
import { submitAccess } from './submit-access';
import { stockLogRecords } from './stocklog.records';
import { checkOutgoing, recordUses } from '../permit/permit-gate';
import { checkApprovedQuantity, withWarning } from '../permit/approved-quantity';
import { zooStockLog } from './stocklog.tables';

const l = zooStockLog;
const a = zooAnimal;

type InBody = MovementBody['born'] | MovementBody['import'];

/** Births and imports of individuals: each newborn or arrival becomes an animal record in stock, with its row. */
async function individualsIn(db: Tx, kind: 'born' | 'import', b: InBody, x: Particulars): Promise<{ ids: string[]; animalIds: string[] }> {
  const cage = await cageOfZoo(db, b.cageId!);
  const list = b.animals ?? [];
  const seen = new Set<string>();
  for (const n of list) {
    if (seen.has(n.localNo)) throw new BizError(`本园编号「${n.localNo}」在本次登记中重复`);
    seen.add(n.localNo);
  }
  const born = kind === 'born' ? (b as MovementBody['born']) : undefined;
  const ids: string[] = [];
  const animalIds: string[] = [];
  for (const n of list) {
    await refuseDuplicate(db, a, eq(a.localNo, n.localNo), undefined, `本园编号「${n.localNo}」已存在`);
    await checkPedigree(db, { speciesId: b.speciesId, sex: n.sex, sireId: born?.sireId, damId: born?.damId });
    const [animal] = await db
      .insert(a)
      .values({
        speciesId: b.speciesId,
        localNo: n.localNo,
        animalName: n.animalName ?? '',
        sex: n.sex,
        birthDate: born ? x.eventDate : null,
        birthPrecision: born ? 1 : 4,
        origin: born ? 1 : ((b as MovementBody['import']).origin ?? 3),
        sireId: born?.sireId ?? null,
        sireMark: born?.sireId ? '' : 'UNK',
        damId: born?.damId ?? null,
        damMark: born?.damId ? '' : 'UNK',
        cageId: cage.id,
        status: 1,
      })
      .returning();
    animalIds.push(animal!.id);
    const logId = await appendAnimalIn(db, kind, animal!, x);
    // An arrival into a 隔离检疫 cage starts its quarantine (decision 0038); a newborn does not.
    if (kind === 'import') await startQuarantineOnArrival(db, animal!, x.eventDate, logId);
    ids.push(logId);
  }
  return { ids, animalIds };
}

/** The request's reason (header `Audit-Reason`), '' when none. */
async function auditReason(db: Tx): Promise<string> {
  const res = (await db.execute(sql`select current_setting('app.audit_reason', true) as reason`)) as unknown as { rows: Array<{ reason: string | null }> };
  return res.rows[0]?.reason ?? '';
}

/**
 * Books one movement. `final`: the route answers right after (not the approval applier, which records more), so a
 * population's ledger row travels with COMMIT.
 */
export async function register<K extends Movement>(app: FastifyInstance, db: Tx, kind: K, b: MovementBody[K], final = false): Promise<Booked> {
  let x = particularsOf(kind, b);
  // The audit rows of the stock changes say which movement made them (unless the caller gave a reason). Not
  // awaited alone: it travels in the movement's first message, ahead of every write.
  const labelled = auditReasonUnlessGiven(db, `${MOVEMENT_NAME[kind]}登记${x.remark ? `: ${x.remark}` : ''}`);
  labelled.catch(() => undefined);
  const warnings: string[] = [];
  if (kind === 'born' || kind === 'import') {
    const adding = b.animalType === 1 ? ((b as InBody).animals?.length ?? 0) : b.maleQuantity + b.femaleQuantity + b.theyQuantity;
    const warning = await checkApprovedQuantity(app, db, b.speciesId, adding);
    // Let through by the zoo's parameter, never silently: in the answer and on the ledger row.
    if (warning) warnings.push(warning);
    x = withWarning(x, warning);
  }
  // An export books first and checks its permits after, in the same transaction (a refusal rolls the booking back):
  // stock rows, then permits, is the lock order transfers take too, so the two never deadlock. The ledger row
  // then cannot travel with COMMIT.
  const booked = await book(db, kind, b, x, final && kind !== 'export');
  if (kind === 'export') {
    const e = b as MovementBody['export'];
    // The heads per sex as booked (an individual's sex is its record's): sex-specific permit lines read them.
    const [row] = await db
      .select({ m: zooStockLog.maleQuantity, f: zooStockLog.femaleQuantity, u: zooStockLog.theyQuantity })
      .from(zooStockLog)
      .where(eq(zooStockLog.id, booked.ids[0]!));
    const plan = await checkOutgoing(db, {
      speciesId: e.speciesId,
      mfu: [row!.m, row!.f, row!.u],
      day: e.exportDate.slice(0, 10),
      useKind: 'export',
      permitIds: e.permitIds,
      crossBorder: e.crossBorder,
      purposeCode: e.purposeCode,
      sourceCode: e.sourceCode,
    });
    await recordUses(db, plan, { stockLogId: booked.ids[0] });
  }
  await labelled;
  return warnings.length ? { ...booked, warnings } : booked;
}

export type Booked = { ids: string[]; animalIds: string[]; warnings?: string[] };

async function book<K extends Movement>(db: Tx, kind: K, b: MovementBody[K], x: Particulars, final: boolean): Promise<{ ids: string[]; animalIds: string[] }> {
  if (kind === 'born' || kind === 'import') {
    // Accessions need the species in the zoo's licence scope, in force (dispositions of held stock do not).
    if (b.animalType === 1) {
      await assertSpeciesAuthorised(db, b.speciesId);
      return individualsIn(db, kind, b as InBody, x);
    }
    // The licence and the cage are checked by the population's own call (its refusals in the same order).
    return { ids: [await populationIn(db, kind, b.speciesId, b.cageId!, mfuIn(b), x, final)], animalIds: [] };
  }
  const out = kind as 'export' | 'die' | 'cancel' | 'move';
  const toCageId = out === 'move' ? (b as MovementBody['move']).toCageId : undefined;
  if (b.animalType === 1) return { ids: [await animalOut(db, out, b.speciesId, b.animalId!, x, toCageId)], animalIds: [b.animalId!] };
  return { ids: [await populationOut(db, out, b.speciesId, b.cageId!, mfuIn(b), x, toCageId, final)], animalIds: [] };
}

export function stockLogRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: l,
    def: stockLog,
    toRecords: (rows, ctx) => stockLogRecords(rows, ctx),
    defaultOrder: () => [desc(l.eventDate), desc(l.id)],
    // A cage matches either side of a movement.
    listScope: async (_ctx, { cageId }) => (cageId ? or(eq(l.fromCageId, cageId), eq(l.toCageId, cageId)) : undefined),
    // The contract's `reverse` (at the spec's `remove` path): each row is compensated by a new reversal row.
    onRemove: async (ids, { db }) => {
      const why = await auditReason(db);
      for (const id of ids) await reverseMovement(db, id, why);
    },
  });

  route(app, stockLogEndpoints.born, async ({ db, body }) => register(app, db, 'born', body, true));
  route(app, stockLogEndpoints.import, async ({ db, body }) => register(app, db, 'import', body, true));
  route(app, stockLogEndpoints.move, async ({ db, body }) => register(app, db, 'move', body, true));
  // Dispositions may need the zoo's approval (./approval.ts): then they are pending until the process ends.
  for (const kind of ['export', 'die', 'cancel'] as const) registerMovementApplier(kind, (db, body) => register(app, db, kind, body as never));
  route(
    app,
    stockLogEndpoints.export,
    async (call) => (await gateMovement(app, call, 'export', call.body)) ?? register(app, call.db, 'export', call.body, true),
  );
  route(app, stockLogEndpoints.die, async (call) => (await gateMovement(app, call, 'die', call.body)) ?? register(app, call.db, 'die', call.body, true));
  route(
    app,
    stockLogEndpoints.cancel,
    async (call) => (await gateMovement(app, call, 'cancel', call.body)) ?? register(app, call.db, 'cancel', call.body, true),
  );
  approvalRoutes(app);

  // The spec's generic submit: the movement its body names, through that movement's own path (and approval).
  route(
    app,
    stockLogEndpoints.submit,
    async (call) => {
      const { movementType: kind, id, ...body } = call.body;
      if (id !== undefined && id !== null && id !== '') throw new BizError(SUBMIT_EDIT_MSG);
      if (kind === 'export' || kind === 'die' || kind === 'cancel')
        return (await gateMovement(app, call, kind, body)) ?? register(app, call.db, kind, body as never, true);
      return register(app, call.db, kind, body as never, true);
    },
    { authorize: (call) => submitAccess(app, call), accessDoc: `perm:${MOVEMENTS.map((k) => `stocklog_${k}`).join('|')}` },
  );

  route(app, stockLogEndpoints.timeline, async (call) => {
    const { animalId, populationId } = call.query;
    if (!animalId && !populationId) throw new BizError('请选择个体或种群');
    const where = animalId ? eq(l.animalId, animalId) : or(eq(l.populationId, populationId!), eq(l.toPopulationId, populationId!));
    const rows = await call.db.select().from(l).where(and(where)).orderBy(asc(l.id));
    return stockLogRecords(rows, call);
  });
}
