import { partitionArchiveEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { call } from '../../../lib/request';
import { download } from '../../../lib/request/transfer';
import { partitionArchivePage, streamName } from './partition-archive.crud';

/** Each stream's retention (系统参数 zoo.retention.*): what the next runs will archive, and when. */
function Retention() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['partition-retention'], queryFn: () => call(partitionArchiveEndpoints.retention), staleTime: 60_000 });
  if (!q.data) return null;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title={t('partitionArchive.retention')}
      description={
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={q.data.map((r) => ({
              key: r.tableName,
              label: streamName(r.tableName),
              children: r.months > 0 ? t('partitionArchive.months', { count: r.months }) : t('partitionArchive.forever'),
            }))}
          />
          <div>{t('partitionArchive.retentionHint')}</div>
        </>
      }
    />
  );
}

export default function PartitionArchivePage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      def={partitionArchivePage}
      header={<Retention />}
      rowActions={(row, ctx) =>
        ctx.can('partition_archive_download') ? (
          <Button type="link" size="small" onClick={() => download(partitionArchiveEndpoints.download, { id: row.id })}>
            {t('partitionArchive.download')}
          </Button>
        ) : null
      }
    />
  );
}
