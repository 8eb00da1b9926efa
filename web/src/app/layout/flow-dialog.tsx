import { flowEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowDiagram } from '../../components/bpmn/flow-diagram';
import { UserText } from '../../components/user-text';
import { useFlowDiagram } from '../../lib/flow-diagram';
import { call } from '../../lib/request';
import { useShellUi } from './shell-ui';

/** An instance's call activities and the instances they started (decision 0050): each opens in this dialog. */
function CalledInstances({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ['flow', 'history', processInstanceId],
    queryFn: () => call(flowEndpoints.historyFlowList, { query: { processInstanceId } }),
  });
  const calls = (history.data ?? []).filter((r) => r.historyActivityType === 'callActivity' && r.calledProcessInstanceId);
  if (!calls.length) return null;
  return (
    <div data-testid="called-instances" style={{ marginTop: 8 }}>
      <Typography.Text strong>{t('shell.flowDialog.called')}</Typography.Text>
      {calls.map((r) => (
        <div key={`${r.historyActivityId}-${r.calledProcessInstanceId}`}>
          <Space wrap>
            <UserText>{r.historyActivityName}</UserText>
            <Tag color={r.endTime ? 'green' : 'blue'}>{t(r.endTime ? 'shell.flowDialog.ended' : 'shell.flowDialog.running')}</Tag>
            <Button
              type="link"
              size="small"
              aria-label={t('shell.flowDialog.open', { name: r.historyActivityName })}
              onClick={() => useFlowDiagram.getState().show({ processInstanceId: r.calledProcessInstanceId })}
            >
              {r.calledProcessInstanceId}
            </Button>
          </Space>
        </div>
      ))}
    </div>
  );
}

/**
 * The header's flow-diagram viewer (spec §2 shell dialogs): the instance or definition a screen asked for
 * through `useFlowDiagram`, drawn by bpmn-js with the path taken marked (spec §4).
 */
export function FlowDialog() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.open === 'flow');
  const closeShell = useShellUi((s) => s.close);
  const target = useFlowDiagram((s) => s.target);
  const close = () => {
    closeShell();
    useFlowDiagram.getState().close();
  };
  return (
    <Modal open={open && !!target} onCancel={close} footer={null} title={t('shell.flowDialog.title')} width={960} destroyOnHidden>
      {target ? <FlowDiagram key={JSON.stringify(target)} target={target} height={520} /> : null}
      {target?.processInstanceId ? <CalledInstances key={target.processInstanceId} processInstanceId={target.processInstanceId} /> : null}
    </Modal>
  );
}
