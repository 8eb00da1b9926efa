import type { Notice } from '@zoo/contract';
import { Button, Card, Empty, Modal, Tag, Typography } from 'antd';
import { PlainList } from '../../components/plain-list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatestNotices } from './desk-queries';

/** The newest notices; a title opens the notice. */
export function LatestNotices({ limit = 5 }: { limit?: number }) {
  const { t } = useTranslation();
  const notices = useLatestNotices(limit);
  const [open, setOpen] = useState<Notice | null>(null);
  return (
    <Card title={t('desk.latestNotices')} size="small" loading={notices.isLoading}>
      {notices.data?.length ? (
        <PlainList
          items={notices.data}
          rowKey={(n) => n.id}
          render={(n) => (
            <>
              <span>
                {n.categoryName ? <Tag color="blue">{n.categoryName}</Tag> : null}
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(n)}>
                  {n.title}
                </Button>
              </span>
              <Typography.Text type="secondary">{n.releaseTime.slice(0, 10)}</Typography.Text>
            </>
          )}
        />
      ) : (
        <Empty description={t('desk.noNotices')} />
      )}
      {open ? (
        <Modal open title={open.title} onCancel={() => setOpen(null)} footer={<Button onClick={() => setOpen(null)}>{t('crud.close')}</Button>}>
          <Typography.Paragraph type="secondary">
            {open.categoryName} · {open.releaseTime}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open.content}</Typography.Paragraph>
        </Modal>
      ) : null}
    </Card>
  );
}
