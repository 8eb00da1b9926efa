/** What the studbook keeps besides the pedigree: GD/FGE snapshots, studbook numbers and the keeper rights. */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { studbookEndpoints as ep } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { BizError } from '../../../platform/http/errors';
import { animalOf, assertSpecies, openStudbook } from './studbook.service';
import { zooStudbook, zooStudbookKeeper, zooStudbookNo, zooStudbookSnapshot } from './studbook.tables';
import { rowsOf } from './studbook-view';

export function studbookRecordRoutes(app: FastifyInstance): void {
  route(app, ep.snapshots, async ({ db, query }) => {
    const s = zooStudbookSnapshot;
    const rows = await db
      .select()
      .from(s)
      .where(and(eq(s.speciesId, query.speciesId), eq(s.isDeleted, 0)))
      .orderBy(desc(s.snapshotTime))
      .limit(400);
    return rows
      .sort((a, b) => a.snapshotTime.localeCompare(b.snapshotTime))
      .map((r) => ({
        snapshotTime: r.snapshotTime,
        living: r.living,
        founders: r.founders,
        gd: r.gd,
        fge: r.fge,
        meanF: r.meanF,
        meanMk: r.meanMk,
        source: r.source,
      }));
  });

  route(app, ep.snapshot, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    if (!sb.reader) throw new BizError('只有平台或该物种的谱系管理员可以记录快照');
    const g = sb.gen.figures;
    await db.insert(zooStudbookSnapshot).values({
      speciesId: query.speciesId,
      living: g.living,
      founders: g.founders,
      gd: g.gd,
      fge: g.fge,
      meanF: g.meanF,
      meanMk: g.meanMk,
      source: 2,
    });
    return {};
  });

  route(app, ep.number, async ({ db, body }) => {
    const sb = await openStudbook(db, body.speciesId);
    if (!sb.reader) throw new BizError('只有平台或该物种的谱系管理员可以设置谱系号');
    const f = animalOf(sb, body.animalId);
    let [book] = await db
      .select({ id: zooStudbook.id })
      .from(zooStudbook)
      .where(and(eq(zooStudbook.speciesId, body.speciesId), eq(zooStudbook.scope, body.scope), eq(zooStudbook.isDeleted, 0)));
    if (!book) {
      const name = rowsOf<{ n: string }>(await db.execute(sql`select species_name as n from zoo_species where id = ${body.speciesId}::bigint`))[0]?.n ?? '';
      [book] = await db
        .insert(zooStudbook)
        .values({ speciesId: body.speciesId, scope: body.scope, studbookName: `${name}${body.scope === 1 ? '国家' : '国际'}谱系` })
        .returning({ id: zooStudbook.id });
    }
    const n = zooStudbookNo;
    const live = and(eq(n.studbookId, book!.id), eq(n.isDeleted, 0));
    if (body.studbookNo) {
      const [taken] = await db
        .select({ identityId: n.identityId })
        .from(n)
        .where(and(live, eq(n.studbookNo, body.studbookNo)));
      if (taken && taken.identityId !== f.identity) throw new BizError(`谱系号 ${body.studbookNo} 已被其他个体使用(谱系号不能重复使用)`);
      if (taken) return {};
    }
    // The old number is kept (deleted, not overwritten): SPARKS never reuses a number.
    await db
      .update(n)
      .set({ isDeleted: 1 })
      .where(and(live, eq(n.identityId, f.identity)));
    if (body.studbookNo) {
      const [used] = await db
        .select({ id: n.id })
        .from(n)
        .where(and(eq(n.studbookId, book!.id), eq(n.studbookNo, body.studbookNo), eq(n.isDeleted, 1)));
      if (used) throw new BizError(`谱系号 ${body.studbookNo} 曾被使用过,不能重复使用`);
      await db.insert(n).values({ studbookId: book!.id, identityId: f.identity, studbookNo: body.studbookNo });
    }
    return {};
  });

  route(app, ep.keepers, async ({ db, query }) => {
    const rows = rowsOf<{ tenant_id: string; tenant_name: string }>(
      await db.execute(sql`select k.keeper_tenant_id as tenant_id, coalesce(d.tenant_name, '') as tenant_name
        from zoo_studbook_keeper k left join zoo_directory() d on d.tenant_id = k.keeper_tenant_id
        where k.species_id = ${query.speciesId}::bigint and k.is_deleted = 0 order by k.keeper_tenant_id`),
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, tenantName: r.tenant_name }));
  });

  route(app, ep.setKeepers, async ({ db, body }) => {
    await assertSpecies(db, body.speciesId);
    const k = zooStudbookKeeper;
    const zoos = new Set(rowsOf<{ tenant_id: string }>(await db.execute(sql`select tenant_id from zoo_directory()`)).map((r) => r.tenant_id));
    const unknown = body.tenantIds.filter((id) => !zoos.has(id));
    if (unknown.length) throw new BizError(`动物园 ${unknown.join('、')} 不存在`);
    const current = await db
      .select()
      .from(k)
      .where(and(eq(k.speciesId, body.speciesId), eq(k.isDeleted, 0)));
    const wanted = new Set(body.tenantIds);
    for (const r of current) if (!wanted.has(r.keeperTenantId)) await db.update(k).set({ isDeleted: 1 }).where(eq(k.id, r.id));
    for (const id of wanted) if (!current.some((r) => r.keeperTenantId === id)) await db.insert(k).values({ keeperTenantId: id, speciesId: body.speciesId });
    return {};
  });
}
