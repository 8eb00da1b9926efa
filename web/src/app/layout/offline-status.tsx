import { CloudSyncOutlined, DisconnectOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startSync, useOnline, useQueue } from '../../lib/offline';
import { QueueDialog } from './queue-dialog';

/**
 * The header's sync state (decision 0046): "离线" without a network, "未同步 N" while entries wait, "冲突 N" when
 * the keeper must choose. Nothing when all is sent. Opens the queue.
 */
export function OfflineStatus({ color }: { color: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const queue = useQueue();
  const [open, setOpen] = useState(false);
  useEffect(startSync, []);
  const waiting = queue.filter((q) => q.status === 'pending').length;
  const conflicts = queue.length - waiting;
  if (online && queue.length === 0) return null;
  return (
    <>
      <Space size={2}>
        {!online ? <DisconnectOutlined style={{ color }} aria-label={t('offline.offline')} title={t('offline.offline')} /> : null}
        {waiting ? (
          <Button type="text" size="small" style={{ color }} icon={<CloudSyncOutlined />} onClick={() => setOpen(true)} data-testid="unsynced">
            {t('offline.unsynced', { n: waiting })}
          </Button>
        ) : null}
        {conflicts ? (
          <Button type="text" size="small" danger icon={<WarningOutlined />} onClick={() => setOpen(true)} data-testid="conflicts">
            {t('offline.conflicts', { n: conflicts })}
          </Button>
        ) : null}
      </Space>
      {open ? <QueueDialog open onClose={() => setOpen(false)} /> : null}
    </>
  );
}
