import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { client } from '@zoo/contract';
import { crudRoutes } from '../../platform/crud-routes';
import { BizError } from '../../platform/errors';
import { bladeClient } from './system.tables';

/** OAuth clients (administrator only). The token endpoint reads blade_client directly, so no cache to drop. */
export function clientRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: bladeClient,
    def: client,
    beforeSave: async (input, { db }, existing) => {
      const clash = await db
        .select({ id: bladeClient.id })
        .from(bladeClient)
        .where(and(eq(bladeClient.clientId, input.clientId), eq(bladeClient.isDeleted, 0), existing ? ne(bladeClient.id, existing.id) : undefined));
      if (clash.length) throw new BizError(`客户端ID [${input.clientId}] 已存在`);
      return {
        clientId: input.clientId,
        clientSecret: input.clientSecret,
        scope: input.scope,
        authorizedGrantTypes: input.authorizedGrantTypes,
        accessTokenValidity: input.accessTokenValidity,
        refreshTokenValidity: input.refreshTokenValidity,
        resourceIds: input.resourceIds ?? '',
        webServerRedirectUri: input.webServerRedirectUri ?? '',
        authorities: input.authorities ?? '',
        additionalInformation: input.additionalInformation ?? '',
        autoapprove: input.autoapprove ?? '',
      };
    },
    // Removing the client the caller signed in with would lock the console out mid-session.
    beforeRemove: async (ids, { db, session }) => {
      const rows = await db.select({ clientId: bladeClient.clientId }).from(bladeClient).where(inArray(bladeClient.id, ids));
      if (rows.some((r) => r.clientId === session.clientId)) throw new BizError('不能删除当前正在使用的客户端');
    },
  });
}
