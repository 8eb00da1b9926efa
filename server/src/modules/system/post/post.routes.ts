import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { post, postEndpoints } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { systemDictLabels } from '../../../platform/dict/dict-cache';
import { forTenant } from '../../../platform/tenancy/for-tenant';
import { route } from '../../../platform/http/route';
import { bladePost } from './post.tables';

type PostRow = typeof bladePost.$inferSelect;

export function postRoutes(app: FastifyInstance): void {
  /** PostVO: the post columns plus `categoryName` (dict post_category). */
  const records = async (db: DbLike, rows: PostRow[]) => {
    const label = await systemDictLabels(app.zoo.cache, db, 'post_category');
    return rows.map((r) => ({ ...r, categoryName: label(r.category) }));
  };

  resourceRoutes(app, {
    table: bladePost,
    def: post,
    toRecords: (rows, { db }) => records(db, rows),
    defaultOrder: (c) => [asc(c.sort!), asc(c.id!)],
  });

  route(app, postEndpoints.select, async (call) => {
    const rows = await forTenant(call, call.query.tenantId, () =>
      call.db
        .select()
        .from(bladePost)
        .where(and(eq(bladePost.isDeleted, 0)))
        .orderBy(asc(bladePost.sort), asc(bladePost.id)),
    );
    return records(call.db, rows);
  });
}
