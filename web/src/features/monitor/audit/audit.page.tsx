import { auditEndpoints, type AuditRecord } from '@zoo/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, useRowDialog } from '../../../crud';
import { confirm } from '../../../lib/feedback';
import { download } from '../../../lib/request/transfer';
import { auditPage } from './audit.crud';
import { AuditDetail } from './audit-detail';

/** /monitor/audit: the list with its filters, 查看 (audit_view) and 导出 of the filtered rows (audit_export). */
export default function AuditPage() {
  const { t } = useTranslation();
  // The list row already carries every field and change: the dialog needs no second call.
  const view = useRowDialog<AuditRecord>('audit_view', t('crud.view'), (row, close) => <AuditDetail row={row} onClose={close} />);
  return (
    <>
      <CrudPage
        def={auditPage}
        rowActions={view.action}
        toolbar={(ctx) =>
          ctx.can('audit_export') ? (
            <Button
              onClick={() => confirm({ title: t('layout.tip'), content: t('audit.exportConfirm'), onOk: () => download(auditEndpoints.export, ctx.filters) })}
            >
              {t('transfer.export')}
            </Button>
          ) : null
        }
      />
      {view.dialog}
    </>
  );
}
