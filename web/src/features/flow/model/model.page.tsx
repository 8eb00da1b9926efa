import { flowEndpoints, type FlowModel } from '@zoo/contract';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudKeys, CrudPage, useCan } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { ModelDeploy } from './model-deploy';
import { ModelDesigner } from './model-designer';
import { modelPage } from './model.crud';

type Dialog = { kind: 'design'; model?: FlowModel } | { kind: 'deploy'; model: FlowModel } | null;

/** 模型管理: models drawn in the browser (bpmn-js), saved as BPMN XML, deployed to a category and tenants. */
export default function ModelPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog>(null);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: crudKeys.lists(modelPage.crud.name) });
  return (
    <>
      <CrudPage
        def={modelPage}
        toolbar={() =>
          can('flow_model_add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'design' })} data-testid="model-add">
              {t('flowModel.add')}
            </Button>
          ) : null
        }
        rowActions={(row, ctx) => (
          <>
            {ctx.can('flow_model_design') ? (
              <Button type="link" size="small" data-testid="row-design" onClick={() => setDialog({ kind: 'design', model: row })}>
                {t('flowModel.design')}
              </Button>
            ) : null}
            {ctx.can('flow_model_deploy') ? (
              <Button type="link" size="small" data-testid="row-deploy" onClick={() => setDialog({ kind: 'deploy', model: row })}>
                {t('flowModel.deploy')}
              </Button>
            ) : null}
            {ctx.can('flow_model_delete') ? (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirm({
                    title: t('layout.tip'),
                    content: t('crud.deleteConfirm'),
                    onOk: async () => {
                      try {
                        await call(flowEndpoints.modelRemove, { query: { ids: row.id } });
                      } catch {
                        return;
                      }
                      toast.success(t('crud.deleteSuccess'));
                      ctx.refresh();
                    },
                  })
                }
              >
                {t('crud.delete')}
              </Button>
            ) : null}
          </>
        )}
      />
      {dialog?.kind === 'design' ? (
        <ModelDesigner
          model={dialog.model}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'deploy' ? <ModelDeploy model={dialog.model} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
