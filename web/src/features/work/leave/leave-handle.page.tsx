import { flowEndpoints } from '@zoo/contract';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { LeaveInfo, LeaveProgress, useLeaveDone } from './leave-parts';

/** The stored comment of a rejection left without one (a business value, the same in every language). */
const REJECTED = '驳回';

/**
 * 请假审批 (/work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}): the request, a comment and
 * 同意 / 驳回. 同意 sends flag "ok" (comment defaults to 同意 on the server); 驳回 sends no flag and, when the
 * comment is empty, the comment 驳回 — an empty one would default to 同意 and count as approval (§7.1).
 */
export default function LeaveHandlePage() {
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
        body: approve
          ? { taskId, processInstanceId, flag: 'ok', ...(text ? { comment: text } : {}) }
          : { taskId, processInstanceId, comment: text || REJECTED },
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
    <Card variant="borderless" title={t('leave.handleTitle')}>
      <LeaveInfo businessId={businessId} />
      <Form layout="vertical" style={{ marginTop: 12, maxWidth: 640 }}>
        <Form.Item label={t('leave.comment')} extra={t('leave.commentHint')}>
          <Input.TextArea rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="leave-comment" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={busy === 'ok'} disabled={busy !== null} onClick={() => void complete(true)} data-testid="leave-approve">
            {t('leave.approve')}
          </Button>
          <Button danger loading={busy === 'no'} disabled={busy !== null} onClick={() => void complete(false)} data-testid="leave-reject">
            {t('leave.reject')}
          </Button>
        </Space>
      </Form>
      <LeaveProgress processInstanceId={processInstanceId} />
    </Card>
  );
}
