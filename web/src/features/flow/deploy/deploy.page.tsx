import { flowEndpoints } from '@zoo/contract';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { DeployTargetFields, type DeployTarget } from '../shared/deploy-target';

const ACCEPTED = /\.(bpmn20\.xml|bpmn)$/i;

/** 流程部署: upload .bpmn20.xml / .bpmn files (multipart `files`, `category`, `tenantIds`) as new definitions. */
export default function DeployPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeployTarget>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const deploy = async (v: DeployTarget) => {
    if (!files.length) return toast.warning(t('flowDeploy.filesRequired'));
    const data = new FormData();
    for (const f of files) data.append('files', f.originFileObj as Blob, f.name);
    data.append('category', v.category ?? '');
    data.append('tenantIds', (v.tenantIds ?? []).join(','));
    setBusy(true);
    try {
      await call(flowEndpoints.deployUpload, { form: data });
    } catch {
      return;
    } finally {
      setBusy(false);
    }
    toast.success(t('flowDeploy.deployed'));
    setFiles([]);
    form.resetFields();
  };
  return (
    <Card variant="borderless" title={t('flowDeploy.title')}>
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={(v) => void deploy(v)}>
        <DeployTargetFields />
        <Form.Item label={t('flowDeploy.files')} required extra={t('flowDeploy.filesHint')}>
          <Upload
            multiple
            accept=".xml,.bpmn"
            fileList={files}
            beforeUpload={(file) => {
              if (!ACCEPTED.test(file.name)) {
                toast.error(t('flowDeploy.badFile'));
                return Upload.LIST_IGNORE;
              }
              return false; // kept in the list, sent with 部署
            }}
            onChange={({ fileList }) => setFiles(fileList)}
          >
            <Button icon={<UploadOutlined />} data-testid="deploy-pick">
              {t('flowDeploy.pick')}
            </Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="deploy-submit">
          {t('flowDeploy.submit')}
        </Button>
      </Form>
    </Card>
  );
}
