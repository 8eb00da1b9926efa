import { BellOutlined } from '@ant-design/icons';
import { firstEndpoints } from '../../lib/request/first-endpoints';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover, Spin, Typography } from 'antd';
import { PlainList } from '../../components/plain-list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../lib/request';

/** The latest notices (GET /blade-desk/listAllNotice), fetched when the popover opens. */
export function NoticePopover({ color }: { color: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data = [], isFetching } = useQuery({
    queryKey: ['shell', 'latest-notices'],
    queryFn: () => call(firstEndpoints.listAllNotice, { query: { limit: 5 } }),
    enabled: open,
    staleTime: 30_000,
  });
  const content = (
    <div style={{ width: 320 }} data-testid="notice-list">
      {data.length ? (
        <Spin spinning={isFetching}>
          <PlainList
            items={data}
            rowKey={(n) => n.id}
            render={(n) => (
              <div>
                <div style={{ fontWeight: 500 }}>{n.title}</div>
                <Typography.Text type="secondary">{`${n.categoryName || ''} ${n.releaseTime}`.trim()}</Typography.Text>
              </div>
            )}
          />
        </Spin>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={isFetching ? '…' : t('shell.noticeEmpty')} />
      )}
      <Typography.Link
        style={{ display: 'block', textAlign: 'center', marginTop: 4 }}
        onClick={() => {
          setOpen(false);
          navigate('/desk/notice');
        }}
      >
        {t('shell.noticeMore')}
      </Typography.Link>
    </div>
  );
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} title={t('shell.notice')} content={content} placement="bottomRight">
      <Badge dot={data.length > 0} offset={[-6, 6]}>
        <Button type="text" style={{ color }} aria-label={t('shell.notice')} icon={<BellOutlined />} />
      </Badge>
    </Popover>
  );
}
