import { flowEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Space, Spin, Tag, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowDiagramTarget } from '../../lib/flow-diagram';
import { call } from '../../lib/request';

// bpmn-js (~1 MB) arrives only when a diagram is shown.
const FlowViewer = lazy(() => import('./flow-viewer'));

/**
 * A definition's or an instance's diagram from process/model-view (`{xml, flow}`), with a legend of the
 * spec §4 colours. Used by the header's flow dialog and the leave detail page.
 */
export function FlowDiagram({ target, height = 480 }: { target: FlowDiagramTarget; height?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = target.processInstanceId ? { processInstanceId: target.processInstanceId } : { processDefinitionId: target.processDefinitionId };
  const view = useQuery({
    queryKey: ['flow', 'model-view', query],
    queryFn: () => call(flowEndpoints.modelView, { query }),
  });
  const loading = (
    <Spin tip={t('bpmn.loading')}>
      <div style={{ height }} />
    </Spin>
  );
  if (view.isPending) return loading;
  if (view.isError) return null;
  return (
    <div data-testid="flow-diagram">
      {target.processInstanceId ? (
        <Space size={4} style={{ marginBottom: 8 }}>
          <Tag color={token.colorSuccess}>{t('bpmn.legendFinished')}</Tag>
          <Tag color={token.colorPrimary}>{t('bpmn.legendRunning')}</Tag>
          <Tag color={token.colorWarning}>{t('bpmn.legendTaken')}</Tag>
        </Space>
      ) : null}
      <Suspense fallback={loading}>
        <FlowViewer xml={view.data.xml} flow={view.data.flow} height={height} />
      </Suspense>
    </div>
  );
}
