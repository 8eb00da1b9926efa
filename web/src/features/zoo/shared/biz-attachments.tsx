import { bizAttach, type BizType, type PageOf, type Permission } from '@zoo/contract';
import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Image, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudKeys, useCan, type RowOf } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';
import { UserText } from '../../../components/user-text';
import { putFileAttach } from './put-file-attach';

/** What the panel says: its title, upload button, success toast and empty text (each screen's own words). */
export interface AttachmentTexts {
  title: string;
  upload: string;
  uploaded: string;
  empty: string;
}

const IMAGE = /\.(png|jpe?g|gif|webp|bmp|svg)$/i;

/**
 * The business attachments of one record (bizType/bizId of `zoo_biz_attach`): upload stores the file through
 * put-file-attach, then hangs it on the record with bizAttach/submit; both, and removal, need the record's edit
 * button (`editCode`, the server's rule). Images show as thumbnails, other files (PDF scans) as links.
 */
export function BizAttachments({
  bizType,
  bizId,
  editCode,
  texts,
  accept,
  testId,
}: {
  bizType: BizType;
  bizId: string;
  editCode: Permission;
  texts: AttachmentTexts;
  accept?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useCan(editCode);
  const [busy, run] = useBusy();
  const query = { bizType, bizId, current: 1, size: 100 };
  const files = useQuery({
    queryKey: crudKeys.list(bizAttach.name, bizAttach.endpoints.list.path, query),
    queryFn: () => call(bizAttach.endpoints.list, { query }) as Promise<PageOf<RowOf<typeof bizAttach>>>,
  });
  const refresh = () => client.invalidateQueries({ queryKey: crudKeys.lists(bizAttach.name) });

  const upload = async (file: File) => {
    await run(async () => {
      const stored = await putFileAttach(file);
      await call(bizAttach.endpoints.submit, {
        body: { bizType, bizId, attachId: stored.attachId, link: stored.link, originalName: stored.originalName },
      });
      toast.success(texts.uploaded);
      await refresh();
    });
  };
  const remove = (id: string) =>
    confirm({
      title: t('layout.tip'),
      content: t('crud.deleteConfirm'),
      onOk: async () => {
        try {
          await call(bizAttach.endpoints.remove, { query: { ids: id } });
        } catch {
          return;
        }
        toast.success(t('crud.deleteSuccess'));
        await refresh();
      },
    });

  const rows = files.data?.records ?? [];
  return (
    <Card
      variant="borderless"
      title={texts.title}
      extra={
        may ? (
          <Upload
            accept={accept}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {texts.upload}
            </Button>
          </Upload>
        ) : null
      }
    >
      <Spin spinning={files.isFetching || busy}>
        {rows.length ? (
          <Flex wrap gap={12}>
            {rows.map((p) => (
              <Flex key={p.id} vertical gap={4} style={{ width: 160 }} data-testid={testId}>
                {IMAGE.test(p.originalName || p.link) ? (
                  <Image src={p.link} alt={p.originalName} width={160} height={120} style={{ objectFit: 'cover' }} />
                ) : (
                  <Flex align="center" justify="center" style={{ width: 160, height: 120, border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6 }}>
                    <FileOutlined style={{ fontSize: 40 }} aria-hidden />
                  </Flex>
                )}
                <Flex justify="space-between" align="center">
                  <Typography.Link href={p.link} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 120 }} title={p.originalName}>
                    <UserText>{p.originalName || p.link}</UserText>
                  </Typography.Link>
                  {may ? <Button type="link" size="small" danger aria-label={t('crud.delete')} icon={<DeleteOutlined />} onClick={() => remove(p.id)} /> : null}
                </Flex>
              </Flex>
            ))}
          </Flex>
        ) : (
          <Empty description={texts.empty} />
        )}
      </Spin>
    </Card>
  );
}
