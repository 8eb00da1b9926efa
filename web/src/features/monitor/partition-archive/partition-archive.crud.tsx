import { PARTITION_STREAMS, partitionArchive } from '@zoo/contract';
import { Typography } from 'antd';
import { defineCrudPage, readonlyResource } from '../../../crud';
import { fileSize } from '../../../lib/file-size';
import { t } from '../../../lib/i18n';

/** 温湿度读数 … for a stream's table (decision 0056); the table itself for one this screen does not know. */
export const streamName = (table: string) => t(`partitionArchive.stream.${table}`, { defaultValue: table });

/** `local` → the upload directory, `oss:<code>` → that object storage configuration. */
const storageName = (storage: string) =>
  storage === 'local' ? t('partitionArchive.storageLocal') : `${t('partitionArchive.storageOss')} ${storage.replace(/^oss:/, '')}`;

/**
 * 分区归档: the months the partition maintenance archived, newest first (the server's order), read-only; the
 * page adds 下载 and the retention above the list.
 */
export const partitionArchivePage = defineCrudPage({
  crud: readonlyResource(partitionArchive),
  i18n: 'partitionArchive',
  readOnly: true,
  actionWidth: 90,
  fields: {
    tableName: {
      width: 200,
      widget: 'select',
      options: PARTITION_STREAMS.map((s) => ({ label: `partitionArchive.stream.${s}`, value: s })),
      search: { key: 'tableName_equal' },
      render: (v) => (
        <>
          {streamName(String(v))} <Typography.Text type="secondary">{String(v)}</Typography.Text>
        </>
      ),
    },
    month: { width: 100 },
    rowCount: { width: 110, render: (v) => Number(v).toLocaleString() },
    byteSize: { width: 100, render: (v) => fileSize(v) },
    storage: { width: 160, render: (v) => storageName(String(v)) },
    sha256: {
      width: 170,
      // The first 12 hex digits tell archives apart on screen; the copy button takes all 64.
      render: (v) => (
        <Typography.Text code copyable={{ text: String(v) }} title={String(v)}>
          {String(v).slice(0, 12)}…
        </Typography.Text>
      ),
    },
    createTime: { width: 170 },
    partitionName: { table: false },
    objectKey: { table: false },
  },
});
