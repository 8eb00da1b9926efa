import { flowEndpoints } from '@zoo/contract';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useLeaveDone } from './flow-progress';

/** The stored comment of a rejection left without one (a business value, the same in every language). */
const REJECTED = '驳回';

/**
 * A task's comment and 同意 / 驳回, for every business form (leave, stock approval). 同意 sends flag "ok" (comment
 * defaults to 同意 on the server); 驳回 sends no flag and, when the comment is empty, the comment 驳回 — an empty one
 * would default to 同意 and count as approval (§7.1). Then the tab closes and 发起事务 opens.
 */
export function TaskDecision({ taskId, processInstanceId, hint, testId }: { taskId: string; processInstanceId: string; hint: string; testId: string }) {
  const { t } = useTranslation();
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
    <Form layout="vertical" style={{ marginTop: 12, maxWidth: 640 }}>
      <Form.Item label={t('leave.comment')} extra={hint}>
        <Input.TextArea rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} data-testid={`${testId}-comment`} />
      </Form.Item>
      <Space>
        <Button type="primary" loading={busy === 'ok'} disabled={busy !== null} onClick={() => void complete(true)} data-testid={`${testId}-approve`}>
          {t('leave.approve')}
        </Button>
        <Button danger loading={busy === 'no'} disabled={busy !== null} onClick={() => void complete(false)} data-testid={`${testId}-reject`}>
          {t('leave.reject')}
        </Button>
      </Space>
    </Form>
  );
}
