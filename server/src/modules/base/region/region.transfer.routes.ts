import type { FastifyInstance } from 'fastify';
import { and, asc } from 'drizzle-orm';
import { RegionInput, regionEndpoints, type ImportIssue } from '@zoo/contract';
import { readSheet, readSheetUpload, sendXlsx, writeSheet, type SheetColumn } from '../../../platform/excel';
import { readImport, startImport } from '../../../platform/import/import-job';
import { mapFilters } from '../../../platform/resource/list-filter';
import { route } from '../../../platform/http/route';
import { findRegion, saveRegion } from './region.service';
import { bladeRegion } from './region.tables';
import { PLATFORM_WRITE } from './region.routes';

type Key = keyof typeof bladeRegion.$inferSelect;

const TEMPLATE: SheetColumn<Key>[] = [
  { key: 'code', header: '区划编号', en: 'Region code' },
  { key: 'parentCode', header: '父区划编号', en: 'Parent region code' },
  { key: 'name', header: '区划名称', en: 'Region name' },
  { key: 'regionLevel', header: '区划等级', en: 'Region level', width: 10 },
  { key: 'sort', header: '排序', en: 'Order', width: 8 },
  { key: 'remark', header: '备注', en: 'Remark', width: 24 },
];
/** Export adds the derived columns; an import reads them but recomputes them from the parent chain. */
const FULL: SheetColumn<Key>[] = [
  ...TEMPLATE,
  { key: 'ancestors', header: '祖区划编号', en: 'Ancestor codes', width: 30 },
  { key: 'provinceCode', header: '省级区划编号', en: 'Province code' },
  { key: 'provinceName', header: '省级名称', en: 'Province' },
  { key: 'cityCode', header: '市级区划编号', en: 'City code' },
  { key: 'cityName', header: '市级名称', en: 'City' },
  { key: 'districtCode', header: '区级区划编号', en: 'District code' },
  { key: 'districtName', header: '区级名称', en: 'District' },
  { key: 'townCode', header: '镇级区划编号', en: 'Town code' },
  { key: 'townName', header: '镇级名称', en: 'Town' },
  { key: 'villageCode', header: '村级区划编号', en: 'Village code' },
  { key: 'villageName', header: '村级名称', en: 'Village' },
];
const EXPORT_LIMIT = 200_000;
const SHEET_NAME = { zh: '行政区划', en: 'Regions' };

export function regionTransferRoutes(app: FastifyInstance): void {
  route(
    app,
    regionEndpoints.importFile,
    async (call) => {
      const { query, req } = call;
      const sheet = await readSheet(await readSheetUpload(req), FULL, ['code', 'parentCode', 'name', 'regionLevel']);
      const rejected: ImportIssue[] = [];
      const seen = new Set<string>();
      const rows: Array<{ row: number; item: RegionInput }> = [];
      for (const { row, values: v } of sheet) {
        const parsed = RegionInput.safeParse({
          code: v.code,
          parentCode: v.parentCode,
          name: v.name,
          regionLevel: v.regionLevel,
          sort: v.sort || undefined,
          remark: v.remark,
        });
        if (!parsed.success) rejected.push({ row, reason: parsed.error.issues[0]!.message });
        else if (seen.has(parsed.data.code)) rejected.push({ row, reason: `区划编号 [${parsed.data.code}] 在文件中重复` });
        else {
          seen.add(parsed.data.code);
          rows.push({ row, item: parsed.data });
        }
      }
      // Parents before children, whatever order the file has.
      rows.sort((a, b) => a.item.regionLevel - b.item.regionLevel || a.row - b.row);
      return startImport(app, call, {
        kind: 'region',
        total: sheet.length,
        rejected,
        rows,
        write: async (tx, item) => saveRegion(tx, item, await findRegion(tx, item.code), query.isCovered === 1),
      });
    },
    PLATFORM_WRITE,
  );

  route(app, regionEndpoints.importProgress, async ({ db, session, query }) => readImport(db, session, 'region', query.jobId));

  route(app, regionEndpoints.exportFile, async ({ db, query, reply }) => {
    const rows = await db
      .select()
      .from(bladeRegion)
      .where(and(...mapFilters(bladeRegion, { code: query.code, name: query.name }, ['code', 'name'])))
      .orderBy(asc(bladeRegion.code))
      .limit(EXPORT_LIMIT);
    return sendXlsx(reply, { zh: '行政区划数据.xlsx', en: 'Regions.xlsx' }, await writeSheet(SHEET_NAME, FULL, rows)) as never;
  });

  route(
    app,
    regionEndpoints.exportTemplate,
    async ({ reply }) => sendXlsx(reply, { zh: '行政区划模板.xlsx', en: 'Region import template.xlsx' }, await writeSheet(SHEET_NAME, TEMPLATE, [])) as never,
  );
}
