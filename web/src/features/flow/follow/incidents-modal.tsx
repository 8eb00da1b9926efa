import { flowServiceEndpoints, type FlowIncident } from '@zoo/contract';
import { Button, List, Modal, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';

/**
 * An instance's failed service calls (decision 0050): the service, why it failed and how often, and 重试 for
 * those still open (the 重试 button's holders). A retry that succeeds moves the instance on at once.
 */
export function IncidentsModal({
  processInstanceId,
  canRetry,
  onClose,
}: {
  processInstanceId: string | null;
  canRetry: boolean;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<FlowIncident[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const load = useCallback(async () => {
    if (!processInstanceId) return;
    try {
      setRows(await call(flowServiceEndpoints.incidentList, { query: { processInstanceId } }));
    } catch {
      setRows([]);
    }
  }, [processInstanceId]);
  useEffect(() => {
    setChanged(false);
    void load();
  }, [load]);
  const retry = async (id: string) => {
    setBusy(id);
    try {
      const r = await call(flowServiceEndpoints.incidentRetry, { query: { incidentId: id } });
      if (r.resolved) toast.success(t('flowFollow.retryDone'));
      else toast.error(t('flowFollow.retryFailed', { message: r.message }));
      setChanged(true);
      await load();
    } catch {
      // the request layer showed the message
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal open={!!processInstanceId} title={t('flowFollow.incidentTitle')} footer={null} onCancel={() => onClose(changed)} width={640}>
      <List
        dataSource={rows}
        data-testid="incident-list"
        renderItem={(r) => (
          <List.Item
            data-testid="incident-item"
            actions={
              !r.resolved && canRetry
                ? [
                    <Button key="retry" size="small" type="primary" loading={busy === r.id} onClick={() => void retry(r.id)} data-testid="incident-retry">
                      {t('flowFollow.retry')}
                    </Button>,
                  ]
                : []
            }
          >
            <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
              <Space wrap>
                <Typography.Text strong>{r.activityName || r.activityId}</Typography.Text>
                <Tag>{t(`flowService.${r.service}.label`, { defaultValue: r.service })}</Tag>
                {r.resolved ? <Tag color="success">{t('flowFollow.incidentResolved')}</Tag> : null}
              </Space>
              <Typography.Text type={r.resolved ? 'secondary' : 'danger'} style={{ wordBreak: 'break-word' }}>
                {t('flowFollow.incidentMessage')}: {r.message}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('flowFollow.incidentAttempts')}: {r.attempts} · {t('flowFollow.incidentTime')}: {r.updateTime}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}
