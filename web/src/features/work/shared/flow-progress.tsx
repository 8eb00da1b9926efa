import { flowEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowDiagram } from '../../../components/bpmn/flow-diagram';
import { useFlowDiagram } from '../../../lib/flow-diagram';
import { useSession } from '../../../lib/session';
import { call } from '../../../lib/request';

/* What every business form of a flow shows and does (leave, stock approval): history, diagram, leaving the tab. */

/** Closes the current tab and goes to 发起事务, as Saber does after a leave is submitted or handled (§7.4). */
export function useLeaveDone(): (pathname: string) => string {
  return (pathname) => {
    const { tags, setTags } = useSession.getState();
    setTags(tags.filter((tag) => tag.value !== pathname));
    return '/work/start';
  };
}

/**
 * The instance's history (history-flow-list) as Saber's timeline: "<name> 在 [time] 开始处理 [activity] 环节",
 * then the duration, comment and end time when they are not empty.
 */
export function LeaveHistory({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ['flow', 'history', processInstanceId],
    queryFn: () => call(flowEndpoints.historyFlowList, { query: { processInstanceId } }),
  });
  if (history.isPending) return <Spin />;
  const rows = history.data ?? [];
  if (!rows.length) return <Empty description={t('leave.noHistory')} />;
  return (
    <Timeline
      data-testid="leave-history"
      items={rows.map((r, i) => ({
        key: `${r.historyActivityId}-${i}`,
        color: r.endTime ? 'green' : 'blue',
        content: (
          <div data-testid="history-item">
            <Typography.Text strong>{t('leave.historyLine', { name: r.assigneeName, time: r.createTime, activity: r.historyActivityName })}</Typography.Text>
            {[
              r.historyActivityDurationTime && t('leave.duration', { value: r.historyActivityDurationTime }),
              r.comment && t('leave.commentLine', { value: r.comment }),
              r.endTime && t('leave.endLine', { value: r.endTime }),
            ]
              .filter(Boolean)
              .map((line) => (
                <div key={String(line)}>
                  <Typography.Text type="secondary">{line}</Typography.Text>
                </div>
              ))}
            {r.calledProcessInstanceId ? (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => useFlowDiagram.getState().show({ processInstanceId: r.calledProcessInstanceId })}
              >
                {t('leave.calledInstance', { id: r.calledProcessInstanceId })}
              </Button>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}

/** History and diagram side by side (stacked on a tablet in portrait). */
export function LeaveProgress({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 12 }}>
      <Card size="small" title={t('leave.history')} style={{ flex: '1 1 320px' }}>
        <LeaveHistory processInstanceId={processInstanceId} />
      </Card>
      <Card size="small" title={t('leave.diagram')} style={{ flex: '2 1 480px' }}>
        <FlowDiagram target={{ processInstanceId }} height={400} />
      </Card>
    </div>
  );
}
