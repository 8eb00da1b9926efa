import { logApi, logError, logUsual, type ReadonlyDefinition } from '@zoo/contract';
import { defineCrudPage, readonlyResource, type CrudPageDef, type CrudResource, type FieldDef } from '../../../crud';
import { t } from '../../../lib/i18n';

/** Columns every log screen shows, after its own ones; the date range sends createTime_dategt / _datelt (spec §9). */
const tail: Record<string, FieldDef> = {
  requestUri: { search: true },
  method: { width: 90 },
  remoteIp: { width: 130 },
  createBy: { width: 110 },
  createTime: { width: 170, search: { range: ['createTime_dategt', 'createTime_datelt'] } },
};

/** A read-only log list: no add/edit/delete, no selection; 查看 opens the detail (log-page.tsx). */
const logPage = (crud: ReadonlyDefinition, own: Record<string, FieldDef>): CrudPageDef =>
  defineCrudPage<CrudResource>({ crud: readonlyResource(crud), i18n: 'log', readOnly: true, actionWidth: 90, fields: { ...own, ...tail } });

export const apiLogPage = logPage(logApi, {
  title: { label: 'log.apiTitle', width: 160 },
  serviceId: { width: 120 },
  type: { width: 90, render: (v) => t(`log.type${String(v)}`) },
  time: { width: 90 },
});

export const errorLogPage = logPage(logError, {
  serviceId: { width: 120 },
  exceptionName: { search: true, width: 200 },
  message: { width: 240 },
});

export const usualLogPage = logPage(logUsual, {
  serviceId: { width: 120 },
  logLevel: { width: 90 },
  logId: { width: 120 },
  logData: { search: true, width: 240 },
});
