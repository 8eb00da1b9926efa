import { BellOutlined } from '@ant-design/icons';
import { deskEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
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
    queryFn: () => call(deskEndpoints.listAllNotice, { query: { limit: 5 } }),
    enabled: open,
    staleTime: 30_000,
  });
  const content = (
    <div style={{ width: 320 }} data-testid="notice-list">
      {data.length ? (
        <List
          size="small"
          loading={isFetching}
          dataSource={data}
          renderItem={(n) => (
            <List.Item key={n.id}>
              <List.Item.Meta title={n.title} description={`${n.categoryName || ''} ${n.releaseTime}`.trim()} />
            </List.Item>
          )}
        />
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
