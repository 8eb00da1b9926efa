import { basicLog, basicLogEndpoints, type DataOf } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Progress, Row, Space, Spin, Tag, Typography } from 'antd';
import { CheckCircleTwoTone, ThunderboltOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../crud';
import { toast } from '../../../lib/feedback';
import { call } from '../../../lib/request';
import { useBusy } from '../../../lib/use-busy';
import { LogDialog, type LogTarget } from './log-dialog';
import { HealthTag } from './log-widgets';

type Item = DataOf<typeof basicLogEndpoints.round>['items'][number];

/**
 * 今日巡查: the animals and populations of the cages the user keeps, today's completion, and for each a one-click
 * log (the last diet, all eaten, everything normal) or a full entry. Cards and buttons are sized for a tablet.
 */
export function TodayRound({ onLogged }: { onLogged?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAdd = useCan(basicLog.perms.add);
  const canEdit = useCan(basicLog.perms.edit);
  const round = useQuery({ queryKey: ['basiclog-round'], queryFn: () => call(basicLogEndpoints.round) });
  const [target, setTarget] = useState<LogTarget | null>(null);
  const [busyId, setBusyId] = useState('');
  const [, run] = useBusy();
  const data = round.data;
  const refresh = () => {
    void round.refetch();
    onLogged?.();
  };

  const quick = async (item: Item) => {
    setBusyId(item.animalId);
    const done = await run(() =>
      call(basicLog.endpoints.submit, {
        body: { animalId: item.animalId, logDate: data!.day, diet: item.lastDiet.map((d) => ({ ...d, amount: d.amount === '' ? null : d.amount, intake: 1 })) },
      }),
    );
    setBusyId('');
    if (done) {
      toast.success(t('basicLog.round.saved'));
      refresh();
    }
  };

  return (
    <Spin spinning={round.isFetching && !data}>
      {data ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
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
              {data.items.map((item) => (
                <Col key={item.animalId} xs={24} sm={12} lg={8} xxl={6}>
                  <Card size="small" data-testid="round-item" aria-label={item.animalName} style={{ height: '100%' }}>
                    <Space direction="vertical" size={8} style={{ width: '100%' }}>
                      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                        <Typography.Text strong style={{ fontSize: 16 }}>
                          {item.logId ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : null} {item.animalName}
                        </Typography.Text>
                        {item.logId ? <Tag color="green">{t('basicLog.logged')}</Tag> : <Tag>{t('basicLog.notLogged')}</Tag>}
                      </Space>
                      <Space size={4} wrap>
                        <Tag>{t(`basicLog.type.${item.animalType}`)}</Tag>
                        <Tag>{item.speciesName}</Tag>
                        <Tag>{item.cageName}</Tag>
                        {item.animalType === 2 ? <Tag>{t('basicLog.round.heads', { n: item.quantity })}</Tag> : null}
                        {item.health !== '' ? <HealthTag value={item.health} /> : null}
                      </Space>
                      <Space wrap>
                        {item.logId ? (
                          <>
                            <Button size="large" onClick={() => void navigate(`/basiclog/detail/${item.logId}`)}>
                              {t('basicLog.round.view')}
                            </Button>
                            {canEdit ? (
                              <Button
                                size="large"
                                onClick={() => setTarget({ animalId: item.animalId, animalName: item.animalName, day: data.day, logId: item.logId })}
                              >
                                {t('basicLog.round.edit')}
                              </Button>
                            ) : null}
                          </>
                        ) : canAdd ? (
                          <>
                            <Button
                              size="large"
                              type="primary"
                              icon={<ThunderboltOutlined />}
                              loading={busyId === item.animalId}
                              onClick={() => void quick(item)}
                            >
                              {t('basicLog.round.quick')}
                            </Button>
                            <Button
                              size="large"
                              onClick={() =>
                                setTarget({ animalId: item.animalId, animalName: item.animalName, day: data.day, diet: item.lastDiet.map((d) => ({ ...d })) })
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
                    </Space>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </Space>
      ) : null}
      {target ? <LogDialog target={target} onClose={() => setTarget(null)} onSaved={refresh} /> : null}
    </Spin>
  );
}
