import { UploadOutlined } from '@ant-design/icons';
import type { ImportIssue } from '@zoo/contract';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../../lib/use-busy';

/**
 * A medical spreadsheet import (reference curves, laboratory results; decision 0038): the server answers at once
 * (one transaction), so the dialog shows its summary and every refused row with its reason.
 */
export function VetSheetImport({
  title,
  hint,
  extra,
  ready = true,
  send,
  template,
  summary,
  onClose,
  testId,
}: {
  title: string;
  hint: string;
  /** Choices above the file (the species of a curve). */
  extra?: ReactNode;
  ready?: boolean;
  send: (file: File) => Promise<{ rejected: ImportIssue[] } & Record<string, unknown>>;
  template: () => void;
  summary: (r: { rejected: ImportIssue[] } & Record<string, unknown>) => string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, run] = useBusy();
  const [result, setResult] = useState<({ rejected: ImportIssue[] } & Record<string, unknown>) | null>(null);
  const start = () =>
    run(async () => {
      if (file) setResult(await send(file));
    });
  return (
    <Modal
      open
      title={title}
      width="min(620px, 96vw)"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
        result ? null : (
          <Button key="start" type="primary" loading={busy} disabled={!file || !ready} onClick={() => void start()} data-testid={`${testId}-start`}>
            {t('vetImport.start')}
          </Button>
        ),
      ]}
    >
      {result ? (
        <div data-testid={`${testId}-result`}>
          <Typography.Paragraph strong>{summary(result)}</Typography.Paragraph>
          {result.rejected.length ? (
            <Table
              size="small"
              bordered
              rowKey={(e) => `${e.row}-${e.reason}`}
              dataSource={result.rejected}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('vetImport.row'), width: 72 },
                { key: 'reason', dataIndex: 'reason', title: t('vetImport.reason') },
              ]}
            />
          ) : (
            <Alert type="success" showIcon title={t('vetImport.allTaken')} />
          )}
        </div>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
          {extra}
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
              <Button icon={<UploadOutlined />}>{t('vetImport.pick')}</Button>
            </Upload>
            <Button type="link" onClick={template}>
              {t('vetImport.template')}
            </Button>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
