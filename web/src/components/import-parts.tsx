import { UploadOutlined } from '@ant-design/icons';
import type { ImportIssue } from '@zoo/contract';
import { Button, Table, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

/** The rows an import did not take: spreadsheet row number (header = row 1) and the reason. */
export function RefusedRows({ rows, reasonTitle }: { rows: ImportIssue[]; reasonTitle: string }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      bordered
      rowKey={(e) => `${e.row}-${e.reason}`}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { key: 'row', dataIndex: 'row', title: t('transfer.row'), width: 80 },
        { key: 'reason', dataIndex: 'reason', title: reasonTitle },
      ]}
    />
  );
}

/** One file to import, kept in the dialog until it is sent (never uploaded by antd itself). */
export function FilePick({ accept, file, onPick, testId }: { accept: string; file: File | null; onPick: (f: File | null) => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Upload
      accept={accept}
      maxCount={1}
      beforeUpload={(f) => {
        onPick(f);
        return false;
      }}
      onRemove={() => onPick(null)}
      fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
    >
      <Button icon={<UploadOutlined />} data-testid={testId}>
        {t('transfer.pick')}
      </Button>
    </Upload>
  );
}
