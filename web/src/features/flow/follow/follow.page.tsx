import { flowEndpoints, type FlowExecution } from '@zoo/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { useFlowDiagram } from '../../../lib/flow-diagram';
import { call } from '../../../lib/request';
import { followPage } from './follow.crud';
import { IncidentsModal } from './incidents-modal';

/** 流程跟踪: running instances; 删除 ends one with a reason, 异常 lists failed service calls to retry, 流程图 shows where it stands. */
export default function FollowPage() {
  const { t } = useTranslation();
  const [target, setTarget] = useState<{ row: FlowExecution; refresh: () => void } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [incidents, setIncidents] = useState<{ id: string; refresh: () => void; canRetry: boolean } | null>(null);
  const remove = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await call(flowEndpoints.deleteProcessInstance, { query: { processInstanceId: target.row.processInstanceId, deleteReason: reason.trim() || undefined } });
    } catch {
      return;
    } finally {
      setBusy(false);
    }
    toast.success(t('flowFollow.deleted'));
    target.refresh();
    setTarget(null);
  };
  return (
    <>
      <CrudPage
        def={followPage}
        rowActions={(row, ctx) => (
          <>
            {ctx.can('flow_follow_delete') ? (
              <Button
                type="link"
                size="small"
                danger
                data-testid="row-delete"
                onClick={() => {
                  setReason('');
                  setTarget({ row, refresh: ctx.refresh });
                }}
              >
                {t('flowFollow.delete')}
              </Button>
            ) : null}
            {row.incidents > 0 ? (
              <Button
                type="link"
                size="small"
                danger
                data-testid="row-incidents"
                onClick={() => setIncidents({ id: row.processInstanceId, refresh: ctx.refresh, canRetry: ctx.can('flow_follow_retry') })}
              >
                {t('flowFollow.incidents')}
              </Button>
            ) : null}
            <Button type="link" size="small" onClick={() => useFlowDiagram.getState().show({ processInstanceId: row.processInstanceId })}>
              {t('flowFollow.diagram')}
            </Button>
          </>
        )}
      />
      <IncidentsModal
        processInstanceId={incidents?.id ?? null}
        canRetry={incidents?.canRetry ?? false}
        onClose={(changed) => {
          if (changed) incidents?.refresh();
          setIncidents(null);
        }}
      />
      <Modal open={!!target} title={t('flowFollow.deleteTitle')} onCancel={() => setTarget(null)} onOk={() => void remove()} confirmLoading={busy}>
        <Form layout="vertical">
          <Form.Item label={t('flowFollow.deleteReason')}>
            <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="follow-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
