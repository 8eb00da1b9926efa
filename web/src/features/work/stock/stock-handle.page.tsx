import { flowEndpoints } from '@zoo/contract';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { LeaveProgress, useLeaveDone } from '../shared/flow-progress';
import { StockApprovalInfo } from './stock-approval-info';

/** The stored comment of a rejection left without one (an empty one would default to 同意 on the server). */
const REJECTED = '驳回';

/**
 * 存栏变动审批 (/work/process/stock/handle/{taskId}/{processInstanceId}/{businessId}), the `flow_3` form: the pending
 * movement, a comment and 同意 / 驳回. Stock moves only when the last step approves; a rejection leaves it untouched and
 * its comment is what the requester reads.
 */
export default function StockHandlePage() {
  const { t } = useTranslation();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const done = useLeaveDone();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<'ok' | 'no' | null>(null);
  const complete = async (approve: boolean) => {
    setBusy(approve ? 'ok' : 'no');
    const text = comment.trim();
    try {
      await call(flowEndpoints.completeTask, {
        body: approve ? { taskId, processInstanceId, flag: 'ok', ...(text ? { comment: text } : {}) } : { taskId, processInstanceId, comment: text || REJECTED },
      });
    } catch {
      return;
    } finally {
      setBusy(null);
    }
    toast.success(t(approve ? 'leave.approved' : 'leave.rejected'));
    navigate(done(pathname));
  };
  return (
    <Card variant="borderless" title={t('stockApproval.handleTitle')}>
      <StockApprovalInfo businessId={businessId} />
      <Form layout="vertical" style={{ marginTop: 12, maxWidth: 640 }}>
        <Form.Item label={t('leave.comment')} extra={t('stockApproval.commentHint')}>
          <Input.TextArea rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="stock-approval-comment" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={busy === 'ok'} disabled={busy !== null} onClick={() => void complete(true)} data-testid="stock-approval-approve">
            {t('leave.approve')}
          </Button>
          <Button danger loading={busy === 'no'} disabled={busy !== null} onClick={() => void complete(false)} data-testid="stock-approval-reject">
            {t('leave.reject')}
          </Button>
        </Space>
      </Form>
      <LeaveProgress processInstanceId={processInstanceId} />
    </Card>
  );
}
