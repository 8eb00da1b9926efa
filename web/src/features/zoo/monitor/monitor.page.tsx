import { cage } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../../lib/request';
import { streamKind } from './stream-kind';
import { StreamPlayer } from './stream-player';

/** /cage/monitor/:cageId — the cage's camera (its 监控视频地址): HLS or MP4, or a clear reason why not. */
export default function MonitorPage() {
  const { t } = useTranslation();
  const { cageId = '' } = useParams();
  const detail = useQuery({
    queryKey: ['crud', cage.name, 'detail', cageId],
    queryFn: () => call(cage.endpoints.detail, { query: { id: cageId } }),
    enabled: /^\d+$/.test(cageId),
  });
  const c = detail.data;
  const stream = useMemo(() => streamKind(c?.cameraUrl ?? ''), [c?.cameraUrl]);
  return (
    <Card variant="borderless" title={c ? `${t('monitor.title')} · ${c.cageName} (${c.cageCode})` : t('monitor.title')}>
      <Spin spinning={detail.isFetching}>
        {!c ? (
          detail.isFetching ? null : (
            <Empty description={t('cageDetail.missing')} />
          )
        ) : stream.kind === 'none' ? (
          <Alert type="info" showIcon message={t('monitor.none')} description={t('monitor.noneHint')} data-testid="monitor-none" />
        ) : stream.kind === 'unsupported' ? (
          <Alert type="warning" showIcon message={t('monitor.unsupported', { protocol: stream.protocol })} data-testid="monitor-unsupported" />
        ) : (
          <>
            <StreamPlayer stream={stream} />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
              {t('monitor.address')}: {c.cameraUrl}
            </Typography.Text>
          </>
        )}
      </Spin>
    </Card>
  );
}
