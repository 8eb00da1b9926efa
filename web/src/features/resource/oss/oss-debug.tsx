import { ossEndpoints, type UploadResult } from '@zoo/contract';
import { Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../../lib/request';

/** 调试: uploads one file through put-file?code=<this configuration> and shows the link it answers. */
export function OssDebugDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<UploadResult | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      setResult(await upload(ossEndpoints.putFile, file, file.name, { code }));
    } catch {
      setResult(null); // already toasted
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('oss.debug')} onCancel={onClose} footer={<Button onClick={onClose}>{t('crud.close')}</Button>}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('oss.debugTip', { code })}</Typography.Text>
        <input type="file" aria-label={t('oss.debugFile')} disabled={busy} onChange={(e) => void send(e.target.files?.[0])} />
        {result ? (
          <Typography.Text>
            {t('oss.debugLink')}:{' '}
            <a href={result.link} target="_blank" rel="noreferrer">
              {result.link}
            </a>
          </Typography.Text>
        ) : null}
      </Space>
    </Modal>
  );
}
