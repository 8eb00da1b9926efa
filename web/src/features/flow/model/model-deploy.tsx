import { flowEndpoints, type FlowModel } from '@zoo/contract';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { DeployTargetFields, type DeployTarget } from '../shared/deploy-target';

/** 部署: the model's current XML becomes a new definition version in a category, for tenants or for all. */
export function ModelDeploy({ model, onClose }: { model: FlowModel; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeployTarget>();
  const [busy, setBusy] = useState(false);
  const deploy = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await call(flowEndpoints.modelDeploy, { query: { modelId: model.id, category: v.category ?? '', tenantIds: (v.tenantIds ?? []).join(',') } });
    } catch {
      return;
    } finally {
      setBusy(false);
    }
    toast.success(t('flowModel.deployed'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('flowModel.deployTitle', { name: model.name })}
      onCancel={onClose}
      onOk={() => void deploy().catch(() => undefined)}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'model-deploy-ok' } as Record<string, string>}
    >
      <Form form={form} layout="vertical">
        <DeployTargetFields />
      </Form>
    </Modal>
  );
}
