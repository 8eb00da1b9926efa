import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LeaveProgress } from '../shared/flow-progress';
import { StockApprovalInfo } from './stock-approval-info';

/** 存栏变动审批详情 (/work/process/stock/detail/{processInstanceId}/{businessId}): the movement, its outcome, history and diagram. */
export default function StockDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '', businessId = '' } = useParams();
  return (
    <Card variant="borderless" title={t('stockApproval.detailTitle')}>
      <StockApprovalInfo businessId={businessId} />
      <LeaveProgress processInstanceId={processInstanceId} />
    </Card>
  );
}
