import type { AuditChange, AuditRecord } from '@zoo/contract';
import { Button, Descriptions, Empty, Modal, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTION_COLORS, auditValue, useAuditFieldLabel, visibleChanges } from '../../../crud';
import { auditTypeName } from './audit-type-name';

const cell = (v: unknown) => {
  const text = auditValue(v);
  return text ? <span style={{ wordBreak: 'break-all' }}>{text}</span> : <Typography.Text type="secondary">∅</Typography.Text>;
};

/** One audit row: who, when, where from, why, and each changed field before → after. */
export function AuditDetail({ row, onClose }: { row: AuditRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useAuditFieldLabel();
  const changes = visibleChanges(row.changes);
  const columns: TableColumnsType<AuditChange> = [
    { key: 'field', title: t('history.field'), width: 180, render: (_v, c) => label(row.resource, c.field) },
    { key: 'before', title: t('history.before'), render: (_v, c) => cell(c.beforeName || c.before) },
    { key: 'after', title: t('history.after'), render: (_v, c) => cell(c.afterName || c.after) },
  ];
  const items = [
    { key: 'createTime', label: t('audit.createTime'), children: row.createTime },
    { key: 'action', label: t('audit.action'), children: <Tag color={ACTION_COLORS[row.action]}>{t(`history.action.${row.action}`)}</Tag> },
    { key: 'title', label: t('audit.dataType'), children: auditTypeName(row.resource, row.title) },
    { key: 'tableName', label: t('audit.tableName'), children: row.tableName },
    { key: 'recordId', label: t('audit.recordId'), children: row.recordId },
    { key: 'userName', label: t('audit.userName'), children: row.userName },
    { key: 'clientIp', label: t('audit.clientIp'), children: row.clientIp },
    { key: 'tenantId', label: t('audit.tenantId'), children: row.tenantId },
    { key: 'actorTenantId', label: t('audit.actorTenantId'), children: row.actorTenantId },
    { key: 'requestId', label: t('audit.requestId'), children: row.requestId },
    { key: 'reason', label: t('audit.reason'), children: row.reason, span: 2 },
  ];
  return (
    <Modal open title={t('crud.view')} width={900} onCancel={onClose} footer={<Button onClick={onClose}>{t('crud.close')}</Button>}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} styles={{ label: { width: 110, whiteSpace: 'nowrap' } }} items={items} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('audit.changes')}
      </Typography.Title>
      {changes.length ? (
        <Table<AuditChange> size="small" bordered rowKey="field" columns={columns} dataSource={changes} pagination={false} data-testid="audit-changes" />
      ) : (
        <Empty description={t('audit.noChanges')} />
      )}
    </Modal>
  );
}
