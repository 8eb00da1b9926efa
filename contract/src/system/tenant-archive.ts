import { z } from 'zod';
import { endpoint } from '../endpoint';

const TenantCode = z.string({ error: '缺少必要的请求参数: tenantId' }).regex(/^\d{6}$/, '租户ID格式不正确');

/**
 * A zoo's whole data as one file (decision 0053): the platform administrator exports a tenant — its rows, files
 * and audit trail — and imports such a file here or into another installation.
 */
export const tenantArchiveEndpoints = {
  export: endpoint({
    method: 'GET',
    path: '/blade-system/tenant/export',
    summary: '导出租户全部数据(归档文件)',
    access: 'administrator',
    query: z.object({ tenantId: TenantCode }),
    data: z.unknown(),
    raw: true,
    download: true,
    crossTenant: true,
  }),
  import: endpoint({
    method: 'POST',
    path: '/blade-system/tenant/import',
    summary: '导入租户数据(归档文件,multipart 字段 file)',
    access: 'administrator',
    data: z.object({
      fromTenantId: z.string(),
      tenantId: z.string(),
      tenantName: z.string(),
      rows: z.number(),
      files: z.number(),
      /** Objects the zoo's rows link to that were missing from their store when the archive was made. */
      missingFiles: z.number(),
      remappedIds: z.number(),
    }),
    crossTenant: true,
  }),
};
