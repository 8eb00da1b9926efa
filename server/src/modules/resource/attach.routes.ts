import type { FastifyInstance } from 'fastify';
import { eq, inArray, and } from 'drizzle-orm';
import { attach } from '@zoo/contract';
import { crudRoutes } from '../../platform/crud-routes';
import { blanked } from '../../platform/records';
import { bladeAttach, bladeOss } from './resource.tables';
import { keyTenant } from './storage/object-key';
import { withStore } from './storage/stores';

/**
 * /blade-resource/attach. Rows come from put-file-attach; submit registers an external link or renames one.
 * Remove also deletes the stored objects, but only objects under the caller's own tenant prefix.
 */
export function attachRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: bladeAttach,
    def: attach,
    toRecord: (r) => blanked(r),
    beforeSave: async (input, _ctx, existing) => {
      // A stored object's link is derived from its key; only its display name may change.
      if (existing?.name) return { originalName: input.originalName };
      return { link: input.link, originalName: input.originalName, extension: input.extension ?? '', attachSize: input.attachSize ?? 0 };
    },
    beforeRemove: async (ids, { db, session, req }) => {
      const rows = await db.select().from(bladeAttach).where(and(inArray(bladeAttach.id, ids), eq(bladeAttach.isDeleted, 0)));
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
