import type { FastifyInstance } from 'fastify';
import { currentLanguage, localLabel } from '../../platform/i18n/request-language';
import { and, eq, sql } from 'drizzle-orm';
import { datasetOf, report, reportEndpoints, type ReportDesign } from '@zoo/contract';
import { sendXlsx } from '../../platform/excel';
import { BizError } from '../../platform/http/errors';
import { route } from '../../platform/http/route';
import { refuseDuplicate } from '../../platform/resource/guards';
import { NOT_FOUND, resourceRoutes } from '../../platform/resource/resource-routes';
import { reportPdf, reportXlsx } from './report-export';
import { runReport } from './report-query';
import { bladeReport } from './report.tables';

const r = bladeReport;
type Row = typeof r.$inferSelect;
/** A data set's name in the request's language (the catalogue carries both). */
const datasetName = (key: string) => {
  const d = datasetOf(key);
  return d ? localLabel(d.zh, d.en) : key;
};
/** The list carries no content (contract §5.17); the detail carries the design. */
const listRecord = ({ design: _design, ...row }: Row) => ({ ...row, datasetName: datasetName(row.dataset) });

/** Sends a file download with a UTF-8 name (RFC 5987) and an ASCII fallback. */
function sendFile(reply: Parameters<typeof sendXlsx>[0], type: string, fileName: string, buf: Buffer): Buffer {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  reply.header('content-type', type);
  reply.header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  return buf;
}

/** 报表列表: saved designs (the resource builder: audited, tenant-scoped), their preview and export. */
export function reportRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: r,
    def: report,
    toRecord: listRecord,
    detailRecord: async (row) => ({ ...listRecord(row), design: row.design }),
    beforeSave: async (input, { db }, existing) => {
      await refuseDuplicate(db, r, eq(r.name, input.name), existing, `报表「${input.name}」已存在`);
      return { dataset: input.design.dataset, design: input.design };
    },
  });

  route(app, reportEndpoints.preview, async ({ db, body, req }) => {
    const { current, size } = body;
    const out = await runReport(db, req.server.zoo.cache, body.design, { current, size });
    return { ...out, size, current, pages: Math.ceil(out.total / size) };
  });

  route(app, reportEndpoints.export, async ({ db, query, reply, req }) => {
    const [row] = await db
      .select()
      .from(r)
      .where(and(eq(r.id, query.id), eq(r.isDeleted, 0)));
    if (!row) throw new BizError(NOT_FOUND);
    const design = row.design as ReportDesign;
    const rows = await runReport(db, req.server.zoo.cache, design, 'all');
    if (query.format === 'xlsx') return sendXlsx(reply, `${row.name}.xlsx`, await reportXlsx(row.name, rows)) as never;
    const res = (await db.execute(sql`select to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS') as now`)) as unknown as { rows: Array<{ now: string }> };
    const now = res.rows[0]!.now;
    const params = Object.entries(design.params)
      .map(([, v]) => v)
      .join(' ~ ');
    const set = `${datasetName(design.dataset)}${params ? `(${params})` : ''}`;
    const subtitle = currentLanguage() === 'en' ? `${set} · ${rows.total} rows · generated ${now}` : `${set} · 共 ${rows.total} 行 · 生成于 ${now}`;
    return sendFile(reply, 'application/pdf', `${row.name}.pdf`, await reportPdf(row.name, subtitle, rows)) as never;
  });
}
