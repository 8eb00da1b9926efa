import type { DataOf, RoundLog } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Progress, Row, Space, Spin, Tag, Typography } from 'antd';
import { CheckCircleTwoTone, ThunderboltOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../crud/can';
import { toast } from '../../../lib/feedback';
import { enqueue, onSynced, useQueue } from '../../../lib/offline';
import { useSession } from '../../../lib/session';
import { withJitlessZod } from '../../../lib/zod-jitless';
import type { LogTarget } from './log-dialog';
import { HealthTag } from './log-tags';
import { RoundFeedings } from './round-feedings';
import { readFeedings, readRound, takeEarly, type EarlyRead } from './round-reads';
import { roundWire } from './round-wire';

// Nothing the round paints first reads the contract's schemas (zod): the log dialog, which does, comes on demand
// (decision 0046, the offline round's first paint).
const LogDialog = lazy(withJitlessZod(() => import('./log-dialog').then((m) => ({ default: m.LogDialog }))));

type Item = DataOf<typeof roundWire.round>['items'][number];

/** The early read's answer as the query's data on mount, dated when it was read or kept. */
const seed = <T extends { savedAt: number }>(read: EarlyRead<T> | undefined) =>
  read?.value ? { initialData: read.value, initialDataUpdatedAt: read.value.savedAt } : {};

/**
 * 今日巡查: the animals and populations of the cages the user keeps, today's completion, and for each a one-click
 * log (the last diet, all eaten, everything normal) or a full entry. Cards and buttons are sized for a tablet.
 */
export function TodayRound({ onLogged }: { onLogged?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAdd = useCan(roundWire.perms.add);
  const canEdit = useCan(roundWire.perms.edit);
  // Both read through the device's copy: the round opens without a network (decision 0046).
  // Keyed by user: another keeper signing in on a shared device never sees the previous one's round from the
  // in-memory cache either (offline, a failed read would leave the previous answer on screen).
  const userId = useSession((s) => s.userInfo?.user_id ?? '');
  // Reads started when the page's code arrived (basiclog.page.tsx): the first query uses them, and when one has
  // already answered the round is drawn with it on the first render (later refreshes read afresh).
  const [early] = useState(() => ({ round: takeEarly('round', userId), feedings: takeEarly('feedings', userId) }));
  const round = useQuery({
    queryKey: ['basiclog-round', userId],
    queryFn: () => {
      const read = early.round;
      early.round = undefined;
      return read?.promise ?? readRound();
    },
    ...seed(early.round),
  });
  const feedings = useQuery({
    queryKey: ['basiclog-round-feedings', userId],
    queryFn: () => {
      const read = early.feedings;
      early.feedings = undefined;
      return read?.promise ?? readFeedings();
    },
    ...seed(early.feedings),
  });
  const queue = useQueue();
  const [target, setTarget] = useState<LogTarget | null>(null);
  const data = round.data?.data;
  const refresh = () => {
    void round.refetch();
    void feedings.refetch();
    onLogged?.();
  };
  useEffect(() => onSynced(refresh));
  const logTarget = (item: Item) => `log:${item.animalId}:${data!.day}`;
  const queuedLog = (item: Item) => queue.find((q) => q.target === logTarget(item));

  /** One-click log (the last diet, all eaten, everything normal), queued on the device and sent when online. */
  const quick = async (item: Item) => {
    await enqueue({
      kind: 'log',
      target: logTarget(item),
      base: item.logVersion,
      label: `${item.animalName} · ${t('basicLog.title')}`,
      body: { animalId: item.animalId, logDate: data!.day, diet: item.lastDiet.map((d) => ({ ...d, amount: d.amount === '' ? null : d.amount, intake: 1 })) },
    });
    toast.success(t(navigator.onLine ? 'basicLog.round.saved' : 'roundFeed.queued'));
  };

  return (
    <Spin spinning={round.isFetching && !data}>
      {data ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {round.data?.offline ? (
            <Alert
              type="warning"
              showIcon
              data-testid="round-offline"
              message={t('roundFeed.offlineCopy', { time: new Date(round.data.savedAt).toLocaleTimeString() })}
            />
          ) : null}
          <Card size="small" variant="outlined">
            <Space size={24} wrap align="center">
              <Progress type="circle" size={88} percent={data.percent} aria-label={t('basicLog.round.percent')} />
              <Space direction="vertical" size={2}>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="round-progress">
                  {t('basicLog.round.progress', { logged: data.logged, total: data.total })}
                </Typography.Title>
                <Typography.Text type="secondary">{t('basicLog.round.day', { day: data.day })}</Typography.Text>
                <Typography.Text type="secondary">{t('basicLog.round.quickHint')}</Typography.Text>
              </Space>
            </Space>
          </Card>
          {data.items.length === 0 ? (
            <Empty description={t('basicLog.round.empty')} />
          ) : (
            <Row gutter={[12, 12]}>
              {data.items.map((item) => {
                const queued = queuedLog(item);
                return (
                  <Col key={item.animalId} xs={24} sm={12} lg={8} xxl={6}>
                    <Card size="small" data-testid="round-item" aria-label={item.animalName} style={{ height: '100%' }}>
                      <Space direction="vertical" size={8} style={{ width: '100%' }}>
                        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                          <Typography.Text strong style={{ fontSize: 16 }}>
                            {item.logId || queued ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : null} {item.animalName}
                          </Typography.Text>
                          <Space size={2}>
                            {item.logId || queued ? <Tag color="green">{t('basicLog.logged')}</Tag> : <Tag>{t('basicLog.notLogged')}</Tag>}
                            {queued ? <Tag color="gold">{t('roundFeed.unsynced')}</Tag> : null}
                          </Space>
                        </Space>
                        <Space size={4} wrap>
                          <Tag>{t(`basicLog.type.${item.animalType}`)}</Tag>
                          <Tag>{item.speciesName}</Tag>
                          <Tag>{item.cageName}</Tag>
                          {item.animalType === 2 ? <Tag>{t('basicLog.round.heads', { n: item.quantity })}</Tag> : null}
                          {item.health !== '' ? <HealthTag value={item.health} /> : null}
                        </Space>
                        <Space wrap>
                          {queued ? null : item.logId ? (
                            <>
                              <Button size="large" onClick={() => void navigate(`/basiclog/detail/${item.logId}`)}>
                                {t('basicLog.round.view')}
                              </Button>
                              {canEdit ? (
                                <Button
                                  size="large"
                                  onClick={() =>
                                    setTarget({
                                      animalId: item.animalId,
                                      animalName: item.animalName,
                                      day: data.day,
                                      logId: item.logId,
                                      // Queued like a new log, on the version the keeper saw; opens offline from the round's copy.
                                      queue: { base: item.logVersion, target: logTarget(item) },
                                      kept: 'diet' in item.log ? (item.log as RoundLog) : undefined,
                                    })
                                  }
                                >
                                  {t('basicLog.round.edit')}
                                </Button>
                              ) : null}
                            </>
                          ) : canAdd ? (
                            <>
                              <Button size="large" type="primary" icon={<ThunderboltOutlined />} onClick={() => void quick(item)}>
                                {t('basicLog.round.quick')}
                              </Button>
                              <Button
                                size="large"
                                onClick={() =>
                                  setTarget({
                                    animalId: item.animalId,
                                    animalName: item.animalName,
                                    day: data.day,
                                    diet: item.lastDiet.map((d) => ({ ...d })),
                                    queue: { base: item.logVersion, target: logTarget(item) },
                                  })
                                }
                              >
                                {t('basicLog.round.entry')}
                              </Button>
                            </>
                          ) : null}
                          <Button size="large" type="link" onClick={() => void navigate(`/animal/log/${item.animalId}`)}>
                            {t('basicLog.calendar')}
                          </Button>
                        </Space>
                        {/* Sections of the card, each its own component: today's feedings (more may sit beside it). */}
                        <Typography.Text strong>{t('roundFeed.title')}</Typography.Text>
                        <RoundFeedings
                          animalName={item.animalName}
                          day={data.day}
                          feedings={feedings.data?.data.items.find((x) => x.animalId === item.animalId)?.feedings ?? []}
                          queued={queue}
                          canAdd={canAdd}
                        />
                      </Space>
                    </Card>
                  </Col>
                );
              })}
            </Row>
          )}
        </Space>
      ) : null}
      {target ? (
        <Suspense fallback={null}>
          <LogDialog target={target} onClose={() => setTarget(null)} onSaved={refresh} />
        </Suspense>
      ) : null}
    </Spin>
  );
}
