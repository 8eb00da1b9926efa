import { z } from 'zod';
import { isIdText } from './wire';
import { endpoint } from './endpoint';
import type { Permission } from './menus';

/**
 * Spreadsheet import and export shapes shared by every resource that offers them (users, regions…).
 *
 * An import is a job: the upload answers at once with the rows rejected up front and a job id; the valid rows
 * are written in batches whose progress is stored in the database, so any server instance can answer the
 * progress call while the job runs.
 */
export const ImportIssue = z.object({
  /** Spreadsheet row number (the header is row 1). */
  row: z.number(),
  reason: z.string(),
});
export type ImportIssue = z.infer<typeof ImportIssue>;

export const IMPORT_STATES = ['running', 'finished', 'failed'] as const;

export const ImportJob = z.object({
  jobId: z.string(),
  status: z.enum(IMPORT_STATES),
  /** Data rows in the file. */
  total: z.number(),
  /** Rows handled so far (written or rejected). */
  processed: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  /** Each rejected row with its reason, by row number (the first 1000). */
  errors: z.array(ImportIssue),
  msg: z.string(),
});
export type ImportJob = z.infer<typeof ImportJob>;

/** `isCovered=1` updates rows that already exist; `0` reports them as errors. */
export const ImportQuery = z.object({
  isCovered: z.coerce.number({ error: '请求参数类型错误' }).int().min(0, '请求参数类型错误').max(1, '请求参数类型错误').default(0),
});

export const ImportProgressQuery = z.object({
  jobId: z.string({ error: '缺少必要的请求参数: jobId' }).refine(isIdText, '缺少必要的请求参数: jobId'),
});

/**
 * Downloads take the token from the `Blade-Auth` query parameter (contract §2.1, §8.3) and the language of the
 * sheet's names and labels from `lang` (a link sends no `Accept-Language` of the app; decision 0049).
 */
export const DownloadQuery = z.object({ 'Blade-Auth': z.string().optional(), lang: z.enum(['zh', 'en']).optional() });

/** A raw file body (xlsx); not R-wrapped. */
export const FileBody = z.unknown().meta({ description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

/**
 * The four calls of a resource's spreadsheet transfer: `import-{slug}` (multipart), `import-progress`,
 * `export-{slug}` (filtered by `exportQuery`) and `export-template`; importing and the template need the import
 * button, exporting the export button.
 */
export function transferEndpoints<F extends z.ZodRawShape>(o: {
  base: string;
  slug: string;
  noun: string;
  perms: { import: Permission; export: Permission };
  exportFilters: F;
  /** The platform administrator exports every tenant's rows. */
  crossTenantExport?: boolean;
}) {
  const importer = { perm: o.perms.import };
  return {
    importFile: endpoint({
      method: 'POST',
      path: `${o.base}/import-${o.slug}`,
      summary: `导入${o.noun}(multipart file)`,
      access: importer,
      query: ImportQuery,
      data: ImportJob,
    }),
    importProgress: endpoint({
      method: 'GET',
      path: `${o.base}/import-progress`,
      summary: `${o.noun}导入进度`,
      access: importer,
      query: ImportProgressQuery,
      data: ImportJob,
    }),
    exportFile: endpoint({
      method: 'GET',
      path: `${o.base}/export-${o.slug}`,
      summary: `导出${o.noun}(xlsx)`,
      access: { perm: o.perms.export },
      query: DownloadQuery.extend(o.exportFilters),
      data: FileBody,
      raw: true,
      download: true,
      ...(o.crossTenantExport ? { crossTenant: true } : {}),
    }),
    exportTemplate: endpoint({
      method: 'GET',
      path: `${o.base}/export-template`,
      summary: `${o.noun}导入模板(xlsx)`,
      access: importer,
      query: DownloadQuery,
      data: FileBody,
      raw: true,
      download: true,
    }),
  };
}
