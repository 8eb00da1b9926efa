import { stockLogEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/request';

const COLOR: Record<string, string> = {
  born: 'green',
  import: 'cyan',
  export: 'orange',
  move: 'blue',
  die: 'red',
  cancel: 'volcano',
  census: 'gray',
  reverse: 'purple',
};

/** The ledger rows of one animal or population, oldest first: what happened, when, where, and the stock after. */
export function MovementTimeline({ animalId, populationId }: { animalId?: string; populationId?: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['stock-timeline', animalId ?? '', populationId ?? ''],
    queryFn: () => call(stockLogEndpoints.timeline, { query: animalId ? { animalId } : { populationId: populationId! } }),
    enabled: Boolean(animalId || populationId),
  });
  const rows = query.data ?? [];
  if (query.isLoading) return <Spin />;
  if (!rows.length) return <Empty description={t('zooStockLog.noMovements')} />;
  return (
    <Timeline
      className="zoo-movement-timeline"
      items={rows.map((r) => {
        const where = [r.fromCageName, r.toCageName].filter(Boolean).join(' → ');
        const stock = populationId
          ? [r.fromBefore && `${r.fromBefore} → ${r.fromAfter}`, r.toBefore && `${r.toBefore} → ${r.toAfter}`].filter(Boolean).join(' / ')
          : '';
        return {
          color: COLOR[r.movementType] ?? 'gray',
          content: (
            <div data-movement={r.movementType} data-transfer={r.transferId || undefined}>
              <Typography.Text strong>{r.eventDate.slice(0, 10)}</Typography.Text>{' '}
              <Tag color={COLOR[r.movementType]}>{t(`zooStockLog.kind.${r.movementType}`)}</Tag>
              {r.transferId ? <Tag color="geekblue">{t('zooTransfer.viaTransfer')}</Tag> : null}
              {r.reversalId ? (
                <Typography.Text delete type="secondary">
                  {t('zooStockLog.reversed')}
                </Typography.Text>
              ) : null}
              <div>
                {[where, stock, r.counterpart, r.reason, r.remark].filter(Boolean).map((s) => (
                  <Typography.Text key={s} type="secondary" style={{ marginRight: 12 }}>
                    {s}
                  </Typography.Text>
                ))}
              </div>
            </div>
          ),
        };
      })}
    />
  );
}
