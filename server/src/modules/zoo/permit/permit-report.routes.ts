import type { FastifyInstance } from 'fastify';
import { permitReportEndpoints } from '@zoo/contract';
import { systemDictLabels } from '../../../platform/dict/dict-cache';
import { sendXlsx, writeSheet } from '../../../platform/excel';
import { localLabel } from '../../../platform/i18n/request-language';
import { route } from '../../../platform/http/route';
import { citesReport, CITES_SHEET } from './cites-report';
import { markingTodo, quotaUse } from './compliance-lists';
import { INVENTORY_SHEET, inventoryReport, NUMBER_KEYS, populationText } from './inventory-report';

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
    // Protection class and authority by the dictionaries' labels in the request's language (decision 0049); a species
    // without an authority shows none rather than the dictionary's 无.
    const level = await systemDictLabels(app.zoo.cache, db, 'protection_class');
    const authority = await systemDictLabels(app.zoo.cache, db, 'protection_authority');
    const data = [
      ...rows.map(({ populations, ...r }) => ({
        ...r,
        protection: level(r.protectionClass),
        authority: r.protectionAuthority ? authority(r.protectionAuthority) : '',
        populationsText: populations.map(populationText).join('\n'),
      })),
      { speciesName: localLabel('合计', 'Total'), ...total },
    ];
    const y = query.year;
    return sendXlsx(
      reply,
      { zh: `国家重点保护野生动物年度存栏报告_${y}.xlsx`, en: `Annual inventory of state-protected wildlife_${y}.xlsx` },
      await writeSheet({ zh: `${y}年度存栏`, en: `Inventory ${y}` }, INVENTORY_SHEET, data),
    ) as never;
  });

  route(app, permitReportEndpoints.cites, async ({ db, query }) => ({ year: query.year, rows: await citesReport(db, query.year) }));

  route(app, permitReportEndpoints.citesExport, async ({ db, query, reply }) => {
    const rows = await citesReport(db, query.year);
    const y = query.year;
    return sendXlsx(reply, { zh: `CITES年度报告_${y}.xlsx`, en: `CITES annual report_${y}.xlsx` }, await writeSheet(`CITES ${y}`, CITES_SHEET, rows)) as never;
  });

  route(app, permitReportEndpoints.markingTodo, async ({ db }) => markingTodo(app, db));
  route(app, permitReportEndpoints.quota, async ({ db }) => quotaUse(db));
}
