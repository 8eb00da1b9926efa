import type { FastifyInstance } from 'fastify';
import { oss, ossEndpoints } from '@zoo/contract';
import { configRoutes, type ConfigTable } from '../config-rows';
import { bladeOss } from '../resource.tables';

export const OSS_TABLE: ConfigTable = {
  table: bladeOss,
  id: bladeOss.id,
  code: bladeOss.ossCode,
  codeKey: 'ossCode',
  status: bladeOss.status,
  isDeleted: bladeOss.isDeleted,
  dict: 'oss',
};

/** /blade-resource/oss: storage configurations of the tenant (admins), one of them enabled. */
export function ossRoutes(app: FastifyInstance): void {
  configRoutes(app, OSS_TABLE, oss, ossEndpoints.enable);
}
