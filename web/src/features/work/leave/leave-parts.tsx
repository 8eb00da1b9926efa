import { leaveEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/request';

export { LeaveHistory, LeaveProgress, useLeaveDone } from '../shared/flow-progress';

/** The leave record (detail?businessId): applicant, dates, days, reason. */
export function LeaveInfo({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['leave', businessId], queryFn: () => call(leaveEndpoints.detail, { query: { businessId } }) });
  if (detail.isPending) return <Spin />;
  if (detail.isError) return null;
  const leave = detail.data;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="leave-info">
      <Descriptions.Item label={t('leave.applyUser')}>{leave.flow.assigneeName}</Descriptions.Item>
      <Descriptions.Item label={t('leave.applyTime')}>{leave.applyTime}</Descriptions.Item>
      <Descriptions.Item label={t('leave.startTime')}>{leave.startTime}</Descriptions.Item>
      <Descriptions.Item label={t('leave.endTime')}>{leave.endTime}</Descriptions.Item>
      <Descriptions.Item label={t('leave.days')}>{leave.days}</Descriptions.Item>
      <Descriptions.Item label={t('leave.taskUser')}>{leave.taskUserName}</Descriptions.Item>
      <Descriptions.Item label={t('leave.reason')} span={2}>
        {leave.reason}
      </Descriptions.Item>
    </Descriptions>
  );
}
