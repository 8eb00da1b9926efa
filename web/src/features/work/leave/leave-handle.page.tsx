import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TaskDecision } from '../shared/task-decision';
import { LeaveInfo, LeaveProgress } from './leave-parts';

/** 请假审批 (/work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}): the request, a comment and 同意 / 驳回. */
export default function LeaveHandlePage() {
  const { t } = useTranslation();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  return (
    <Card variant="borderless" title={t('leave.handleTitle')}>
      <LeaveInfo businessId={businessId} />
      <TaskDecision taskId={taskId} processInstanceId={processInstanceId} hint={t('leave.commentHint')} testId="leave" />
      <LeaveProgress processInstanceId={processInstanceId} />
    </Card>
  );
}
