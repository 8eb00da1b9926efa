import type { FastifyInstance } from 'fastify';
import { permitReportEndpoints } from '@zoo/contract';
import { sendXlsx, writeSheet } from '../../../platform/excel';
import { route } from '../../../platform/http/route';
import { citesReport, CITES_SHEET } from './cites-report';
import { markingTodo, quotaUse } from './compliance-lists';
import { INVENTORY_SHEET, inventoryReport, NUMBER_KEYS, populationText } from './inventory-report';

const LEVEL: Record<number, string> = { 1: '国家一级', 2: '国家二级' };
const AUTHORITY: Record<number, string> = { 0: '', 1: '林草', 2: '渔业' };

/** `/zoo-permit/report/*`: the annual inventory and CITES report (screen and xlsx), the 专用标识 to-do list, licence quota use. */
export function permitReportRoutes(app: FastifyInstance): void {
  route(app, permitReportEndpoints.inventory, async ({ db, query }) => {
    const rows = await inventoryReport(db, query.year);
    return {
      year: query.year,
      from: `${query.year}-01-01`,
      to: `${query.year}-12-31`,
      rows,
      reconciled: rows.every((r) => r.difference === 0 && r.unlisted === 0),
    };
  });

  route(app, permitReportEndpoints.inventoryExport, async ({ db, query, reply }) => {
    const rows = await inventoryReport(db, query.year);
    const total = Object.fromEntries(NUMBER_KEYS.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)]));
    const data = [
      ...rows.map(({ populations, ...r }) => ({
        ...r,
        protection: LEVEL[r.protectionClass] ?? '',
        authority: AUTHORITY[r.protectionAuthority] ?? '',
        populationsText: populations.map(populationText).join('\n'),
      })),
      { speciesName: '合计', ...total },
    ];
    return sendXlsx(reply, `国家重点保护野生动物年度存栏报告_${query.year}.xlsx`, await writeSheet(`${query.year}年度存栏`, INVENTORY_SHEET, data)) as never;
  });

  route(app, permitReportEndpoints.cites, async ({ db, query }) => ({ year: query.year, rows: await citesReport(db, query.year) }));

  route(app, permitReportEndpoints.citesExport, async ({ db, query, reply }) => {
    const rows = await citesReport(db, query.year);
    return sendXlsx(reply, `CITES年度报告_${query.year}.xlsx`, await writeSheet(`CITES ${query.year}`, CITES_SHEET, rows)) as never;
  });

  route(app, permitReportEndpoints.markingTodo, async ({ db }) => markingTodo(app, db));
  route(app, permitReportEndpoints.quota, async ({ db }) => quotaUse(db));
}
