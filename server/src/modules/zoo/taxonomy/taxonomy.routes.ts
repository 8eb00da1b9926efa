import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { TAXON_RANK_NAMES, taxonomy, taxonomyEndpoints, type TaxonNode } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { anyLive, refuseDuplicate } from '../../../platform/resource/guards';
import { requirePlatformAdmin } from '../shared/guards';
import { zooSpecies, zooTaxonomy } from '../zoo.tables';
import { TAXONOMY_CACHE, allTaxa, childrenOf, isSelfOrDescendant, toNode } from './taxonomy.service';

const t = zooTaxonomy;

export function taxonomyRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: t,
    def: taxonomy,
    defaultOrder: () => [asc(t.rank), asc(t.sort), asc(t.id)],
    toRecord: async (row, { db }) => {
      const taxa = await allTaxa(app, db);
      const kids = childrenOf(taxa);
      return { ...row, parentName: taxa.get(row.parentId)?.nameCn, hasChildren: (kids.get(row.id)?.length ?? 0) > 0 };
    },
    beforeSave: async (input, { db, session }, existing) => {
      requirePlatformAdmin(session);
      const taxa = await allTaxa(app, db);
      const parentId = input.parentId ?? '0';
      if (parentId === '0') {
        if (input.rank !== 1) throw new BizError('顶级阶元必须是纲');
      } else {
        const parent = taxa.get(parentId);
        if (!parent) throw new BizError('上级阶元不存在');
        if (input.rank <= parent.rank) throw new BizError(`下级阶元的等级必须低于上级「${parent.nameCn}」(${TAXON_RANK_NAMES[parent.rank]})`);
        if (existing && isSelfOrDescendant(taxa, existing.id, parentId)) throw new BizError('上级阶元不能是自身或其下级');
      }
      if (existing) {
        const below = childrenOf(taxa).get(existing.id) ?? [];
        if (below.some((c) => c.rank <= input.rank)) throw new BizError('存在等级不低于新等级的下级阶元,不能修改等级');
      }
      await refuseDuplicate(
        db,
        t,
        and(eq(t.parentId, parentId), eq(t.nameLatin, input.nameLatin))!,
        existing,
        `同一上级下已存在拉丁名为 ${input.nameLatin} 的阶元`,
      );
      return { parentId };
    },
    beforeRemove: async (ids, { db, session }) => {
      requirePlatformAdmin(session);
      const kids = await db
        .select({ id: t.id })
        .from(t)
        .where(and(inArray(t.parentId, ids), eq(t.isDeleted, 0)));
      if (kids.some((k) => !ids.includes(k.id))) throw new BizError('该阶元下还有下级阶元,请先删除下级');
      if (await anyLive(db, zooSpecies, inArray(zooSpecies.taxonomyId, ids))) throw new BizError('该阶元已被物种库中的物种引用,不能删除');
    },
    afterWrite: ({ db }) => app.zoo.cache.invalidate(db, TAXONOMY_CACHE),
  });

  route(app, taxonomyEndpoints.lazyTree, async ({ db, query }) => {
    const taxa = await allTaxa(app, db);
    const kids = childrenOf(taxa);
    return (kids.get(query.parentId) ?? []).map((r) => toNode(r, (kids.get(r.id)?.length ?? 0) > 0));
  });

  route(app, taxonomyEndpoints.tree, async ({ db }) => {
    const taxa = await allTaxa(app, db);
    const kids = childrenOf(taxa);
    const build = (parentId: string, depth: number): TaxonNode[] =>
      (kids.get(parentId) ?? []).map((r) => {
        const children = depth < 10 ? build(r.id, depth + 1) : [];
        return { ...toNode(r, children.length > 0), ...(children.length ? { children } : {}) };
      });
    return build('0', 0);
  });
}
