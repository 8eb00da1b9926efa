import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/feedback';
import { useFlowDiagram } from '../../../lib/flow-diagram';
import { useFlowRoute } from '../shared/flow-routes';

/** 流程图: the shell's diagram dialog for this instance (or definition). */
export function DiagramButton({ processInstanceId, processDefinitionId }: { processInstanceId?: string; processDefinitionId?: string }) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" data-testid="row-diagram" onClick={() => useFlowDiagram.getState().show({ processInstanceId, processDefinitionId })}>
      {t('work.diagram')}
    </Button>
  );
}

/** A row button that opens the business form of the row's category (flow dictionary remark). */
export function RouteButton({ category, label, testId, to }: { category: string; label: string; testId: string; to: (route: string) => string }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const routeOf = useFlowRoute();
  return (
    <Button
      type="link"
      size="small"
      data-testid={testId}
      onClick={async () => {
        const route = await routeOf(category).catch(() => null);
        if (!route) return toast.warning(t('work.noRoute'));
        navigate(to(route));
      }}
    >
      {label}
    </Button>
  );
}
