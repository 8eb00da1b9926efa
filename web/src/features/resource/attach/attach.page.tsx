import { UploadOutlined } from '@ant-design/icons';
import { ossEndpoints } from '@zoo/contract';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, type CrudContext } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { upload } from '../../../lib/request';
import { attachPage } from './attach.crud';
import { useBusy } from '../../../lib/use-busy';

/** 上传: one file through put-file-attach, which also registers the attachment row. */
function UploadButton({ ctx }: { ctx: Pick<CrudContext, 'refresh'> }) {
  const { t } = useTranslation();
  const [busy, run] = useBusy();
  return (
    <Upload
      showUploadList={false}
      customRequest={async ({ file }) => {
        const f = file as File;
        await run(async () => {
          await upload(ossEndpoints.putFileAttach, f, f.name);
          toast.success(t('attach.uploaded'));
          ctx.refresh();
        });
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {t('attach.upload')}
      </Button>
    </Upload>
  );
}

export default function AttachPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      def={attachPage}
      toolbar={(ctx) => (ctx.can('attach_upload') ? <UploadButton ctx={ctx} /> : null)}
      rowActions={(row, ctx) =>
        ctx.can('attach_download') ? (
          <Button type="link" size="small" href={row.link} target="_blank" rel="noreferrer" download={row.originalName}>
            {t('attach.download')}
          </Button>
        ) : null
      }
    />
  );
}
