import { UploadOutlined } from '@ant-design/icons';
import { studbookEndpoints as ep, type DataOf } from '@zoo/contract';
import { Alert, Button, Modal, Segmented, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../../lib/request/transfer';
import { useBusy } from '../../../lib/use-busy';

type Result = DataOf<typeof ep.import>;

/**
 * The studbook import dialog (decision 0037): an xlsx or the PMx pedigree CSV, into the national or international
 * studbook. The server answers at once (one transaction), so the dialog shows its result: counts and every row it
 * did not take, with the reason.
 */
export function StudbookImportDialog({ speciesId, onClose, onDone }: { speciesId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [scope, setScope] = useState<1 | 2>(1);
  const [busy, run] = useBusy();
  const [result, setResult] = useState<Result | null>(null);

  const start = () =>
    run(async () => {
      if (!file) return;
      setResult(await upload(ep.import, file, { speciesId, scope }));
      onDone();
    });

  return (
    <Modal
      open
      title={t('studbook.import.title')}
      width="min(680px, 96vw)"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
        result ? null : (
          <Button key="start" type="primary" loading={busy} disabled={!file} onClick={() => void start()} data-testid="studbook-import-start">
            {t('studbook.import.start')}
          </Button>
        ),
      ]}
    >
      {result ? (
        <div data-testid="studbook-import-result">
          <Typography.Paragraph strong>
            {t('studbook.import.summary', { total: result.total, created: result.created, matched: result.matched, rejected: result.rejected.length })}
          </Typography.Paragraph>
          {result.rejected.length ? (
            <Table
              size="small"
              bordered
              rowKey={(e) => `${e.row}-${e.reason}`}
              dataSource={result.rejected}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('studbook.import.row'), width: 72 },
                { key: 'reason', dataIndex: 'reason', title: t('studbook.import.reason') },
              ]}
            />
          ) : (
            <Alert type="success" showIcon title={t('studbook.import.allTaken')} />
          )}
        </div>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{t('studbook.import.hint')}</Typography.Paragraph>
          <Space wrap>
            <span>{t('studbook.import.scope')}</span>
            <Segmented
              value={scope}
              onChange={(v) => setScope(v as 1 | 2)}
              options={[
                { label: t('studbook.import.national'), value: 1 },
                { label: t('studbook.import.international'), value: 2 },
              ]}
            />
          </Space>
          <Upload
            accept=".xlsx,.csv"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid="studbook-import-pick">
              {t('studbook.import.pick')}
            </Button>
          </Upload>
        </Space>
      )}
    </Modal>
  );
}
