import { Button, Descriptions, Empty, List, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { discard, flush, keepMine, useQueue, type QueuedEntry } from '../../lib/offline';

const FIELDS = { log: ['health', 'appetite', 'remark'], feeding: ['offered', 'leftover', 'refused', 'refuseReason'] } as const;

/** Both versions of a conflicting entry, field by field, for the keeper to choose (never overwritten silently). */
function Versions({ q }: { q: QueuedEntry }) {
  const { t } = useTranslation();
  const show = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      data-testid="conflict-versions"
      items={FIELDS[q.kind].map((f) => ({
        key: f,
        label: t(`offline.field.${f}`),
        children: (
          <Space direction="vertical" size={0}>
            <span>
              <Tag color="blue">{t('offline.mine')}</Tag>
              {show(q.body[f])}
            </span>
            <span>
              <Tag color="orange">{t('offline.server')}</Tag>
              {show(q.server?.[f])}
            </span>
          </Space>
        ),
      }))}
    />
  );
}

/** The device's queue: what waits for the network, conflicts to resolve, entries the server refused. */
export function QueueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queue = useQueue();
  return (
    <Modal
      open={open}
      title={t('offline.queueTitle')}
      onCancel={onClose}
      footer={
        <Button size="large" onClick={() => void flush()}>
          {t('offline.syncNow')}
        </Button>
      }
      width={560}
    >
      {queue.length === 0 ? (
        <Empty description={t('offline.queueEmpty')} />
      ) : (
        <List
          dataSource={queue}
          renderItem={(q) => (
            <List.Item key={q.key} data-testid="queue-entry">
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text strong>{q.label}</Typography.Text>
                  <Tag color={q.status === 'pending' ? 'gold' : 'red'}>{t(`offline.${q.status}`)}</Tag>
                </Space>
                {q.status === 'conflict' ? (
                  <>
                    <Typography.Text type="secondary">{t('offline.conflictHint')}</Typography.Text>
                    <Versions q={q} />
                    <Space wrap>
                      <Button size="large" type="primary" onClick={() => void keepMine(q)}>
                        {t('offline.keepMine')}
                      </Button>
                      <Button size="large" onClick={() => void discard(q)}>
                        {t('offline.takeServer')}
                      </Button>
                    </Space>
                  </>
                ) : null}
                {q.status === 'rejected' ? (
                  <Space wrap>
                    <Typography.Text type="danger">{q.msg}</Typography.Text>
                    <Button onClick={() => void discard(q)}>{t('offline.drop')}</Button>
                  </Space>
                ) : null}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
