import { flowEndpoints } from '@zoo/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { useFlowDiagram } from '../../../lib/flow-diagram';
import { call, http } from '../../../lib/request';
import { managerPage } from './manager.crud';

/** The server's own message of a change-state answer ("激活ID为 [x] 的流程成功", "…已是此状态，无需操作"). */
async function changeState(state: 'active' | 'suspend', processId: string): Promise<string> {
  const body = (await http({ method: 'POST', path: flowEndpoints.changeState.path, query: { state, processId } })) as { msg?: string };
  return body?.msg ?? '';
}

/** 流程管理: activate / suspend a definition, delete its deployment, look at its diagram. */
export default function ManagerPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      def={managerPage}
      rowActions={(row, ctx) => {
        const active = row.suspensionState === 1;
        return (
          <>
            {ctx.can('flow_manager_state') ? (
              <Button
                type="link"
                size="small"
                data-testid={active ? 'row-suspend' : 'row-activate'}
                onClick={async () => {
                  try {
                    toast.success(await changeState(active ? 'suspend' : 'active', row.id));
                  } catch {
                    return;
                  }
                  ctx.refresh();
                }}
              >
                {t(active ? 'flowManager.suspend' : 'flowManager.activate')}
              </Button>
            ) : null}
            {ctx.can('flow_manager_delete') ? (
              <Button
                type="link"
                size="small"
                danger
                data-testid="row-delete"
                onClick={() =>
                  confirm({
                    title: t('layout.tip'),
                    content: t('flowManager.deleteConfirm'),
                    onOk: async () => {
                      try {
                        await call(flowEndpoints.deleteDeployment, { query: { deploymentIds: row.deploymentId } });
                      } catch {
                        return;
                      }
                      toast.success(t('flowManager.deleted'));
                      ctx.refresh();
                    },
                  })
                }
              >
                {t('flowManager.delete')}
              </Button>
            ) : null}
            <Button type="link" size="small" onClick={() => useFlowDiagram.getState().show({ processDefinitionId: row.id })}>
              {t('flowManager.diagram')}
            </Button>
          </>
        );
      }}
    />
  );
}
