import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { CITES_KINDS, CONSUMED_KINDS, permit, permitEndpoints } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { zooSpecies } from '../zoo.tables';
import { speciesOf } from '../shared/lookups';
import { expiringPermits } from './expiring';
import { capacityOf, headsOf, sexQuantities, uncovered } from './permit-lines';
import { permitRecords, usedBySex } from './permit.records';
import { zooPermit, zooPermitUse } from './permit.tables';

const p = zooPermit;
const MISSING = '许可证不存在或已删除';
const MIRRORED = '该许可证由物种授权(动物园授权 → 授权物种)维护,请在那里修改';

/** Consumed kinds listed as SQL (constants of the contract, not request values). */
/** A consumed permit whose every species has nothing left. */
const usedUp = sql`${p.kind} = any(${`{${CONSUMED_KINDS.join(',')}}`}::int[]) and not exists (
  select 1 from (select l->>'speciesId' as sid, sum((l->>'quantity')::int) as q from jsonb_array_elements(${p.lines}) l group by 1) s
   where s.q > coalesce((select sum(u.quantity) from zoo_permit_use u where u.permit_id = ${p.id} and u.species_id = s.sid::bigint and u.is_deleted = 0), 0))`;

const stateWhere = (state: string | undefined): SQL | undefined => {
  switch (state) {
    case 'expired':
      return sql`${p.validTo} < current_date`;
    case 'pending':
      return sql`${p.validFrom} > current_date`;
    case 'used':
      return and(sql`${p.validFrom} <= current_date and (${p.validTo} is null or ${p.validTo} >= current_date)`, usedUp);
    case 'valid':
      return sql`${p.validFrom} <= current_date and (${p.validTo} is null or ${p.validTo} >= current_date) and not (${usedUp})`;
    default:
      return undefined;
  }
};

/** Permits: records of the documents a zoo holds (decision 0040). */
export function permitRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: p,
    def: permit,
    // Soonest expiry first: what a compliance officer looks at.
    defaultOrder: () => [sql`${p.validTo} asc nulls last`, desc(p.id)],
    toRecords: permitRecords,
    listScope: async (_ctx, { speciesId, state }) =>
      and(speciesId ? sql`${p.lines} @> ${JSON.stringify([{ speciesId }])}::jsonb` : undefined, stateWhere(state)),
    beforeSave: async (input, ctx, existing) => {
      const { db } = ctx;
      if (existing?.origin === 'licence') throw new BizError(MIRRORED);
      const ids = [...new Set(input.lines.map((l) => l.speciesId))];
      const found = await db
        .select({ id: zooSpecies.id })
        .from(zooSpecies)
        .where(and(inArray(zooSpecies.id, ids), eq(zooSpecies.isDeleted, 0)));
      if (found.length !== ids.length) throw new BizError('许可物种不存在或已从物种库删除');
      // The same document number twice for one kind is a typing error, not a second document. Writers of one number
      // take turns (no unique index holds it), so two submissions at once cannot both pass the check below.
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('zoo_permit'), hashtext(${`${ctx.session.tenantId} ${input.kind} ${input.permitNo}`}))`);
      const [dup] = await db
        .select({ id: p.id })
        .from(p)
        .where(and(eq(p.kind, input.kind), eq(p.permitNo, input.permitNo), eq(p.isDeleted, 0), existing ? ne(p.id, existing.id) : undefined));
      if (dup) throw new BizError(`证件编号「${input.permitNo}」已登记`);
      if (existing) {
        // A line may not shrink below what movements already used of its species (of the sexes they were).
        const used = (await usedBySex(db, [existing.id])).get(existing.id) ?? new Map<string, [number, number, number]>();
        for (const [sid, mfu] of used) {
          const cap = capacityOf(input.lines, sid);
          const n = headsOf(mfu);
          if (cap.total >= n && !uncovered(cap, mfu)) continue;
          const name = (await speciesOf(ctx)(sid))?.speciesName ?? sid;
          if (cap.total < n) throw new BizError(`物种「${name}」已使用${n}只,许可数量不能少于已使用数量`);
          const bySex = sexQuantities(mfu.flatMap((k, i) => (k ? [[i + 1, k] as [number, number]] : [])));
          throw new BizError(`物种「${name}」已使用${bySex},修改后的性别许可行不能覆盖已使用数量`);
        }
      }
      return {
        // The lines as a jsonb array (the default mapping would join an array as Blade's comma list).
        lines: input.lines.map((l) => ({ speciesId: l.speciesId, sex: l.sex, quantity: l.quantity })),
        purposeCode: CITES_KINDS.includes(input.kind) ? (input.purposeCode ?? '') : '',
        sourceCode: CITES_KINDS.includes(input.kind) ? (input.sourceCode ?? '') : '',
      };
    },
    beforeRemove: async (ids, { db }) => {
      const rs = await db
        .select({ id: p.id, origin: p.origin, permitNo: p.permitNo })
        .from(p)
        .where(and(inArray(p.id, ids), eq(p.isDeleted, 0)));
      if (rs.some((r) => r.origin === 'licence')) throw new BizError(MIRRORED);
      const [use] = await db
        .select({ permitId: zooPermitUse.permitId })
        .from(zooPermitUse)
        .where(and(inArray(zooPermitUse.permitId, ids), eq(zooPermitUse.isDeleted, 0)))
        .limit(1);
      if (use) throw new BizError(`许可证「${rs.find((r) => r.id === use.permitId)?.permitNo ?? ''}」已被存栏变动或转移使用,不能删除`);
    },
  });

  route(app, permitEndpoints.uses, async (call) => {
    await mustExist(call.db, p, call.query.permitId, MISSING);
    const u = zooPermitUse;
    const rs = await call.db
      .select()
      .from(u)
      .where(and(eq(u.permitId, call.query.permitId), eq(u.isDeleted, 0)))
      .orderBy(asc(u.useDate), asc(u.id));
    return Promise.all(
      rs.map(async (r) => ({
        id: r.id,
        permitId: r.permitId,
        speciesId: r.speciesId,
        speciesName: (await speciesOf(call)(r.speciesId))?.speciesName ?? '',
        quantity: r.quantity,
        useDate: r.useDate,
        stockLogId: r.stockLogId ?? '',
        transferId: r.transferId ?? '',
        useKind: r.useKind,
        createTime: r.createTime,
      })),
    );
  });

  // Permits in force whose last day falls within the next `days` days, soonest first (reminders, the home card).
  route(app, permitEndpoints.expiring, async (call) => permitRecords(await expiringPermits(call.db, call.query.days), call));
}
