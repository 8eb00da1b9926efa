import type { I18nBundle } from '../../../lib/i18n';

export const auditI18n: I18nBundle = {
  zh: {
    audit: {
      title: '审计日志',
      createTime: '时间',
      tableName: '数据表',
      dataType: '数据类型',
      recordId: '记录ID',
      action: '操作',
      userName: '操作人',
      clientIp: '客户端IP',
      reason: '原因',
      tenantId: '租户ID',
      actorTenantId: '操作人租户',
      requestId: '请求ID',
      changes: '变更内容',
      noChanges: '没有字段变化',
      exportConfirm: '是否导出审计日志数据?',
    },
  },
  en: {
    audit: {
      title: 'Audit log',
      createTime: 'Time',
      tableName: 'Table',
      dataType: 'Data type',
      recordId: 'Record ID',
      action: 'Action',
      userName: 'Operator',
      clientIp: 'Client IP',
      reason: 'Reason',
      tenantId: 'Tenant',
      actorTenantId: "Operator's tenant",
      requestId: 'Request ID',
      changes: 'Changes',
      noChanges: 'No field changed',
      exportConfirm: 'Export the audit log?',
    },
  },
};
