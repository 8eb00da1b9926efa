import { AUDIT_ACTIONS, audit } from '@zoo/contract';
import { Tag } from 'antd';
import { ACTION_COLORS, defineCrudPage, readonlyResource } from '../../../crud';
import { t } from '../../../lib/i18n';
import { auditTypeName } from './audit-type-name';
import { AuditTableSelect } from './audit-table-select';

const actionTag = (v: unknown) => <Tag color={ACTION_COLORS[String(v)]}>{t(`history.action.${String(v)}`)}</Tag>;

/**
 * 审计日志: the permanent trail, read-only, newest first. Filters by table (the audited tables' titles), operator,
 * time range and action; 查看 shows the changed fields before → after (audit.page.tsx).
 */
export const auditPage = defineCrudPage({
  crud: readonlyResource(audit),
  i18n: 'audit',
  readOnly: true,
  actionWidth: 90,
  // Who did what first, so a tablet shows them without scrolling; the table filter sits with the time range.
  fields: {
    createTime: { width: 170, search: { range: ['createTime_dategt', 'createTime_datelt'] } },
    title: { label: 'audit.dataType', width: 110, render: (v, row) => auditTypeName(String(row.resource ?? ''), String(v ?? '')) },
    action: {
      width: 80,
      widget: 'select',
      options: AUDIT_ACTIONS.map((a) => ({ value: a, label: `history.action.${a}` })),
      render: actionTag,
      search: { key: 'action_equal' },
    },
    userName: { width: 120, search: true },
    recordId: { width: 170 },
    tableName: {
      width: 150,
      widget: 'custom',
      input: (p) => <AuditTableSelect {...p} />,
      search: { key: 'tableName_equal' },
    },
    tenantId: { width: 90 },
    clientIp: { width: 130 },
    reason: { width: 200 },
  },
});
