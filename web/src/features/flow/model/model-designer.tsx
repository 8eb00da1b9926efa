import { flowEndpoints, type FlowModel } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Spin } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowModelerHandle } from '../../../components/bpmn/flow-modeler';
import { emptyDiagram } from '../../../components/bpmn/flowable-moddle';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';

// bpmn-js's modeler (palette, context pad, moddle) loads only when a model is designed.
const FlowModeler = lazy(() => import('../../../components/bpmn/flow-modeler'));

interface Head {
  modelKey?: string;
  name?: string;
  description?: string;
}

/** The designer dialog: new model (an empty diagram) or an existing one (detail's modelEditorXml); 保存 submits both. */
export function ModelDesigner({ model, onClose, onSaved }: { model?: FlowModel; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Head>();
  const modeler = useRef<FlowModelerHandle>(null);
  const [saving, setSaving] = useState(false);
  const detail = useQuery({
    queryKey: ['flow-model', model?.id],
    queryFn: () => call(flowEndpoints.modelDetail, { query: { id: model!.id } }),
    enabled: Boolean(model),
    gcTime: 0,
  });
  const [fresh] = useState(() => emptyDiagram('process_' + Date.now().toString(36), ''));
  const xml = model ? detail.data?.modelEditorXml || emptyDiagram(model.modelKey, model.name) : fresh;
  const save = async () => {
    const head = await form.validateFields();
    setSaving(true);
    try {
      // A new diagram's process takes the model's key and name (the key a deployment's definition gets).
      if (!model) modeler.current!.nameProcess(head.modelKey ?? '', head.name ?? '');
      const modelEditorXml = await modeler.current!.saveXML();
      await call(flowEndpoints.modelSubmit, {
        body: { id: model?.id, modelKey: head.modelKey ?? '', name: head.name ?? '', description: head.description, modelEditorXml },
      });
    } catch {
      return;
    } finally {
      setSaving(false);
    }
    toast.success(t('flowModel.saved'));
    onSaved();
  };
  return (
    <Modal
      open
      width="96vw"
      style={{ top: 16 }}
      title={model ? t('flowModel.designTitle', { name: model.name }) : t('flowModel.newTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)} data-testid="model-save">
            {t('flowModel.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="inline"
        initialValues={model ? { modelKey: model.modelKey, name: model.name, description: model.description } : {}}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="modelKey" label={t('flowModel.modelKey')} rules={[{ required: true, message: t('flowModel.keyRequired') }]}>
          <Input data-testid="model-key" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="name" label={t('flowModel.name')} rules={[{ required: true, message: t('flowModel.nameRequired') }]}>
          <Input data-testid="model-name" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="description" label={t('flowModel.description')}>
          <Input data-testid="model-description" style={{ width: 260 }} />
        </Form.Item>
      </Form>
      {model && detail.isPending ? (
        <Spin />
      ) : (
        <Suspense fallback={<Spin />}>
          <FlowModeler ref={modeler} xml={xml} height={Math.max(420, window.innerHeight - 300)} />
        </Suspense>
      )}
    </Modal>
  );
}
