import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { client } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { BizError } from '../../../platform/http/errors';
import { refuseDuplicate } from '../../../platform/resource/guards';
import { bladeClient } from './client.tables';

/** OAuth clients (administrator only). The token endpoint reads blade_client directly, so no cache to drop. */
export function clientRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: bladeClient,
    def: client,
    beforeSave: (input, { db }, existing) =>
      refuseDuplicate(db, bladeClient, eq(bladeClient.clientId, input.clientId), existing, `客户端ID [${input.clientId}] 已存在`),
    // Removing the client the caller signed in with would lock the console out mid-session.
    beforeRemove: async (ids, { db, session }) => {
      const rows = await db.select({ clientId: bladeClient.clientId }).from(bladeClient).where(inArray(bladeClient.id, ids));
      if (rows.some((r) => r.clientId === session.clientId)) throw new BizError('不能删除当前正在使用的客户端');
    },
  });
}
