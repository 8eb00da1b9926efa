import type { FastifyInstance } from 'fastify';
import { eq, inArray, and } from 'drizzle-orm';
import { attach } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { bladeAttach, bladeOss } from '../resource.tables';
import { keyTenant } from '../storage/object-key';
import { withStore } from '../storage/stores';

/**
 * /blade-resource/attach. Rows come from put-file-attach; submit registers an external link or renames one.
 * Remove also deletes the stored objects, but only objects under the caller's own tenant prefix.
 */
export function attachRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeAttach,
    def: attach,
    // A stored object's link, type and size follow from its key: a submit may rename it, never repoint it.
    beforeSave: async (_input, _ctx, existing) =>
      existing?.name ? { link: existing.link, extension: existing.extension, attachSize: existing.attachSize } : undefined,
    beforeRemove: async (ids, { db, session, req }) => {
      const rows = await db
        .select()
        .from(bladeAttach)
        .where(and(inArray(bladeAttach.id, ids), eq(bladeAttach.isDeleted, 0)));
      for (const r of rows) {
        if (!r.name || keyTenant(r.name) !== session.tenantId) continue;
        // The configuration may be disabled or deleted since; its bucket still holds the object.
        const [config] = r.ossId ? await db.select().from(bladeOss).where(eq(bladeOss.id, r.ossId)) : [];
        if (r.ossId && !config) continue;
        await withStore(app, config, (s) => s.remove(r.name)).catch((e) => req.log.warn({ err: e, key: r.name }, 'attachment object not removed'));
      }
    },
  });
}
