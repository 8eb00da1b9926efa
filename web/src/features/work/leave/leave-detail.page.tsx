import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LeaveInfo, LeaveProgress } from './leave-parts';

/** 请假详情 (/work/process/leave/detail/{processInstanceId}/{businessId}): the request, its history and diagram. */
export default function LeaveDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '', businessId = '' } = useParams();
  return (
    <Card variant="borderless" title={t('leave.detailTitle')}>
      <LeaveInfo businessId={businessId} />
      <LeaveProgress processInstanceId={processInstanceId} />
    </Card>
  );
}
