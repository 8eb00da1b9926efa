import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LeaveProgress } from '../shared/flow-progress';
import { TaskDecision } from '../shared/task-decision';
import { StockApprovalInfo } from './stock-approval-info';

/**
 * 存栏变动审批 (/work/process/stock/handle/{taskId}/{processInstanceId}/{businessId}), the `flow_3` form: the pending
 * movement, a comment and 同意 / 驳回. Stock moves only when the last step approves; a rejection leaves it untouched and
 * its comment is what the requester reads.
 */
export default function StockHandlePage() {
  const { t } = useTranslation();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  return (
    <Card variant="borderless" title={t('stockApproval.handleTitle')}>
      <StockApprovalInfo businessId={businessId} />
      <TaskDecision taskId={taskId} processInstanceId={processInstanceId} hint={t('stockApproval.commentHint')} testId="stock-approval" />
      <LeaveProgress processInstanceId={processInstanceId} />
    </Card>
  );
}
