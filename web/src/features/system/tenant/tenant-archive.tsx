import { UploadOutlined } from '@ant-design/icons';
import { tenantArchiveEndpoints as ep } from '@zoo/contract';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { isAdministrator, useSession } from '../../../lib/session';
import { download, upload } from '../../../lib/request/transfer';
import { useBusy } from '../../../lib/use-busy';

/** A zoo's data as one file (decision 0053): the platform administrator's only, as the server rules. */
export const usePlatformAdministrator = () => useSession((s) => s.userInfo?.tenant_id === '000000' && isAdministrator(s.userInfo?.role_name));

/** 导出数据: the archive of one tenant, downloaded by link (the endpoint streams it). */
export const exportTenant = (tenantId: string) => download(ep.export, { tenantId });

/** 导入数据: an archive from this or another installation becomes a zoo here (a new tenant id if its own is taken). */
export function TenantImportButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, run] = useBusy();
  return (
    <Upload
      accept=".gz,.tgz,application/gzip"
      showUploadList={false}
      customRequest={async ({ file }) => {
        await run(async () => {
          const r = await upload(ep.import, file as File);
          toast.success(t('tenant.imported', { tenantId: r.tenantId, name: r.tenantName, rows: r.rows, files: r.files }));
          if (r.missingFiles) toast.warning(t('tenant.importedMissing', { count: r.missingFiles }));
          onDone();
        });
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {t('tenant.importData')}
      </Button>
    </Upload>
  );
}
