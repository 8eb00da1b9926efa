import { bizAttach, type PageOf } from '@zoo/contract';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Image, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudKeys, useCan, type RowOf } from '../../../crud';
import { confirm, toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { putFileAttach } from './upload';
import { useBusy } from '../../../lib/use-busy';

/**
 * Photos of a cage: its business attachments (bizType cage). Uploading stores the file through
 * put-file-attach, then hangs it on the cage with bizAttach/submit; both need the cage's edit button.
 */
export function CagePhotos({ cageId }: { cageId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useCan('cage_edit');
  const [busy, run] = useBusy();
  const query = { bizType: 'cage', bizId: cageId, current: 1, size: 100 };
  const photos = useQuery({
    queryKey: crudKeys.list(bizAttach.name, bizAttach.endpoints.list.path, query),
    queryFn: () => call(bizAttach.endpoints.list, { query }) as Promise<PageOf<RowOf<typeof bizAttach>>>,
  });
  const refresh = () => client.invalidateQueries({ queryKey: crudKeys.lists(bizAttach.name) });

  const upload = async (file: File) => {
    await run(async () => {
      const stored = await putFileAttach(file);
      await call(bizAttach.endpoints.submit, {
        body: { bizType: 'cage', bizId: cageId, attachId: stored.attachId, link: stored.link, originalName: stored.originalName },
      });
      toast.success(t('cageDetail.uploaded'));
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

  const rows = photos.data?.records ?? [];
  return (
    <Card
      variant="borderless"
      title={t('cageDetail.photos')}
      extra={
        may ? (
          <Upload
            accept="image/*"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {t('cageDetail.upload')}
            </Button>
          </Upload>
        ) : null
      }
    >
      <Spin spinning={photos.isFetching || busy}>
        {rows.length ? (
          <Flex wrap gap={12}>
            {rows.map((p) => (
              <Flex key={p.id} vertical gap={4} style={{ width: 160 }} data-testid="cage-photo">
                <Image src={p.link} alt={p.originalName} width={160} height={120} style={{ objectFit: 'cover' }} />
                <Flex justify="space-between" align="center">
                  <Typography.Text ellipsis style={{ maxWidth: 120 }} title={p.originalName}>
                    {p.originalName}
                  </Typography.Text>
                  {may ? <Button type="link" size="small" danger aria-label={t('crud.delete')} icon={<DeleteOutlined />} onClick={() => remove(p.id)} /> : null}
                </Flex>
              </Flex>
            ))}
          </Flex>
        ) : (
          <Empty description={t('cageDetail.noPhotos')} />
        )}
      </Spin>
    </Card>
  );
}
