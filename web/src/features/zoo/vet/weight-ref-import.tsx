import { UploadOutlined } from '@ant-design/icons';
import { vetRoundEndpoints as ep, type DataOf } from '@zoo/contract';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, upload } from '../../../lib/request/transfer';
import { useBusy } from '../../../lib/use-busy';
import { ZooSpeciesSelect } from '../shared/registry-widgets';

type Result = DataOf<typeof ep.weightRefImport>;

/**
 * The reference-curve import (decision 0038): a species and an xlsx of (日龄, 参考体重, 来源). The server answers at once
 * (one transaction): the points written and updated, and every refused row with its reason.
 */
export function WeightRefImportDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [speciesId, setSpeciesId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, run] = useBusy();
  const [result, setResult] = useState<Result | null>(null);

  const start = () =>
    run(async () => {
      if (!file || !speciesId) return;
      setResult(await upload(ep.weightRefImport, file, { speciesId }));
      onDone();
    });

  return (
    <Modal
      open
      title={t('vetWeightRef.import.title')}
      width="min(620px, 96vw)"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
        result ? null : (
          <Button key="start" type="primary" loading={busy} disabled={!file || !speciesId} onClick={() => void start()} data-testid="weight-ref-import-start">
            {t('vetWeightRef.import.start')}
          </Button>
        ),
      ]}
    >
      {result ? (
        <div data-testid="weight-ref-import-result">
          <Typography.Paragraph strong>
            {t('vetWeightRef.import.summary', { total: result.total, created: result.created, updated: result.updated, rejected: result.rejected.length })}
          </Typography.Paragraph>
          {result.rejected.length ? (
            <Table
              size="small"
              bordered
              rowKey={(e) => `${e.row}-${e.reason}`}
              dataSource={result.rejected}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('vetWeightRef.import.row'), width: 72 },
                { key: 'reason', dataIndex: 'reason', title: t('vetWeightRef.import.reason') },
              ]}
            />
          ) : (
            <Alert type="success" showIcon title={t('vetWeightRef.import.allTaken')} />
          )}
        </div>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{t('vetWeightRef.import.hint')}</Typography.Paragraph>
          <div>
            <label htmlFor="weight-ref-import-species">{t('vetWeightRef.speciesId')}</label>
            <ZooSpeciesSelect id="weight-ref-import-species" value={speciesId} onChange={(v) => setSpeciesId(String(v ?? ''))} />
          </div>
          <Space wrap>
            <Upload
              accept=".xlsx"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid="weight-ref-import-pick">
                {t('vetWeightRef.import.pick')}
              </Button>
            </Upload>
            <Button type="link" onClick={() => download(ep.weightRefExport)}>
              {t('vetWeightRef.import.template')}
            </Button>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
