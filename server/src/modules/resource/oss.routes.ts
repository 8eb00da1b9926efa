import type { FastifyInstance } from 'fastify';
import { oss, ossEndpoints } from '@zoo/contract';
import { crudRoutes } from '../../platform/crud-routes';
import { route } from '../../platform/route';
import { assertCodeFree, configRecords, enableOnly, keepSecret, type ConfigTable } from './config-rows';
import { bladeOss } from './resource.tables';

export const OSS_TABLE: ConfigTable = {
  table: bladeOss,
  id: bladeOss.id,
  code: bladeOss.ossCode,
  status: bladeOss.status,
  isDeleted: bladeOss.isDeleted,
  dict: 'oss',
};

/** /blade-resource/oss: storage configurations of the tenant (admins), one of them enabled. */
export function ossRoutes(app: FastifyInstance): void {
  crudRoutes(app, {
    table: bladeOss,
    def: oss,
    toRecords: (rows, { db }) => configRecords(app, db, OSS_TABLE, rows),
    beforeSave: async (input, { db }, existing) => {
      await assertCodeFree(db, OSS_TABLE, input.ossCode, existing?.id);
      return {
        category: input.category,
        ossCode: input.ossCode,
        endpoint: input.endpoint ?? '',
        accessKey: input.accessKey ?? '',
        secretKey: keepSecret(input.secretKey, existing),
        bucketName: input.bucketName ?? '',
        appId: input.appId ?? '',
        region: input.region ?? '',
        remark: input.remark ?? '',
      };
    },
  });

  route(app, ossEndpoints.enable, async ({ db, query }) => {
    await enableOnly(db, OSS_TABLE, query.id);
    return {};
  });
}
